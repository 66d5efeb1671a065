#include "scenes/lander_beacons.hpp"

#include "sim/portable_math.hpp"
#include "sim/scene_services.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <utility>

namespace ticklab::game {

namespace {

// Where each beacon is dropped, from the lander's centre (m), by serial number modulo 4: ahead of
// and below it, where the camera that follows it (80 x 45 m, the lander high in the picture while
// it is high in the world) shows them for their whole life, clear of the HUD, as the lander passes
// them at about 10 m/s and sinks at about 5 m/s.
constexpr std::array<vec2, 4> drop_offsets{{{12.0f, -16.0f}, {24.0f, -22.0f}, {6.0f, -28.0f}, {26.0f, -26.0f}}};

constexpr rgba beacon_colour{255, 159, 28, 255};
constexpr rgba pinged_colour{6, 214, 160, 255};
constexpr rgba waiting_colour{255, 209, 102, 255};  // a ping waiting on a live beacon
constexpr rgba orphan_colour{239, 71, 111, 255};    // a ping waiting on a beacon that is gone
constexpr ticklab::nanoseconds outcome_shown{1'000'000'000};
constexpr float ring_radius = 3.2f;

ticklab::nanoseconds seconds_to_ns(double s) {
    return ticklab::nanoseconds{static_cast<std::int64_t>(std::llround(s * 1e9))};
}

// The part `fraction` (0..1) of a circle, clockwise from the top: a countdown clock face.
void arc(draw_list& out, vec2 centre, float radius, double fraction, rgba colour) {
    constexpr int segments = 40;
    const int shown = static_cast<int>(std::ceil(std::clamp(fraction, 0.0, 1.0) * segments));
    const auto point = [&](int i) {
        const double a = std::numbers::pi / 2.0 - 2.0 * std::numbers::pi * i / segments;
        return vec2{centre.x + radius * static_cast<float>(portable_math::cos(a)),
                    centre.y + radius * static_cast<float>(portable_math::sin(a))};
    };
    for (int i = 0; i < shown; ++i) out.lines.push_back({point(i), point(i + 1), colour});
}

// Lines are one pixel wide: two arcs a little apart read from the back of a room.
void thick_arc(draw_list& out, vec2 centre, float radius, double fraction, rgba colour) {
    arc(out, centre, radius, fraction, colour);
    arc(out, centre, radius + 0.2f, fraction, colour);
}

void cross(draw_list& out, vec2 at, float r, rgba colour) {
    out.lines.push_back({{at.x - r, at.y - r}, {at.x + r, at.y + r}, colour});
    out.lines.push_back({{at.x - r, at.y + r}, {at.x + r, at.y - r}, colour});
}

}  // namespace

void lander_beacons::reset() {
    *this = lander_beacons{};
}

std::size_t lander_beacons::pings_waiting() const noexcept {
    return static_cast<std::size_t>(
        std::count_if(calls_.begin(), calls_.end(), [](const pending_call& c) { return c.kind == call_kind::ping; }));
}

void lander_beacons::start(scene_services& services, std::function<vec2()> near) {
    if (!next_drop_) next_drop_ = services.tasks().now() + first_drop;
    clock_ = services.tasks().now();
    for (const pending_call& call : calls_) post(services, call);
    post_drop(services, std::move(near));
}

void lander_beacons::post_drop(scene_services& services, std::function<vec2()> near) {
    const ticklab::nanoseconds delay = std::max(*next_drop_ - services.tasks().now(), ticklab::nanoseconds{0});
    services.calls().call(
        [this, &services, near = std::move(near)] {
            drop(services, near());
            *next_drop_ += drop_interval;
            post_drop(services, near);
        },
        delay);
}

void lander_beacons::drop(scene_services& services, vec2 near) {
    const ticklab::nanoseconds now = services.tasks().now();
    clock_ = now;
    const std::uint32_t serial = dropped_++;
    const vec2 offset = drop_offsets[serial % drop_offsets.size()];
    const vec2 at{near.x + offset.x, near.y + offset.y};
    const ticklab::nanoseconds burn = burn_times[serial % burn_times.size()];
    const ticklab::object_handle handle =
        registry_.create(beacon{.serial = serial, .at = at, .born = now, .dies = now + burn});
    live_.push_back(handle);
    for (const call_kind kind : {call_kind::ping, call_kind::burn_out}) {
        calls_.push_back({.kind = kind,
                          .target = handle,
                          .serial = serial,
                          .at = at,
                          .due = now + (kind == call_kind::ping ? ping_delay : burn)});
        post(services, calls_.back());
    }
}

void lander_beacons::post(scene_services& services, const pending_call& call) {
    const ticklab::nanoseconds delay = std::max(call.due - services.tasks().now(), ticklab::nanoseconds{0});
    const std::uint32_t serial = call.serial;
    const ticklab::scheduler& clock = services.tasks();
    if (call.kind == call_kind::burn_out) {
        // No target to look up: the burn-out is the beacon's own end, and always comes.
        services.calls().call(
            [this, &clock, target = call.target, serial] {
                clock_ = clock.now();
                registry_.destroy(target);
                std::erase(live_, target);
                finish(serial, call_kind::burn_out);
            },
            delay);
        return;
    }
    // The ping: the target is looked up by handle when due, so a beacon that burnt out first is
    // never pinged, even though its slot now holds another beacon.
    services.calls().call(
        registry_, call.target,
        [this, serial](beacon& b) {
            if (b.serial != serial) ++wrong_target_;
            b.pinged = true;
        },
        delay,
        [this, &clock, serial, at = call.at, index = call.target.index](ticklab::call_status status) {
            clock_ = clock.now();
            if (status == ticklab::call_status::completed) ++completed_;
            if (status == ticklab::call_status::target_gone) {
                ++target_gone_;
                if (std::any_of(live_.begin(), live_.end(), [&](ticklab::object_handle h) { return h.index == index; }))
                    ++gone_slot_reused_;
            }
            if (status != ticklab::call_status::cancelled) {
                outcomes_.push_back({.at = at, .when = clock_, .gone = status == ticklab::call_status::target_gone});
            }
            finish(serial, call_kind::ping);
        });
}

void lander_beacons::finish(std::uint32_t serial, call_kind kind) {
    std::erase_if(calls_, [&](const pending_call& c) { return c.serial == serial && c.kind == kind; });
}

void lander_beacons::advance(double dt_seconds) {
    clock_ += seconds_to_ns(dt_seconds);
    std::erase_if(outcomes_, [&](const outcome& o) { return clock_ - o.when > outcome_shown; });
}

void lander_beacons::draw(draw_list& out) const {
    for (const ticklab::object_handle handle : live_) {
        const beacon* b = registry_.get(handle);
        if (b == nullptr) continue;
        // A flare that shrinks as it burns down: the learner sees which one will be gone first.
        const double life = ticklab::to_seconds(b->dies - b->born);
        const double left = life > 0.0 ? std::clamp(ticklab::to_seconds(b->dies - clock_) / life, 0.0, 1.0) : 0.0;
        const float r = 0.5f + 0.9f * static_cast<float>(left);
        const rgba fill = b->pinged ? pinged_colour : beacon_colour;
        const vec2 c = b->at;
        out.triangles.push_back({{c.x - r, c.y}, {c.x + r, c.y}, {c.x, c.y + r * 1.4f}, fill});
        out.triangles.push_back({{c.x - r, c.y}, {c.x, c.y - r * 1.4f}, {c.x + r, c.y}, fill});
    }
    // Each waiting ping as a clock face on its target that runs down to its due time: yellow on a
    // live beacon, red where its beacon was once that beacon has burnt out.
    for (const pending_call& call : calls_) {
        if (call.kind != call_kind::ping) continue;
        const double left = ticklab::to_seconds(call.due - clock_) / ticklab::to_seconds(ping_delay);
        const beacon* target = registry_.get(call.target);
        if (target != nullptr) {
            thick_arc(out, target->at, ring_radius, left, waiting_colour);
        } else {
            thick_arc(out, call.at, ring_radius, left, orphan_colour);
            cross(out, call.at, 0.6f, orphan_colour);
        }
    }
    // What happened when each ping came due, for a second: a green ring that widens (done) or a
    // large red cross (its target was gone; nothing was pinged).
    for (const outcome& o : outcomes_) {
        const double age = std::clamp(ticklab::to_seconds(clock_ - o.when), 0.0, 1.0);
        if (o.gone) {
            cross(out, o.at, 1.8f, orphan_colour);
            cross(out, {o.at.x + 0.2f, o.at.y}, 1.8f, orphan_colour);
        } else {
            thick_arc(out, o.at, ring_radius + 2.0f * static_cast<float>(age), 1.0, pinged_colour);
        }
    }
}

void lander_beacons::hash(state_hasher& h) const {
    h.add(dropped_);
    h.add(completed_);
    h.add(target_gone_);
    h.add(wrong_target_);
    h.add(gone_slot_reused_);
    for (const ticklab::object_handle handle : live_) {
        h.add(handle.index);
        h.add(handle.generation);
        if (const beacon* b = registry_.get(handle)) {
            h.add(b->serial);
            h.add(b->at.x);
            h.add(b->at.y);
            h.add(b->pinged);
        }
    }
    for (const pending_call& c : calls_) {
        h.add(static_cast<std::uint64_t>(c.kind));
        h.add(c.serial);
        h.add(static_cast<std::uint64_t>(c.due.count() - (next_drop_ ? next_drop_->count() : 0)));
    }
}

}  // namespace ticklab::game

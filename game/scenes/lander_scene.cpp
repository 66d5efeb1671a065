#include "scenes/lander_scene.hpp"

#include "sim/portable_math.hpp"
#include "sim/scene_services.hpp"
#include "sim/scene_snapshot.hpp"
#include "sim/state_hasher.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>
#include <utility>

namespace ticklab::game {

std::string_view to_string(lander_state state) {
    switch (state) {
        case lander_state::flying:
            return "flying";
        case lander_state::landed:
            return "landed";
        case lander_state::crashed:
            return "crashed";
    }
    return "flying";
}

lander_scene::lander_scene(const scene_options& options) {
    reset(options);
}

void lander_scene::reset(const scene_options& options) {
    options_ = options;
    autopilot_ = options.autopilot;
    rng_ = random_source{options.seed};
    terrain_.generate(rng_, width);
    body_ = lander_body{};
    body_.x = rng_.uniform(18.0, 40.0);
    body_.y = rng_.uniform(112.0, 122.0);
    body_.vx = rng_.uniform(4.0, 12.0);
    body_.vy = rng_.uniform(-3.0, 0.0);
    body_.fuel = lander_physics::full_fuel;
    previous_ = body_;
    touchdown_ = lander_body{};
    state_ = lander_state::flying;
    thrusting_ = false;
    ticks_ = 0;
    trail_count_ = 0;
    trail_next_ = 0;
    flight_s_ = 0.0;
    beacons_.reset();
    pings_from_ = {};
    remember_position();
    second_ = ship{};
    if (two_ships()) {
        // Beside the first ship and a little above or below it, so both start in one view; drawn
        // after every single-player draw, so one ship's start is what it always was.
        second_.body = body_;
        second_.body.x += rng_.uniform(12.0, 18.0);
        second_.body.y += rng_.uniform(-4.0, 4.0);
        second_.body.vx = rng_.uniform(4.0, 12.0);
        second_.previous = second_.body;
    }
}

void lander_scene::restart_counters() {
    pings_from_ = {.completed = beacons_.completed(),
                   .target_gone = beacons_.target_gone(),
                   .gone_slot_reused = beacons_.gone_slot_reused(),
                   .wrong_target = beacons_.wrong_target()};
}

lander_scene::ping_counts lander_scene::pings_shown() const noexcept {
    return {.completed = beacons_.completed() - pings_from_.completed,
            .target_gone = beacons_.target_gone() - pings_from_.target_gone,
            .gone_slot_reused = beacons_.gone_slot_reused() - pings_from_.gone_slot_reused,
            .wrong_target = beacons_.wrong_target() - pings_from_.wrong_target};
}

void lander_scene::start_scripts(scene_services& services) {
    if (!options_.beacons) return;
    beacons_.start(services, [this] { return vec2{static_cast<float>(body_.x), static_cast<float>(body_.y)}; });
}

void lander_scene::remember_position() noexcept {
    trail_[trail_next_] = {static_cast<float>(body_.x), static_cast<float>(body_.y)};
    trail_next_ = (trail_next_ + 1) % trail_length;
    trail_count_ = std::min(trail_count_ + 1, trail_length);
}

lander_controls lander_scene::controls_for(const tick_input& input, std::size_t player, const lander_body& body) const {
    if (autopilot_) return autopilot(body, terrain_);
    // One ship: whoever holds a control. Two: each ship its own player's.
    const auto held = [&](action a) { return two_ships() ? input.is_held_by(player, a) : input.is_held(a); };
    return {.thrust = held(action::thrust),
            .rotate_left = held(action::rotate_left),
            .rotate_right = held(action::rotate_right)};
}

void lander_scene::tick(const tick_input& input, double dt_seconds) {
    previous_ = body_;
    ++ticks_;
    const double dt = std::clamp(std::isfinite(dt_seconds) ? dt_seconds : 0.0, 0.0, 1.0);
    if (options_.beacons) beacons_.advance(dt);
    if (two_ships()) {
        second_.previous = second_.body;
        if (second_.state == lander_state::flying) {
            fly(second_.body, second_.thrusting, controls_for(input, 1, second_.body), dt);
            judge_contact(second_.body, second_.touchdown, second_.state);
        } else {
            second_.thrusting = false;
        }
    }
    if (state_ != lander_state::flying) {
        thrusting_ = false;
        return;
    }
    fly(body_, thrusting_, controls_for(input, 0, body_), dt);
    flight_s_ += dt;
    judge_contact(body_, touchdown_, state_);
    remember_position();
}

void lander_scene::fly(lander_body& b, bool& thrusting, const lander_controls& controls, double dt) {
    using p = lander_physics;
    // The burn lasts the whole tick, or until the fuel runs out within it.
    const double burn = controls.thrust ? std::min(dt, b.fuel) : 0.0;
    thrusting = burn > 0.0;
    b.fuel = std::max(0.0, b.fuel - burn);
    // Accelerations are constant within a tick (the controls hold for the whole tick), and the
    // motion is integrated exactly for that: the physics is right at any tick rate, so what goes
    // wrong at 5 Hz is the controller's, not the integrator's. The engine pushes along the
    // attitude at the start of the tick.
    const double spin_accel =
        (controls.rotate_left ? p::spin_rate : 0.0) - (controls.rotate_right ? p::spin_rate : 0.0);
    const double ax = -portable_math::sin(b.angle) * p::thrust * (burn / std::max(dt, 1e-12));
    const double ay = portable_math::cos(b.angle) * p::thrust * (burn / std::max(dt, 1e-12)) - p::gravity;
    const double spin = std::clamp(b.spin + spin_accel * dt, -p::max_spin, p::max_spin);
    b.angle = std::remainder(b.angle + 0.5 * (b.spin + spin) * dt, 2.0 * std::numbers::pi);
    b.spin = spin;
    b.x += b.vx * dt + 0.5 * ax * dt * dt;
    b.y += b.vy * dt + 0.5 * ay * dt * dt;
    b.vx += ax * dt;
    b.vy += ay * dt;
}

void lander_scene::judge_contact(lander_body& b, lander_body& touchdown, lander_state& state) const {
    using p = lander_physics;
    if (b.x < 0.0 || b.x > width) {
        touchdown = b;
        state = lander_state::crashed;
        b.x = std::clamp(b.x, 0.0, width);
    }
    // The feet, in the world.
    const double c = portable_math::cos(b.angle);
    const double s = portable_math::sin(b.angle);
    double deepest = 0.0;  // how far the lowest point is below the ground, m
    for (const double side : {-1.0, 1.0}) {
        const double fx = b.x + side * p::foot_spread * c + p::foot_drop * s;
        const double fy = b.y + side * p::foot_spread * s - p::foot_drop * c;
        deepest = std::max(deepest, terrain_.height_at(fx) - fy);
    }
    if (deepest <= 0.0 || state != lander_state::flying) return;
    touchdown = b;
    const double left_foot = b.x - p::foot_spread;
    const double right_foot = b.x + p::foot_spread;
    const bool on_pad = left_foot >= terrain_.pad_left() && right_foot <= terrain_.pad_right();
    const bool gentle = std::abs(b.vy) <= p::max_landing_vy && std::abs(b.vx) <= p::max_landing_vx &&
                        std::abs(b.angle) <= p::max_landing_angle;
    state = on_pad && gentle ? lander_state::landed : lander_state::crashed;
    // Rest on the surface rather than inside it.
    b.y += deepest;
    b.vx = 0.0;
    b.vy = 0.0;
    b.spin = 0.0;
}

std::string lander_scene::crash_reason() const {
    using p = lander_physics;
    if (state_ != lander_state::crashed) return {};
    const lander_body& t = touchdown_;
    if (t.x < 0.0 || t.x > width) return "flew out of the world sideways";
    std::string out;
    char part[96];
    const auto add = [&](const char* text) {
        if (!out.empty()) out += "; ";
        out += text;
    };
    if (std::abs(t.vy) > p::max_landing_vy) {
        std::snprintf(part, sizeof part, "vertical speed %.1f m/s over a limit of %.1f", std::abs(t.vy),
                      p::max_landing_vy);
        add(part);
    }
    if (std::abs(t.vx) > p::max_landing_vx) {
        std::snprintf(part, sizeof part, "horizontal speed %.1f m/s over a limit of %.1f", std::abs(t.vx),
                      p::max_landing_vx);
        add(part);
    }
    if (std::abs(t.angle) > p::max_landing_angle) {
        constexpr double deg = 180.0 / std::numbers::pi;
        std::snprintf(part, sizeof part, "tilt %.0f deg over a limit of %.0f", std::abs(t.angle) * deg,
                      p::max_landing_angle * deg);
        add(part);
    }
    if (t.x - p::foot_spread < terrain_.pad_left() || t.x + p::foot_spread > terrain_.pad_right()) add("off the pad");
    return out;
}

double lander_scene::altitude() const noexcept {
    const double foot_y = body_.y - lander_physics::foot_drop * portable_math::cos(body_.angle);
    return std::max(0.0, foot_y - terrain_.height_at(body_.x));
}

void lander_scene::write_options(scene_options& options) const {
    options.autopilot = autopilot_;
}

void lander_scene::report_fields(std::vector<report_field>& out) const {
    std::string value{'"'};
    value.append(to_string(state_));
    value.push_back('"');
    out.push_back({"lander_state", std::move(value)});
    const std::string reason = crash_reason();
    out.push_back({"crash_reason", reason.empty() ? "null" : "\"" + reason + "\""});
    if (state_ != lander_state::flying) {
        const auto number = [](double value) {
            char text[32];
            std::snprintf(text, sizeof text, "%.3f", value);
            return std::string{text};
        };
        out.push_back({"touchdown_s", number(flight_s_)});
        out.push_back({"touchdown_vy", number(touchdown_.vy)});
        out.push_back({"touchdown_vx", number(touchdown_.vx)});
    }
    if (options_.beacons) {
        out.push_back({"beacons_dropped", std::to_string(beacons_.dropped())});
        out.push_back({"calls_completed", std::to_string(beacons_.completed())});
        out.push_back({"calls_target_gone", std::to_string(beacons_.target_gone())});
        out.push_back({"calls_gone_slot_reused", std::to_string(beacons_.gone_slot_reused())});
        out.push_back({"calls_wrong_target", std::to_string(beacons_.wrong_target())});
    }
}

double lander_scene::divergence(const scene& other) const {
    const auto* ghost = dynamic_cast<const lander_scene*>(&other);
    if (ghost == nullptr) return std::numeric_limits<double>::quiet_NaN();
    return portable_math::hypot(body_.x - ghost->body_.x, body_.y - ghost->body_.y);
}

std::uint64_t lander_scene::state_hash() const {
    state_hasher h;
    h.add(rng_.state());
    h.add(ticks_);
    h.add(static_cast<std::uint64_t>(state_));
    h.add(autopilot_);
    h.add(thrusting_);
    for (const lander_body* b : {&body_, &previous_, &touchdown_}) {
        for (const double v : {b->x, b->y, b->vx, b->vy, b->angle, b->spin, b->fuel}) h.add(v);
    }
    h.add(static_cast<std::uint64_t>(terrain_.pad_first()));
    for (const double v : terrain_.heights()) h.add(v);
    if (options_.beacons) beacons_.hash(h);  // off: the hash is what it was before beacons
    if (two_ships()) {                       // one ship: the hash is what it was before the second
        h.add(static_cast<std::uint64_t>(second_.state));
        h.add(second_.thrusting);
        for (const lander_body* b : {&second_.body, &second_.previous, &second_.touchdown}) {
            for (const double v : {b->x, b->y, b->vx, b->vy, b->angle, b->spin, b->fuel}) h.add(v);
        }
    }
    return h.value();
}

void lander_scene::state_fields(state_field_list& out) const {
    out.add("rng", rng_.state());
    out.add("ticks", ticks_);
    out.add("state", static_cast<std::uint64_t>(state_));
    out.add("autopilot", autopilot_);
    out.add("thrusting", thrusting_);
    const auto body = [&out](const std::string& name, const lander_body& b) {
        const std::pair<const char*, double> members[] = {
            {"x", b.x}, {"y", b.y}, {"vx", b.vx}, {"vy", b.vy}, {"angle", b.angle}, {"spin", b.spin}, {"fuel", b.fuel}};
        for (const auto& [member, value] : members) out.add(name + "." + member, value);
    };
    body("ship", body_);
    body("ship.previous", previous_);
    body("ship.touchdown", touchdown_);
    out.add("terrain.pad_first", static_cast<std::uint64_t>(terrain_.pad_first()));
    const auto heights = terrain_.heights();
    for (std::size_t i = 0; i < heights.size(); ++i) out.add("terrain.heights[" + std::to_string(i) + "]", heights[i]);
    if (options_.beacons) {
        // The beacons as one field: their hash (their registry's slots have no names of their own).
        state_hasher h;
        beacons_.hash(h);
        out.add("beacons", h.value());
    }
    if (two_ships()) {
        out.add("ship2.state", static_cast<std::uint64_t>(second_.state));
        out.add("ship2.thrusting", second_.thrusting);
        body("ship2", second_.body);
        body("ship2.previous", second_.previous);
        body("ship2.touchdown", second_.touchdown);
    }
}

void lander_scene::save(std::unique_ptr<scene_snapshot>& slot) const {
    save_copy(*this, slot);
}

void lander_scene::restore(const scene_snapshot& snapshot) {
    restore_copy(*this, snapshot, "lander");
}

}  // namespace ticklab::game

#include "scenes/orbits_scene.hpp"

#include "sim/portable_math.hpp"
#include "sim/scene_snapshot.hpp"
#include "sim/state_hasher.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>

namespace ticklab::game {

namespace {

std::string number(double value) {
    if (!std::isfinite(value)) return "null";
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", value);
    return text;
}

}  // namespace

orbits_scene::orbits_scene(const scene_options& options) {
    reset(options);
}

void orbits_scene::reset(const scene_options& options) {
    options_ = options;
    rng_ = random_source{options.seed};
    constexpr double a = semi_major_axis;
    // Kepler's third law for a period of period_s; at these distances the softening lengthens it
    // by under 0.1% (Verlet at 120 Hz measures 4.002 s).
    gravity_ = orbit_gravity{.mu = 4.0 * std::numbers::pi * std::numbers::pi * a * a * a / (period_s * period_s),
                             .softening = 0.25};
    // Start at the far end of the ellipse (apoapsis), moving counter-clockwise.
    const double turn = rng_.uniform(0.0, 2.0 * std::numbers::pi);
    const double r = a * (1.0 + eccentricity);
    const double v = std::sqrt(gravity_.mu * (2.0 / r - 1.0 / a));
    orbit_body start{.x = r * portable_math::cos(turn),
                     .y = r * portable_math::sin(turn),
                     .vx = -v * portable_math::sin(turn),
                     .vy = v * portable_math::cos(turn)};
    gravity_.pull(start);
    bodies_.fill(start);
    previous_ = bodies_;
    start_energy_ = gravity_.energy(start);
    largest_drift_pct_.fill(0.0);
    turns_.fill(turn_count{});
    ticks_ = 0;
    seconds_ = 0.0;
    trail_next_ = 0;
    trail_count_ = 0;
    sample_next_ = 0;
    sample_count_ = 0;
    next_sample_s_ = 0.0;
    remember();
}

double orbits_scene::energy_drift_pct(std::size_t i) const noexcept {
    return 100.0 * (gravity_.energy(bodies_[i]) - start_energy_) / std::abs(start_energy_);
}

double orbits_scene::sun_distance(std::size_t i) const noexcept {
    return portable_math::hypot(bodies_[i].x, bodies_[i].y);
}

void orbits_scene::remember() noexcept {
    for (std::size_t i = 0; i < bodies; ++i) {
        trails_[i][trail_next_] = {static_cast<float>(sun_x + bodies_[i].x), static_cast<float>(sun_y + bodies_[i].y)};
    }
    trail_next_ = (trail_next_ + 1) % trail_length;
    trail_count_ = std::min(trail_count_ + 1, trail_length);
    // A sample is due at every multiple of plot_sample_s; the slack absorbs the rounding of a sum
    // of tick lengths (ten 0.1 s ticks add up to 0.9999999999999999 s).
    if (seconds_ + 1e-9 < next_sample_s_) return;
    energy_sample& s = samples_[sample_next_];
    s.seconds = seconds_;
    for (std::size_t i = 0; i < bodies; ++i) s.drift_pct[i] = static_cast<float>(energy_drift_pct(i));
    sample_next_ = (sample_next_ + 1) % plot_samples;
    sample_count_ = std::min(sample_count_ + 1, plot_samples);
    while (next_sample_s_ <= seconds_ + 1e-9) next_sample_s_ += plot_sample_s;
}

void orbits_scene::count_turns(const std::array<orbit_body, bodies>& before, double dt) noexcept {
    constexpr double full = 2.0 * std::numbers::pi;
    for (std::size_t i = 0; i < bodies; ++i) {
        const orbit_body& p = before[i];
        const orbit_body& b = bodies_[i];
        turn_count& t = turns_[i];
        const double swept = portable_math::atan2(p.x * b.y - p.y * b.x, p.x * b.x + p.y * b.y);
        const double from = t.swept;
        t.swept += swept;
        // Where within the tick the planet crossed its start direction again, by the angle swept.
        while (swept > 0.0 && t.swept >= full * static_cast<double>(t.turns + 1)) {
            ++t.turns;
            const double at = seconds_ - dt + dt * (full * static_cast<double>(t.turns) - from) / swept;
            t.period_s = at - t.last_turn_s;
            t.last_turn_s = at;
        }
    }
}

void orbits_scene::tick(const tick_input& input, double dt_seconds) {
    static_cast<void>(input);
    previous_ = bodies_;
    ++ticks_;
    const double dt = std::clamp(std::isfinite(dt_seconds) ? dt_seconds : 0.0, 0.0, 1.0);
    if (dt == 0.0) return;
    for (std::size_t i = 0; i < bodies; ++i) step(integrators[i], bodies_[i], gravity_, dt);
    seconds_ += dt;
    for (std::size_t i = 0; i < bodies; ++i) {
        largest_drift_pct_[i] = std::max(largest_drift_pct_[i], std::abs(energy_drift_pct(i)));
    }
    count_turns(previous_, dt);
    remember();
}

void orbits_scene::report_fields(std::vector<report_field>& out) const {
    for (std::size_t i = 0; i < bodies; ++i) {
        const std::string key{key_of(integrators[i])};
        out.push_back({"energy_drift_pct_" + key, number(energy_drift_pct(i))});
        out.push_back({"largest_drift_pct_" + key, number(largest_drift_pct_[i])});
        out.push_back({"sun_distance_" + key, number(sun_distance(i))});
    }
}

double orbits_scene::divergence(const scene& other) const {
    const auto* ghost = dynamic_cast<const orbits_scene*>(&other);
    if (ghost == nullptr) return std::numeric_limits<double>::quiet_NaN();
    double sum = 0.0;
    for (std::size_t i = 0; i < bodies; ++i) {
        sum += portable_math::hypot(bodies_[i].x - ghost->bodies_[i].x, bodies_[i].y - ghost->bodies_[i].y);
    }
    return sum / static_cast<double>(bodies);
}

std::uint64_t orbits_scene::state_hash() const {
    state_hasher h;
    h.add(rng_.state());
    h.add(ticks_);
    h.add(seconds_);
    h.add(start_energy_);
    h.add(gravity_.mu);
    h.add(gravity_.softening);
    for (const auto* set : {&bodies_, &previous_}) {
        for (const orbit_body& b : *set) {
            for (const double v : {b.x, b.y, b.vx, b.vy, b.ax, b.ay}) h.add(v);
        }
    }
    for (std::size_t i = 0; i < bodies; ++i) {
        h.add(largest_drift_pct_[i]);
        h.add(turns_[i].swept);
        h.add(turns_[i].turns);
        h.add(turns_[i].last_turn_s);
        h.add(turns_[i].period_s);
    }
    h.add(static_cast<std::uint64_t>(trail_count_));
    for (std::size_t i = 0; i < trail_count_; ++i) {
        for (std::size_t b = 0; b < bodies; ++b) {
            const vec2 p = trail_point(b, i);
            h.add(p.x);
            h.add(p.y);
        }
    }
    h.add(static_cast<std::uint64_t>(sample_count_));
    for (std::size_t i = 0; i < sample_count_; ++i) {
        const energy_sample& s = sample(i);
        h.add(s.seconds);
        for (const float d : s.drift_pct) h.add(d);
    }
    h.add(next_sample_s_);
    return h.value();
}

void orbits_scene::state_fields(state_field_list& out) const {
    out.add("rng", rng_.state());
    out.add("ticks", ticks_);
    out.add("seconds", seconds_);
    out.add("start_energy", start_energy_);
    out.add("gravity.mu", gravity_.mu);
    out.add("gravity.softening", gravity_.softening);
    for (const auto& [set_name, set] : {std::pair{"bodies", &bodies_}, std::pair{"previous", &previous_}}) {
        for (std::size_t i = 0; i < set->size(); ++i) {
            const orbit_body& b = (*set)[i];
            const std::string name = std::string{set_name} + "[" + std::to_string(i) + "].";
            const std::pair<const char*, double> members[] = {{"x", b.x},   {"y", b.y},   {"vx", b.vx},
                                                              {"vy", b.vy}, {"ax", b.ax}, {"ay", b.ay}};
            for (const auto& [member, value] : members) out.add(name + member, value);
        }
    }
    for (std::size_t i = 0; i < bodies; ++i) {
        const std::string name = "bodies[" + std::to_string(i) + "].";
        out.add(name + "largest_drift_pct", largest_drift_pct_[i]);
        out.add(name + "turns.swept", turns_[i].swept);
        out.add(name + "turns.turns", turns_[i].turns);
        out.add(name + "turns.last_turn_s", turns_[i].last_turn_s);
        out.add(name + "turns.period_s", turns_[i].period_s);
    }
    out.add("trail.count", static_cast<std::uint64_t>(trail_count_));
    for (std::size_t i = 0; i < trail_count_; ++i) {
        for (std::size_t b = 0; b < bodies; ++b) {
            const vec2 p = trail_point(b, i);
            const std::string name = "trail[" + std::to_string(i) + "][" + std::to_string(b) + "].";
            out.add(name + "x", p.x);
            out.add(name + "y", p.y);
        }
    }
    out.add("samples.count", static_cast<std::uint64_t>(sample_count_));
    for (std::size_t i = 0; i < sample_count_; ++i) {
        const energy_sample& s = sample(i);
        const std::string name = "samples[" + std::to_string(i) + "].";
        out.add(name + "seconds", s.seconds);
        for (std::size_t b = 0; b < bodies; ++b) out.add(name + "drift_pct[" + std::to_string(b) + "]", s.drift_pct[b]);
    }
    out.add("next_sample_s", next_sample_s_);
}

void orbits_scene::save(std::unique_ptr<scene_snapshot>& slot) const {
    save_copy(*this, slot);
}

void orbits_scene::restore(const scene_snapshot& snapshot) {
    restore_copy(*this, snapshot, "orbits");
}

}  // namespace ticklab::game

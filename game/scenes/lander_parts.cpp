// The lander's controls, readouts and HUD figures by name (lander_section_controls, lander_figures).
#include "scenes/lander_scene.hpp"

#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>

namespace ticklab::game {

namespace {

// The lander's vertical (fall) or horizontal (drift) speed against its landing limit. Once down,
// the speeds at touchdown (the body rests at 0 m/s) after the verdict, "crashed: fall 5.3 / 2.5",
// without the unit: the line stays about as wide as in flight. Upwards is "rise", which no limit
// applies to.
scene_text speed_line(const lander_scene& lander, bool vertical) {
    using limits = lander_physics;
    const bool down = lander.state() != lander_state::flying;
    const lander_body& body = down ? lander.touchdown() : lander.body();
    const std::string verdict = down ? std::string{to_string(lander.state())} + ": " : std::string{};
    const char* unit = down ? "" : " m/s";
    char text[160];
    if (vertical && body.vy > 0.0) {
        std::snprintf(text, sizeof text, "%srise %.1f%s", verdict.c_str(), body.vy, unit);
        return {text};
    }
    const double speed = std::abs(vertical ? body.vy : body.vx);
    const double limit = vertical ? limits::max_landing_vy : limits::max_landing_vx;
    std::snprintf(text, sizeof text, "%s%s %.1f / %.1f%s", verdict.c_str(), vertical ? "fall" : "drift", speed, limit,
                  unit);
    return {text, speed > limit};
}

}  // namespace

double lander_scene::control_value(std::string_view name) const {
    if (name == "autopilot") return autopilot_ ? 1.0 : 0.0;
    throw unknown_control(name, lander_section_controls);
}

void lander_scene::set_control(std::string_view name, double value) {
    if (name != "autopilot") throw unknown_control(name, lander_section_controls);
    set_autopilot(value != 0.0);
}

scene_text lander_scene::readout(std::string_view name) const {
    if (state_ == lander_state::flying) return {};
    char text[160];
    if (name == "touchdown") {
        std::snprintf(text, sizeof text, "touchdown: vy %+.2f m/s, vx %+.2f m/s, angle %+.1f deg", touchdown_.vy,
                      touchdown_.vx, touchdown_.angle * 180.0 / std::numbers::pi);
        return {text};
    }
    if (name == "crash" && state_ == lander_state::crashed) return {"crash: " + crash_reason(), true};
    return {};
}

scene_text lander_scene::figure(std::string_view name) const {
    if (name == "lander_fall" || name == "lander_drift") return speed_line(*this, name == "lander_fall");
    const bool calls = name == "calls_completed" || name == "calls_target_gone" || name == "calls_wrong_target";
    if (!calls) return {};
    if (!options_.beacons) return {"calls -"};
    const ping_counts b = pings_shown();
    char text[96];
    if (name == "calls_completed") {
        std::snprintf(text, sizeof text, "pings done %u", b.completed);
        return {text};
    }
    if (name == "calls_target_gone") {
        std::snprintf(text, sizeof text, "target gone %u (reused %u)", b.target_gone, b.gone_slot_reused);
        return {text};
    }
    std::snprintf(text, sizeof text, "wrong target %u", b.wrong_target);
    return {text, b.wrong_target > 0};
}

}  // namespace ticklab::game

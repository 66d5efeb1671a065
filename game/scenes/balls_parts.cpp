// The balls scene's controls and HUD figure by name (balls_section_controls, balls_figures): what the
// panel shows and sets, and the wall's counts.
#include "scenes/balls_scene.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace ticklab::game {

double balls_scene::control_value(std::string_view name) const {
    if (name == "gravity") return config_.gravity_on ? 1.0 : 0.0;
    if (name == "gravity_strength") return config_.gravity;
    if (name == "restitution") return config_.restitution;
    if (name == "sleeping") return config_.sleeping ? 1.0 : 0.0;
    if (name == "show_sleeping") return config_.show_sleeping ? 1.0 : 0.0;
    if (name == "balls") return options_.balls;
    if (name == "radius_min") return config_.radius_min;
    if (name == "radius_max") return config_.radius_max;
    throw unknown_control(name, balls_section_controls);
}

void balls_scene::set_control(std::string_view name, double value) {
    // One field of the config changed; set_config clamps it and wakes the balls only for a change
    // that alters their motion.
    balls_config c = config_;
    if (name == "gravity") {
        c.gravity_on = value != 0.0;
    } else if (name == "gravity_strength") {
        c.gravity = value;
    } else if (name == "restitution") {
        c.restitution = value;
    } else if (name == "sleeping") {
        c.sleeping = value != 0.0;
    } else if (name == "show_sleeping") {
        c.show_sleeping = value != 0.0;
    } else if (name == "radius_min") {
        c.radius_min = value;
    } else if (name == "radius_max") {
        c.radius_max = value;
    } else if (name == "balls") {
        throw std::invalid_argument{"scene setting 'balls' is applied on reset: reset the scene with it"};
    } else {
        throw unknown_control(name, balls_section_controls);
    }
    set_config(c);
}

void balls_scene::set_option(scene_options& options, std::string_view name, double value) const {
    if (name != "balls") throw unknown_control(name, balls_section_controls);
    options.balls = std::isfinite(value)
                        ? static_cast<std::uint32_t>(std::clamp(std::round(value), 0.0, static_cast<double>(max_balls)))
                        : options_.balls;
}

scene_text balls_scene::figure(std::string_view name) const {
    if (name != "wall") return {};
    if (!wall_on()) return {"no wall"};
    // Since the lesson's figures last restarted (B from 10 to 120 Hz starts them at 0).
    char text[96];
    std::snprintf(text, sizeof text, "through %llu / bounced %llu",
                  static_cast<unsigned long long>(through_wall_shown()),
                  static_cast<unsigned long long>(off_wall_shown()));
    return {text, through_wall_shown() > 0};
}

}  // namespace ticklab::game

// The balls scene as the player sees it: drawing and HUD lines (its panel section is
// app/panel/balls_section.cpp).
#include "scenes/balls_palette.hpp"
#include "scenes/balls_scene.hpp"

#include <algorithm>
#include <cstdio>

namespace ticklab::game {

namespace {
constexpr rgba sleeping_colour{96, 104, 124, 255};  // grey-blue, unlike any palette colour
// The thin wall: see-through, because triangles are drawn over the balls and a ball caught inside
// the wall between two ticks is the point of the picture.
constexpr rgba wall_fill{226, 200, 150, 110};
constexpr rgba wall_edge{240, 222, 180, 255};
}  // namespace

void balls_scene::draw(draw_list& out, double alpha) const {
    const double a = std::clamp(alpha, 0.0, 2.0);  // above 1: extrapolated (see scene::draw)
    out.world_size = {static_cast<float>(config_.width), static_cast<float>(config_.height)};
    const rgba frame{70, 78, 104, 255};
    const float w = out.world_size.x;
    const float h = out.world_size.y;
    out.lines.push_back({{0.0f, 0.0f}, {w, 0.0f}, frame});
    out.lines.push_back({{w, 0.0f}, {w, h}, frame});
    out.lines.push_back({{w, h}, {0.0f, h}, frame});
    out.lines.push_back({{0.0f, h}, {0.0f, 0.0f}, frame});
    if (options_.wall) {
        const auto left = static_cast<float>(wall_x() - 0.5 * wall_thickness);
        const auto right = static_cast<float>(wall_x() + 0.5 * wall_thickness);
        out.triangles.push_back({{left, 0.0f}, {right, 0.0f}, {right, h}, wall_fill});
        out.triangles.push_back({{left, 0.0f}, {right, h}, {left, h}, wall_fill});
        out.lines.push_back({{left, 0.0f}, {left, h}, wall_edge});
        out.lines.push_back({{right, 0.0f}, {right, h}, wall_edge});
    }
    out.circles.reserve(out.circles.size() + x_.size());
    if (options_.wall) {
        // A ball on the other side of the wall than a tick ago passed through it in its last tick
        // (a contact would have pushed it back): its unseen path, from where the last tick saw it
        // to where this one does, drawn as a line for as long as that tick is shown.
        const double centre = wall_x();
        for (std::size_t i = 0; i < x_.size(); ++i) {
            if ((prev_x_[i] < centre) == (x_[i] < centre)) continue;
            out.lines.push_back({{static_cast<float>(prev_x_[i]), static_cast<float>(prev_y_[i])},
                                 {static_cast<float>(x_[i]), static_cast<float>(y_[i])},
                                 balls_palette[colour_[i] % balls_palette_size]});
        }
    }
    for (std::size_t i = 0; i < x_.size(); ++i) {
        const double x = prev_x_[i] + (x_[i] - prev_x_[i]) * a;
        const double y = prev_y_[i] + (y_[i] - prev_y_[i]) * a;
        const bool grey = config_.show_sleeping && asleep_[i];
        out.circles.push_back({{static_cast<float>(x), static_cast<float>(y)},
                               static_cast<float>(radius_[i]),
                               grey ? sleeping_colour : balls_palette[colour_[i] % balls_palette_size]});
    }
}

void balls_scene::hud_lines(std::vector<std::string>& out) const {
    char line[96];
    std::snprintf(line, sizeof line, "balls: %zu", x_.size());
    out.emplace_back(line);
    if (config_.gravity_on) {
        std::snprintf(line, sizeof line, "gravity: on, %.1f units/s^2", config_.gravity);
    } else {
        std::snprintf(line, sizeof line, "gravity: off");
    }
    out.emplace_back(line);
    std::snprintf(line, sizeof line, "restitution: %.2f", config_.restitution);
    out.emplace_back(line);
    if (options_.wall) {
        std::snprintf(line, sizeof line, "wall %.0f thick: through %llu, bounced %llu", wall_thickness,
                      static_cast<unsigned long long>(through_wall_shown()),
                      static_cast<unsigned long long>(off_wall_shown()));
        out.emplace_back(line);
    }
    if (config_.gravity_on && config_.sleeping) {
        std::snprintf(line, sizeof line, "asleep: %zu (at rest, skipped by the tick)", sleeping_);
        out.emplace_back(line);
    }
}

}  // namespace ticklab::game

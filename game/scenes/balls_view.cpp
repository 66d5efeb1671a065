// The balls scene as the player sees it: drawing and HUD lines (its panel section is
// app/panel/balls_section.cpp).
#include "scenes/balls_palette.hpp"
#include "scenes/balls_scene.hpp"
#include "scenes/player_colours.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <numbers>
#include <vector>

namespace ticklab::game {

namespace {
constexpr rgba sleeping_colour{96, 104, 124, 255};  // grey-blue, unlike any palette colour
// The thin wall: see-through, because triangles are drawn over the balls and a ball caught inside
// the wall between two ticks is the point of the picture.
constexpr rgba wall_fill{226, 200, 150, 110};
constexpr rgba wall_edge{240, 222, 180, 255};
// How long a player's last push stays drawn, in ticks (a second at 60 Hz), fading out.
constexpr std::uint64_t push_shown_ticks = 60;

// The marks that stay where a brief event happened: strokes as triangles (a line is a pixel or two
// wide: too thin for the back of a room), sized from the box's smaller side so they read at any box
// width.
constexpr rgba mark_colour = balls_mark_colour;
constexpr double mark_radius = 0.08;  // of the box's smaller side: 7.2 units in the 160 x 90 box
constexpr double mark_stroke = 0.01;

void stroke(vec2 from, vec2 to, float width, rgba colour, draw_list& out) {
    const float dx = to.x - from.x;
    const float dy = to.y - from.y;
    const float length = std::hypot(dx, dy);
    if (!(length > 0.0f) || !std::isfinite(length)) return;
    const float nx = -dy / length * 0.5f * width;
    const float ny = dx / length * 0.5f * width;
    const vec2 a{from.x + nx, from.y + ny};
    const vec2 b{from.x - nx, from.y - ny};
    const vec2 c{to.x - nx, to.y - ny};
    const vec2 d{to.x + nx, to.y + ny};
    out.triangles.push_back({a, b, c, colour});
    out.triangles.push_back({a, c, d, colour});
}

// A thick ring: a band of triangles between radius - width and radius.
void ring(vec2 at, float radius, rgba colour, draw_list& out) {
    constexpr int segments = 32;
    const float inner = radius * 0.82f;
    for (int i = 0; i < segments; ++i) {
        const double a0 = 2.0 * std::numbers::pi * i / segments;
        const double a1 = 2.0 * std::numbers::pi * (i + 1) / segments;
        const auto c0 = static_cast<float>(std::cos(a0));
        const auto s0 = static_cast<float>(std::sin(a0));
        const auto c1 = static_cast<float>(std::cos(a1));
        const auto s1 = static_cast<float>(std::sin(a1));
        const vec2 p0{at.x + radius * c0, at.y + radius * s0};
        const vec2 p1{at.x + radius * c1, at.y + radius * s1};
        const vec2 q0{at.x + inner * c0, at.y + inner * s0};
        const vec2 q1{at.x + inner * c1, at.y + inner * s1};
        out.triangles.push_back({p0, p1, q1, colour});
        out.triangles.push_back({p0, q1, q0, colour});
    }
}

void cross(vec2 at, float arm, rgba colour, draw_list& out) {
    const float width = 0.3f * arm;
    stroke({at.x - arm, at.y - arm}, {at.x + arm, at.y + arm}, width, colour, out);
    stroke({at.x - arm, at.y + arm}, {at.x + arm, at.y - arm}, width, colour, out);
}

// A player's push in their colour: a ring as wide as a drag's reach, a cross at the pointer (the
// player's cursor as the simulation saw it) and, for a drag, the pull it gave (a quarter second).
void draw_push(const pointer_event& event, double reach, double fade, rgba colour, draw_list& out) {
    colour.a = static_cast<std::uint8_t>(std::lround(255.0 * std::clamp(fade, 0.0, 1.0)));
    const vec2 at = event.position;
    constexpr int segments = 24;
    for (int i = 0; i < segments; ++i) {
        const double a0 = 2.0 * std::numbers::pi * i / segments;
        const double a1 = 2.0 * std::numbers::pi * (i + 1) / segments;
        out.lines.push_back(
            {{at.x + static_cast<float>(reach * std::cos(a0)), at.y + static_cast<float>(reach * std::sin(a0))},
             {at.x + static_cast<float>(reach * std::cos(a1)), at.y + static_cast<float>(reach * std::sin(a1))},
             colour});
    }
    const auto arm = static_cast<float>(0.25 * reach);
    out.lines.push_back({{at.x - arm, at.y}, {at.x + arm, at.y}, colour});
    out.lines.push_back({{at.x, at.y - arm}, {at.x, at.y + arm}, colour});
    if (event.type == pointer_event::kind::drag) {
        const vec2 to{at.x + 0.25f * event.velocity.x, at.y + 0.25f * event.velocity.y};
        if (std::isfinite(to.x) && std::isfinite(to.y)) out.lines.push_back({at, to, colour});
    }
}
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
    // Only a frame drawn ahead of the latest tick can put a ball past a wall: the ticks never do.
    if (a > 1.0) note_overshoot(out.circles.end() - static_cast<std::ptrdiff_t>(x_.size()), out.circles.end());
    if (options_.players == 2) {
        const double reach = 0.1 * std::min(config_.width, config_.height);  // a drag's, as apply_pointer
        for (std::size_t player = 0; player < pushes_.size(); ++player) {
            const push_mark& push = pushes_[player];
            if (push.tick == 0 || ticks_ - push.tick >= push_shown_ticks) continue;
            const double fade = 1.0 - static_cast<double>(ticks_ - push.tick) / push_shown_ticks;
            draw_push(push.event, reach, fade, player_colour(player), out);
        }
    }
    draw_marks(out);
}

void balls_scene::note_overshoot(std::vector<circle_shape>::const_iterator first,
                                 std::vector<circle_shape>::const_iterator last) const {
    const auto w = static_cast<float>(config_.width);
    const auto h = static_cast<float>(config_.height);
    for (auto c = first; c != last; ++c) {
        const vec2 p = c->center;
        const float r = c->radius;
        // How far the ball reaches past each wall (negative: short of it), and the point that does.
        const std::array<overshoot_mark, 4> past{{
            {.at = {p.x - r, p.y}, .wall = {0.0f, p.y}, .depth = static_cast<double>(r - p.x)},
            {.at = {p.x + r, p.y}, .wall = {w, p.y}, .depth = static_cast<double>(p.x + r - w)},
            {.at = {p.x, p.y - r}, .wall = {p.x, 0.0f}, .depth = static_cast<double>(r - p.y)},
            {.at = {p.x, p.y + r}, .wall = {p.x, h}, .depth = static_cast<double>(p.y + r - h)},
        }};
        for (const overshoot_mark& m : past) {
            if (m.depth > overshoot_.depth && std::isfinite(m.depth)) overshoot_ = m;
        }
    }
}

void balls_scene::draw_marks(draw_list& out) const {
    const double size = std::min(config_.width, config_.height);
    if (overshoot_.depth > 0.0) {
        // A ring inside the box touching the wall where the ball went past it, and the depth drawn
        // thick out from there with a cross at its end: a few units are a few pixels.
        const vec2 at = overshoot_.at;
        const vec2 wall = overshoot_.wall;
        const auto r = static_cast<float>(mark_radius * size);
        const float dx = wall.x - at.x;
        const float dy = wall.y - at.y;
        const float d = std::hypot(dx, dy);
        vec2 centre = d > 0.0f ? vec2{wall.x + dx / d * r, wall.y + dy / d * r} : wall;
        centre.x = std::clamp(centre.x, r, std::max(r, static_cast<float>(config_.width) - r));
        centre.y = std::clamp(centre.y, r, std::max(r, static_cast<float>(config_.height) - r));
        ring(centre, r, mark_colour, out);
        stroke(wall, at, static_cast<float>(0.4 * mark_stroke * size), mark_colour, out);
        cross(at, static_cast<float>(0.35 * mark_radius * size), mark_colour, out);
    }
    if (tunnel_.jump > 0.0) {
        // The path no tick saw, kept, and a ring where it crossed the wall.
        ring(tunnel_.crossing, static_cast<float>(mark_radius * size), mark_colour, out);
        stroke(tunnel_.from, tunnel_.to, static_cast<float>(0.4 * mark_stroke * size), mark_colour, out);
        cross(tunnel_.from, static_cast<float>(0.2 * mark_radius * size), mark_colour, out);
        cross(tunnel_.to, static_cast<float>(0.2 * mark_radius * size), mark_colour, out);
    }
}

void balls_scene::draw_ghost(draw_list& out, const scene& predicted, double opacity) const {
    const auto* then = dynamic_cast<const balls_scene*>(&predicted);
    if (then == nullptr || then->ticks_ > ticks_) return;
    const double ahead = static_cast<double>(ticks_ - then->ticks_);
    const auto a = static_cast<std::uint8_t>(std::lround(255.0 * std::clamp(opacity, 0.0, 1.0)));
    // By id, as divergence(): sort_by_cell reorders the arrays between the two states.
    std::vector<std::size_t> where(then->id_.size(), then->id_.size());
    for (std::size_t k = 0; k < then->id_.size(); ++k) {
        if (then->id_[k] < where.size()) where[then->id_[k]] = k;
    }
    for (std::size_t i = 0; i < id_.size(); ++i) {
        if (id_[i] >= where.size() || where[id_[i]] == where.size()) continue;
        const std::size_t k = where[id_[i]];
        // Back along the ball's last tick to the predicted tick (the corrected state is usually a tick
        // or more ahead): a ball that only flew on is no ghost.
        const double x = x_[i] - (x_[i] - prev_x_[i]) * ahead;
        const double y = y_[i] - (y_[i] - prev_y_[i]) * ahead;
        if (std::hypot(x - then->x_[k], y - then->y_[k]) <= ghost_distance) continue;
        rgba colour = balls_palette[colour_[i] % balls_palette_size];
        colour.a = a;
        const vec2 was{static_cast<float>(then->x_[k]), static_cast<float>(then->y_[k])};
        const auto r = static_cast<float>(then->radius_[k]);
        constexpr int segments = 12;
        for (int s = 0; s < segments; ++s) {
            const double a0 = 2.0 * std::numbers::pi * s / segments;
            const double a1 = 2.0 * std::numbers::pi * (s + 1) / segments;
            out.lines.push_back(
                {{was.x + r * static_cast<float>(std::cos(a0)), was.y + r * static_cast<float>(std::sin(a0))},
                 {was.x + r * static_cast<float>(std::cos(a1)), was.y + r * static_cast<float>(std::sin(a1))},
                 colour});
        }
        out.lines.push_back({was, {static_cast<float>(x_[i]), static_cast<float>(y_[i])}, colour});
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
    if (overshoot_.depth > 0.0) {
        std::snprintf(line, sizeof line, "deepest overshoot: %.2f units past a wall (ringed)", overshoot_.depth);
        out.emplace_back(line);
    }
    if (tunnel_.jump > 0.0) {
        std::snprintf(line, sizeof line, "widest jump through the wall: %.1f units in a tick (ringed)", tunnel_.jump);
        out.emplace_back(line);
    }
    if (config_.gravity_on && config_.sleeping) {
        std::snprintf(line, sizeof line, "asleep: %zu (at rest, skipped by the tick)", sleeping_);
        out.emplace_back(line);
    }
}

}  // namespace ticklab::game

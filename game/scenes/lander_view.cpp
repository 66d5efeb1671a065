// The lander as the player sees it: drawing and HUD lines (its panel section is
// app/panel/lander_section.cpp).
#include "scenes/lander_scene.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

namespace ticklab::game {

namespace {

constexpr rgba ground_fill{58, 56, 66, 255};
constexpr rgba ground_edge{150, 146, 160, 255};
constexpr rgba pad_colour{255, 209, 102, 255};
constexpr rgba hull_colour{220, 224, 235, 255};
constexpr rgba window_colour{17, 138, 178, 255};
constexpr rgba leg_colour{170, 174, 188, 255};
constexpr rgba flame_outer{247, 140, 107, 255};
constexpr rgba flame_inner{255, 230, 150, 255};
constexpr rgba crashed_colour{239, 71, 111, 255};
constexpr rgba landed_colour{6, 214, 160, 255};
constexpr rgba trail_colour{120, 200, 255, 255};
constexpr rgba limit_colour{6, 214, 160, 255};

// A point given in the lander's frame (m, upright = y up), placed in the world.
struct placement {
    double x, y, c, s;
    [[nodiscard]] vec2 operator()(double lx, double ly) const {
        return {static_cast<float>(x + lx * c - ly * s), static_cast<float>(y + lx * s + ly * c)};
    }
};

void draw_terrain(const lander_terrain& terrain, draw_list& out) {
    const auto& h = terrain.heights();
    for (std::size_t i = 0; i + 1 < lander_terrain::points; ++i) {
        const vec2 a{static_cast<float>(terrain.x_of(i)), static_cast<float>(h[i])};
        const vec2 b{static_cast<float>(terrain.x_of(i + 1)), static_cast<float>(h[i + 1])};
        const vec2 a0{a.x, 0.0f};
        const vec2 b0{b.x, 0.0f};
        out.triangles.push_back({a0, b0, b, ground_fill});
        out.triangles.push_back({a0, b, a, ground_fill});
        out.lines.push_back({a, b, ground_edge});
    }
    // The pad: a bright slab on the flat stretch, with a double edge line.
    const auto left = static_cast<float>(terrain.pad_left());
    const auto right = static_cast<float>(terrain.pad_right());
    const auto top = static_cast<float>(terrain.pad_height());
    out.triangles.push_back({{left, top - 1.2f}, {right, top - 1.2f}, {right, top}, pad_colour});
    out.triangles.push_back({{left, top - 1.2f}, {right, top}, {left, top}, pad_colour});
    out.lines.push_back({{left, top}, {right, top}, pad_colour});
    out.lines.push_back({{left, top + 0.3f}, {right, top + 0.3f}, pad_colour});
    // The pad's limits: both feet (foot_spread either side of the centre) must land between these.
    for (const float x : {left, right}) out.lines.push_back({{x, top}, {x, top + 6.0f}, limit_colour});
}

// A mark at every tick's position: where the simulation, and the autopilot, sampled the lander.
// At 5 Hz they stand 200 ms apart, and the gaps between them are what the controller never saw.
void draw_trail(const lander_scene& scene, draw_list& out) {
    const std::size_t n = scene.trail_size();
    for (std::size_t i = 0; i < n; ++i) {
        const vec2 at = scene.trail_point(i);
        if (i + 1 < n) out.lines.push_back({at, scene.trail_point(i + 1), trail_colour});
        constexpr float r = 0.45f;
        out.triangles.push_back({{at.x - r, at.y - r}, {at.x + r, at.y - r}, {at.x, at.y + r}, trail_colour});
    }
}

// The camera: a 16:9 window on the world centred on the (drawn) lander and kept inside the world.
// 80 m wide while high, 56 m near the ground, so the 4.8 m lander is drawn at least 48 px tall on a
// scene area 800 px wide (1280x720 with the panel); the zoom eases in from 50 m to 20 m above the ground.
void follow(double x, double y, double ground, draw_list& out) {
    constexpr double aspect = 9.0 / 16.0;
    const double low = std::clamp((y - ground - 20.0) / 30.0, 0.0, 1.0);  // 0 below 20 m, 1 from 50 m up
    const double w = 56.0 + (80.0 - 56.0) * low;
    const double h = w * aspect;
    const double left = std::clamp(x - 0.5 * w, 0.0, lander_scene::width - w);
    // The lander a little below the middle, but the ground in view once it is within reach.
    const double bottom =
        std::clamp(std::max(y - 0.8 * h, std::min(y - 0.45 * h, ground - 3.0)), 0.0, lander_scene::height - h);
    out.world_size = {static_cast<float>(w), static_cast<float>(h)};
    out.world_origin = {static_cast<float>(left), static_cast<float>(bottom)};
}

}  // namespace

void lander_scene::draw(draw_list& out, double alpha) const {
    using p = lander_physics;
    const double a = std::clamp(alpha, 0.0, 2.0);  // above 1: extrapolated (see scene::draw)
    draw_terrain(terrain_, out);
    draw_trail(*this, out);
    if (options_.beacons) beacons_.draw(out);

    // Interpolate the angle the short way round, so a wrap at +-pi does not spin the drawing.
    const double turn = std::remainder(body_.angle - previous_.angle, 2.0 * std::numbers::pi);
    const double angle = previous_.angle + turn * a;
    const placement at{previous_.x + (body_.x - previous_.x) * a, previous_.y + (body_.y - previous_.y) * a,
                       std::cos(angle), std::sin(angle)};
    follow(at.x, at.y, terrain_.height_at(at.x), out);

    const rgba hull = state_ == lander_state::crashed ? crashed_colour : hull_colour;
    // Descent stage (a trapezoid), ascent cabin (a triangle), window, legs.
    out.triangles.push_back({at(-1.8, -1.2), at(1.8, -1.2), at(1.4, 0.4), hull});
    out.triangles.push_back({at(-1.8, -1.2), at(1.4, 0.4), at(-1.4, 0.4), hull});
    out.triangles.push_back({at(-1.3, 0.4), at(1.3, 0.4), at(0.0, 2.4), hull});
    out.triangles.push_back({at(-0.4, 0.8), at(0.4, 0.8), at(0.0, 1.6), window_colour});
    for (const double side : {-1.0, 1.0}) {
        out.lines.push_back({at(side * 1.4, -1.0), at(side * p::foot_spread, -p::foot_drop), leg_colour});
        out.lines.push_back({at(side * (p::foot_spread - 0.6), -p::foot_drop),
                             at(side * (p::foot_spread + 0.4), -p::foot_drop), leg_colour});
    }
    if (thrusting_ && state_ == lander_state::flying) {  // the flame goes out on touchdown
        // The flame's length flickers with the tick count: deterministic, and visibly alive.
        const double length = 2.6 + 0.6 * static_cast<double>(ticks_ % 3);
        out.triangles.push_back({at(-0.9, -1.3), at(0.9, -1.3), at(0.0, -1.3 - length), flame_outer});
        out.triangles.push_back({at(-0.45, -1.3), at(0.45, -1.3), at(0.0, -1.3 - 0.55 * length), flame_inner});
    }
    if (state_ == lander_state::landed) {
        out.lines.push_back({at(-3.0, 3.2), at(3.0, 3.2), landed_colour});
    }
}

void lander_scene::hud_lines(std::vector<std::string>& out) const {
    char line[96];
    std::snprintf(line, sizeof line, "altitude: %.1f m", altitude());
    out.emplace_back(line);
    std::snprintf(line, sizeof line, "vertical speed: %+.2f m/s", body_.vy);
    out.emplace_back(line);
    std::snprintf(line, sizeof line, "horizontal speed: %+.2f m/s", body_.vx);
    out.emplace_back(line);
    std::snprintf(line, sizeof line, "angle: %+.1f deg", body_.angle * 180.0 / std::numbers::pi);
    out.emplace_back(line);
    std::snprintf(line, sizeof line, "fuel: %.0f%%", 100.0 * body_.fuel / lander_physics::full_fuel);
    out.emplace_back(line);
    std::snprintf(line, sizeof line, "state: %s", std::string{to_string(state_)}.c_str());
    out.emplace_back(line);
    if (state_ == lander_state::crashed) {
        // One broken limit a line, so the HUD box stays narrow.
        std::string reason = crash_reason();
        std::string prefix = "crash: ";
        for (std::size_t start = 0; start < reason.size();) {
            const std::size_t end = std::min(reason.find("; ", start), reason.size());
            out.push_back(prefix + reason.substr(start, end - start));
            prefix = "       ";
            start = end + 2;
        }
    }
    std::snprintf(line, sizeof line, "autopilot: %s", autopilot_ ? "on" : "off");
    out.emplace_back(line);
    if (options_.beacons) {
        std::snprintf(line, sizeof line, "beacons: %zu burning, %zu pings waiting", beacons_.live(),
                      beacons_.pings_waiting());
        out.emplace_back(line);
        const ping_counts pings = pings_shown();
        std::snprintf(line, sizeof line, "pings: %u done, %u target gone, %u wrong target", pings.completed,
                      pings.target_gone, pings.wrong_target);
        out.emplace_back(line);
    }
}

}  // namespace ticklab::game

// The lander as the player sees it: drawing and HUD lines (its panel section is
// app/panel/lander_section.cpp).
#include "scenes/lander_scene.hpp"
#include "scenes/player_colours.hpp"
#include "scenes/view_clip.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>
#include <span>

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

// Where a ship is drawn: `alpha` of the way from last tick's body to this tick's.
placement placed(const lander_body& previous, const lander_body& body, double alpha) {
    // Interpolate the angle the short way round, so a wrap at +-pi does not spin the drawing.
    const double turn = std::remainder(body.angle - previous.angle, 2.0 * std::numbers::pi);
    const double angle = previous.angle + turn * alpha;
    return {previous.x + (body.x - previous.x) * alpha, previous.y + (body.y - previous.y) * alpha, std::cos(angle),
            std::sin(angle)};
}

// The camera: a 16:9 window on the world holding every ship, the ground below each, and the whole
// pad with its limit marks, so the first frame already shows where to land. Zoomed in to 56 m wide
// near the ground (the 4.8 m lander then at least 48 px tall on a scene area 800 px wide, 1280x720
// with the panel), 80 m from 50 m up, easing between; wider whenever that is needed to hold them all,
// up to the whole world (a ship that climbs out of its top stays in view).
void frame(std::span<const placement> ships, const lander_terrain& terrain, draw_list& out) {
    constexpr double aspect = 9.0 / 16.0;
    constexpr double beside = 8.0;  // m of ground shown beyond the outermost ship or pad end
    double x0 = terrain.pad_left() - beside;
    double x1 = terrain.pad_right() + beside;
    double low = terrain.pad_height() - 3.0;
    double high = terrain.pad_height() + 8.0;                 // above the pad's 6 m limit marks
    double lowest = std::numeric_limits<double>::infinity();  // the lowest ship's height above its ground
    for (const placement& ship : ships) {
        const double ground = terrain.height_at(ship.x);
        x0 = std::min(x0, ship.x - beside);
        x1 = std::max(x1, ship.x + beside);
        low = std::min(low, ground - 3.0);
        high = std::max(high, ship.y + 7.5);  // room for a landed or crashed mark over the ship
        lowest = std::min(lowest, ship.y - ground);
    }
    const double zoom = std::clamp((lowest - 20.0) / 30.0, 0.0, 1.0);  // 0 below 20 m, 1 from 50 m up
    const double w =
        std::min(lander_scene::width, std::max({56.0 + (80.0 - 56.0) * zoom, x1 - x0, (high - low) / aspect}));
    const double h = w * aspect;
    const double left = std::clamp(0.5 * (x0 + x1) - 0.5 * w, 0.0, lander_scene::width - w);
    // Height to spare goes mostly above: the ground low in the picture, sky over the ships.
    const double top = std::max(lander_scene::height, high);
    const double bottom = std::clamp(std::max(low - 0.25 * std::max(0.0, h - (high - low)), high - h), 0.0, top - h);
    out.world_size = {static_cast<float>(w), static_cast<float>(h)};
    out.world_origin = {static_cast<float>(left), static_cast<float>(bottom)};
}

// A stroke `width` m wide, as two triangles: a line is a pixel or two wide, too thin for a mark
// read from the back of a room.
void stroke(vec2 from, vec2 to, float width, rgba colour, draw_list& out) {
    const float dx = to.x - from.x;
    const float dy = to.y - from.y;
    const float length = std::hypot(dx, dy);
    if (!(length > 0.0f)) return;
    const float nx = -dy / length * 0.5f * width;
    const float ny = dx / length * 0.5f * width;
    out.triangles.push_back({{from.x + nx, from.y + ny}, {from.x - nx, from.y - ny}, {to.x - nx, to.y - ny}, colour});
    out.triangles.push_back({{from.x + nx, from.y + ny}, {to.x - nx, to.y - ny}, {to.x + nx, to.y + ny}, colour});
}

// How the flight ended, beside the ship and never instead of its colour: the hull outlined in the
// outcome's colour, and over it, upright whatever the ship's angle, a check (landed) or a cross
// (crashed): told apart by shape as well as colour.
void draw_outcome(const placement& at, lander_state state, draw_list& out) {
    if (state == lander_state::flying) return;
    const rgba colour = state == lander_state::landed ? landed_colour : crashed_colour;
    const std::array<vec2, 6> hull{at(-1.8, -1.2), at(1.8, -1.2), at(1.4, 0.4),
                                   at(0.0, 2.4),   at(-1.4, 0.4), at(-1.8, -1.2)};
    for (std::size_t i = 0; i + 1 < hull.size(); ++i) out.lines.push_back({hull[i], hull[i + 1], colour});
    const auto x = static_cast<float>(at.x);
    const auto y = static_cast<float>(at.y) + 5.0f;  // above the cabin's tip (2.4 m) when upright
    constexpr float width = 0.55f;
    if (state == lander_state::landed) {
        stroke({x - 1.3f, y + 0.1f}, {x - 0.35f, y - 0.9f}, width, colour, out);
        stroke({x - 0.35f, y - 0.9f}, {x + 1.5f, y + 1.2f}, width, colour, out);
    } else {
        stroke({x - 1.2f, y - 1.2f}, {x + 1.2f, y + 1.2f}, width, colour, out);
        stroke({x - 1.2f, y + 1.2f}, {x + 1.2f, y - 1.2f}, width, colour, out);
    }
}

// One ship at `at`: the hull in its player's colour (landed or crashed too), its flame while it
// burns, and how its flight ended.
void draw_ship(const placement& at, lander_state state, bool thrusting, std::uint64_t ticks, rgba hull,
               draw_list& out) {
    using p = lander_physics;
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
    if (thrusting && state == lander_state::flying) {  // the flame goes out on touchdown
        // The flame's length flickers with the tick count: deterministic, and visibly alive.
        const double length = 2.6 + 0.6 * static_cast<double>(ticks % 3);
        out.triangles.push_back({at(-0.9, -1.3), at(0.9, -1.3), at(0.0, -1.3 - length), flame_outer});
        out.triangles.push_back({at(-0.45, -1.3), at(0.45, -1.3), at(0.0, -1.3 - 0.55 * length), flame_inner});
    }
    draw_outcome(at, state, out);
}

}  // namespace

void lander_scene::draw(draw_list& out, double alpha) const {
    const double a = std::clamp(alpha, 0.0, 2.0);  // above 1: extrapolated (see scene::draw)
    const std::size_t first_triangle = out.triangles.size();
    const std::size_t first_line = out.lines.size();
    const placement at = placed(previous_, body_, a);
    const placement other = placed(second_.previous, second_.body, a);
    const std::array<placement, 2> both{at, other};
    frame(std::span{both}.first(two_ships() ? 2 : 1), terrain_, out);
    draw_terrain(terrain_, out);
    draw_trail(*this, out);
    if (options_.beacons) beacons_.draw(out);
    if (!two_ships()) {
        draw_ship(at, state_, thrusting_, ticks_, hull_colour, out);
    } else {
        draw_ship(at, state_, thrusting_, ticks_, player_colour(0), out);
        draw_ship(other, second_.state, second_.thrusting, ticks_, player_colour(1), out);
    }
    // The front end outlines the shown rectangle as the world's edge: the ground, the trail and the
    // rest stay inside it.
    clip_to_view(out, first_triangle, first_line);
}

void lander_scene::draw_ghost(draw_list& out, const scene& predicted, double opacity) const {
    const auto* then = dynamic_cast<const lander_scene*>(&predicted);
    if (then == nullptr || then->ticks_ > ticks_) return;
    const auto a = static_cast<std::uint8_t>(std::lround(255.0 * std::clamp(opacity, 0.0, 1.0)));
    // The corrected state is usually a tick or more ahead of the predicted one: each ship is taken
    // back along its last tick's motion to the predicted tick, so a ship that only flew on is no
    // ghost (the error of that is under a millimetre a tick), and one that was mispredicted is.
    const double ahead = static_cast<double>(ticks_ - then->ticks_);
    const auto ghost = [&](const lander_body& was, const lander_body& previous, const lander_body& is, rgba colour) {
        const placement ghost_at = placed(was, was, 1.0);
        const placement real_at = placed(previous, is, 1.0 - ahead);
        const auto hull = [](const placement& at) {
            return std::array<vec2, 6>{at(-1.8, -1.2), at(1.8, -1.2), at(1.4, 0.4),
                                       at(0.0, 2.4),   at(-1.4, 0.4), at(-1.8, -1.2)};
        };
        const std::array<vec2, 6> outline = hull(ghost_at);
        const std::array<vec2, 6> real = hull(real_at);
        double apart = 0.0;  // the farthest any hull corner is from where it really was
        for (std::size_t i = 0; i < outline.size(); ++i) {
            apart = std::max(apart, std::hypot(static_cast<double>(outline[i].x - real[i].x),
                                               static_cast<double>(outline[i].y - real[i].y)));
        }
        if (apart <= ghost_distance_m) return;
        colour.a = a;
        // The hull's outline where the prediction had it, and a line to where the ship really is.
        for (std::size_t i = 0; i + 1 < outline.size(); ++i) out.lines.push_back({outline[i], outline[i + 1], colour});
        out.lines.push_back({ghost_at(0.0, 0.0), {static_cast<float>(is.x), static_cast<float>(is.y)}, colour});
    };
    ghost(then->body_, previous_, body_, two_ships() ? player_colour(0) : hull_colour);
    if (two_ships() && then->two_ships()) ghost(then->second_.body, second_.previous, second_.body, player_colour(1));
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
    if (two_ships()) {
        std::snprintf(line, sizeof line, "orange ship: %s, altitude %.1f m, fuel %.0f%%",
                      std::string{to_string(second_.state)}.c_str(),
                      std::max(0.0, second_.body.y - lander_physics::foot_drop * std::cos(second_.body.angle) -
                                        terrain_.height_at(second_.body.x)),
                      100.0 * second_.body.fuel / lander_physics::full_fuel);
        out.emplace_back(line);
    }
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

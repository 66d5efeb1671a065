// The orbits as the class sees them: the sun, the three planets with their tick trails on the
// left, the energy plot on the right, and the HUD lines that are the legend (a draw list has no
// text, so the HUD names each colour).
#include "scenes/orbits_scene.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <optional>

namespace ticklab::game {

namespace {

// Bright on the dark background, told apart by colour-blind eyes by brightness too; the trails
// are the same hues, darker, so the planets stand out on them.
constexpr std::array<rgba, orbits_scene::bodies> planet_colours{
    {{239, 71, 111, 255}, {255, 196, 61, 255}, {90, 180, 255, 255}}};
constexpr std::array<rgba, orbits_scene::bodies> trail_colours{
    {{160, 48, 76, 255}, {170, 128, 40, 255}, {52, 110, 165, 255}}};
constexpr std::array<const char*, orbits_scene::bodies> colour_names{"red", "yellow", "blue"};
constexpr rgba sun_colour{255, 244, 214, 255};
constexpr rgba frame_colour{96, 100, 120, 255};
constexpr rgba zero_colour{170, 172, 190, 255};
constexpr rgba grid_colour{48, 52, 68, 255};

// The orbits' part of the world: the planets and trails are cut at its edge, so a planet flying
// away never draws over the plot.
constexpr float orbit_right = 92.0f;
// The plot's box, world units.
constexpr float plot_left = 98.0f;
constexpr float plot_right = 154.0f;
constexpr float plot_bottom = 10.0f;
constexpr float plot_top = 80.0f;
constexpr double plot_grid_pct = 25.0;

bool in_orbits(vec2 p, float margin = 0.0f) {
    return p.x >= -margin && p.x <= orbit_right + margin && p.y >= -margin &&
           p.y <= static_cast<float>(orbits_scene::height) + margin;
}

// The part of segment a-b inside the orbits' part of the world (Liang-Barsky), if any.
std::optional<line_shape> clipped(vec2 a, vec2 b, rgba stroke) {
    const double dx = static_cast<double>(b.x) - a.x;
    const double dy = static_cast<double>(b.y) - a.y;
    double t0 = 0.0, t1 = 1.0;
    const std::array<std::pair<double, double>, 4> edges{{{-dx, a.x - 0.0},
                                                          {dx, orbit_right - static_cast<double>(a.x)},
                                                          {-dy, a.y - 0.0},
                                                          {dy, orbits_scene::height - static_cast<double>(a.y)}}};
    for (const auto& [p, q] : edges) {
        if (p == 0.0) {
            if (q < 0.0) return std::nullopt;
            continue;
        }
        const double t = q / p;
        if (p < 0.0) {
            t0 = std::max(t0, t);
        } else {
            t1 = std::min(t1, t);
        }
        if (t0 > t1) return std::nullopt;
    }
    const auto at = [&](double t) { return vec2{static_cast<float>(a.x + t * dx), static_cast<float>(a.y + t * dy)}; };
    return line_shape{at(t0), at(t1), stroke};
}

// A line two pixels wide on a 1280x720 window (a world unit is about 4.5 px there), so that it
// still reads on a projector: the line and a copy beside it, a fifth of a unit apart.
void push_wide(draw_list& out, line_shape l) {
    out.lines.push_back(l);
    const float dx = l.to.x - l.from.x;
    const float dy = l.to.y - l.from.y;
    const float length = std::sqrt(dx * dx + dy * dy);
    if (!(length > 0.0f)) return;
    constexpr float apart = 0.2f;
    const vec2 off{-dy / length * apart, dx / length * apart};
    out.lines.push_back({{l.from.x + off.x, l.from.y + off.y}, {l.to.x + off.x, l.to.y + off.y}, l.stroke});
}

// Every tick's position, joined, with a small mark on each where they stand apart: at 10 Hz the
// marks stand 100 ms apart, and the straight pieces between them are all the simulation knows of
// the path.
void draw_trails(const orbits_scene& scene, draw_list& out) {
    const std::size_t n = scene.trail_size();
    for (std::size_t b = 0; b < orbits_scene::bodies; ++b) {
        for (std::size_t i = 0; i < n; ++i) {
            const vec2 at = scene.trail_point(b, i);
            if (i + 1 < n) {
                if (auto l = clipped(at, scene.trail_point(b, i + 1), trail_colours[b])) push_wide(out, *l);
            }
            // Marks closer than a unit (about 60 Hz and up) would merge into a band around the line.
            constexpr float r = 0.5f;
            const vec2 before = i > 0   ? scene.trail_point(b, i - 1)
                                : n > 1 ? scene.trail_point(b, 1)
                                        : vec2{at.x - 2.0f, at.y};  // alone: marked
            const float dx = at.x - before.x;
            const float dy = at.y - before.y;
            if (in_orbits(at) && dx * dx + dy * dy >= 1.0f) {
                out.triangles.push_back(
                    {{at.x - r, at.y - r}, {at.x + r, at.y - r}, {at.x, at.y + r}, trail_colours[b]});
            }
        }
    }
}

float plot_y(double drift_pct) {
    const double f =
        (std::clamp(drift_pct, orbits_scene::plot_low_pct, orbits_scene::plot_high_pct) - orbits_scene::plot_low_pct) /
        (orbits_scene::plot_high_pct - orbits_scene::plot_low_pct);
    return plot_bottom + static_cast<float>(f) * (plot_top - plot_bottom);
}

// Energy drift against simulated time, the newest sample at the right once the window is full.
void draw_plot(const orbits_scene& scene, draw_list& out) {
    for (double pct = orbits_scene::plot_low_pct; pct <= orbits_scene::plot_high_pct + 1e-9; pct += plot_grid_pct) {
        const float y = plot_y(pct);
        out.lines.push_back({{plot_left, y}, {plot_right, y}, pct == 0.0 ? zero_colour : grid_colour});
    }
    out.lines.push_back({{plot_left, plot_bottom}, {plot_left, plot_top}, frame_colour});
    out.lines.push_back({{plot_right, plot_bottom}, {plot_right, plot_top}, frame_colour});
    const std::size_t n = scene.sample_count();
    if (n == 0) return;
    const double newest = scene.sample(n - 1).seconds;
    const double start = std::max(0.0, newest - orbits_scene::plot_window_s);
    const auto x_of = [&](double seconds) {
        return plot_left +
               static_cast<float>((seconds - start) / orbits_scene::plot_window_s) * (plot_right - plot_left);
    };
    // Verlet last: on top where the three agree.
    for (std::size_t b = 0; b < orbits_scene::bodies; ++b) {
        for (std::size_t i = 0; i + 1 < n; ++i) {
            const auto& s = scene.sample(i);
            const auto& t = scene.sample(i + 1);
            push_wide(out, {{x_of(s.seconds), plot_y(s.drift_pct[b])},
                            {x_of(t.seconds), plot_y(t.drift_pct[b])},
                            planet_colours[b]});
        }
    }
}

}  // namespace

void orbits_scene::draw(draw_list& out, double alpha) const {
    const double a = std::clamp(alpha, 0.0, 2.0);  // above 1: extrapolated (see scene::draw)
    out.world_size = {static_cast<float>(width), static_cast<float>(height)};
    out.world_origin = {0.0f, 0.0f};
    draw_trails(*this, out);
    draw_plot(*this, out);
    out.circles.push_back({{static_cast<float>(sun_x), static_cast<float>(sun_y)}, 3.6f, sun_colour});
    for (std::size_t b = 0; b < bodies; ++b) {
        const orbit_body& from = previous_[b];
        const orbit_body& to = bodies_[b];
        const vec2 at{static_cast<float>(sun_x + from.x + (to.x - from.x) * a),
                      static_cast<float>(sun_y + from.y + (to.y - from.y) * a)};
        constexpr float radius = 2.2f;
        if (in_orbits(at, -radius)) out.circles.push_back({at, radius, planet_colours[b]});
    }
}

void orbits_scene::hud_lines(std::vector<std::string>& out) const {
    char line[128];
    for (std::size_t b = 0; b < bodies; ++b) {
        const std::string name{to_string(integrators[b])};
        char period[32] = "-";
        if (turns_[b].period_s > 0.0) std::snprintf(period, sizeof period, "%.2f s", turns_[b].period_s);
        std::snprintf(line, sizeof line, "%s: %s, energy %+.1f%%, orbit %s", colour_names[b], name.c_str(),
                      energy_drift_pct(b), period);
        out.emplace_back(line);
    }
    std::snprintf(line, sizeof line, "plot: energy, last %.0f s, %+.0f%% to %+.0f%%, lines %.0f%% apart", plot_window_s,
                  plot_low_pct, plot_high_pct, plot_grid_pct);
    out.emplace_back(line);
    std::snprintf(line, sizeof line, "true orbit %.0f s; marks: ticks", period_s);
    out.emplace_back(line);
}

}  // namespace ticklab::game

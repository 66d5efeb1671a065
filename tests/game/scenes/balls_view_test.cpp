// The balls scene's drawing: the marks that stay where a brief event happened (an overshoot drawn
// past a wall, a ball through the thin wall) until the next reset.
#include "scenes/balls_palette.hpp"
#include "scenes/balls_scene.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

using ticklab::game::balls_config;
using ticklab::game::balls_scene;
using ticklab::game::draw_list;
using ticklab::game::rgba;
using ticklab::game::scene_options;
using ticklab::game::tick_input;
using ticklab::game::vec2;

namespace {

constexpr rgba mark = ticklab::game::balls_mark_colour;

// Mark-coloured triangles with a corner within `radius` of `at`.
std::size_t marks_near(const draw_list& list, vec2 at, float radius) {
    return static_cast<std::size_t>(std::count_if(list.triangles.begin(), list.triangles.end(), [&](const auto& t) {
        if (t.fill != mark) return false;
        return std::any_of(&t.a, &t.a + 3, [&](const vec2& p) { return std::hypot(p.x - at.x, p.y - at.y) <= radius; });
    }));
}

std::size_t marks(const draw_list& list) {
    return static_cast<std::size_t>(
        std::count_if(list.triangles.begin(), list.triangles.end(), [](const auto& t) { return t.fill == mark; }));
}

bool hud_has(const balls_scene& s, const std::string& line) {
    std::vector<std::string> hud;
    s.hud_lines(hud);
    return std::find(hud.begin(), hud.end(), line) != hud.end();
}

// How far the drawn circles reach past the box's walls at most, and the point of the wall passed.
struct past_wall {
    double depth = 0.0;
    vec2 wall;
};

past_wall deepest(const draw_list& list) {
    past_wall out;
    const float w = list.world_size.x;
    const float h = list.world_size.y;
    for (const auto& c : list.circles) {
        const vec2 p = c.center;
        const float r = c.radius;
        const past_wall each[] = {
            {r - p.x, {0.0f, p.y}}, {p.x + r - w, {w, p.y}}, {r - p.y, {p.x, 0.0f}}, {p.y + r - h, {p.x, h}}};
        for (const past_wall& e : each) {
            if (e.depth > out.depth) out = e;
        }
    }
    return out;
}

}  // namespace

TEST(BallsView, TheDeepestOvershootIsRingedAndKeptUntilReset) {
    // The overshoot lesson's balls at 10 Hz, drawn by extrapolation (alpha above 1) late in each tick.
    scene_options options;
    options.balls = 300;
    balls_scene s{options};
    const tick_input none;
    past_wall seen;
    for (int t = 0; t < 30; ++t) {
        s.tick(none, 0.1);
        draw_list frame;
        s.draw(frame, 1.9);
        const past_wall now = deepest(frame);
        if (now.depth > seen.depth) seen = now;
    }
    ASSERT_GT(seen.depth, 0.5) << "some frame drew a ball past a wall";
    // A later frame drawn at a tick (nothing past a wall) still rings where the deepest one was.
    draw_list later;
    s.draw(later, 1.0);
    EXPECT_EQ(deepest(later).depth, 0.0);
    EXPECT_GE(marks_near(later, seen.wall, 16.0f), 64u) << "a ring by the wall where it went deepest";
    char line[96];
    std::snprintf(line, sizeof line, "deepest overshoot: %.2f units past a wall (ringed)", seen.depth);
    EXPECT_TRUE(hud_has(s, line)) << line;
    s.reset(options);
    draw_list fresh;
    s.draw(fresh, 1.0);
    EXPECT_EQ(marks(fresh), 0u) << "gone at the reset";
}

TEST(BallsView, FramesAtOrBetweenTicksMarkNoOvershoot) {
    scene_options options;
    options.balls = 300;
    balls_scene s{options};
    for (int t = 0; t < 30; ++t) {
        s.tick({}, 0.1);
        draw_list frame;
        s.draw(frame, 0.5);
        s.draw(frame, 1.0);
    }
    draw_list last;
    s.draw(last, 1.0);
    EXPECT_EQ(marks(last), 0u);
    EXPECT_FALSE(hud_has(s, "deepest overshoot: 0.00 units past a wall (ringed)"));
}

TEST(BallsView, TheWidestJumpThroughTheWallIsRingedAndKeptUntilReset) {
    // The tunnelling lesson's scene at 10 Hz: volleys at 300 to 400 units/s jump the 4-unit wall.
    scene_options options;
    options.balls = 60;
    options.wall = true;
    balls_scene s{options};
    double widest = 0.0;
    vec2 crossing;
    for (int t = 0; t < 10; ++t) {
        s.tick({}, 0.1);
        // Where the last two ticks put each ball, in the same order.
        draw_list before, after;
        s.draw(before, 0.0);
        s.draw(after, 1.0);
        const auto centre = static_cast<float>(s.wall_x());
        for (std::size_t i = 0; i < after.circles.size(); ++i) {
            const vec2 a = before.circles[i].center;
            const vec2 b = after.circles[i].center;
            if ((a.x < centre) == (b.x < centre)) continue;
            const double jump = std::abs(static_cast<double>(b.x) - a.x);
            if (jump <= widest) continue;
            widest = jump;
            crossing = {centre, a.y + (b.y - a.y) * (centre - a.x) / (b.x - a.x)};
        }
    }
    ASSERT_GT(s.through_wall(), 0u);
    ASSERT_GT(widest, balls_scene::wall_thickness);
    draw_list picture;
    s.draw(picture, 0.5);
    EXPECT_GE(marks_near(picture, crossing, 10.0f), 32u) << "a ring where it crossed the wall";
    char line[96];
    std::snprintf(line, sizeof line, "widest jump through the wall: %.1f units in a tick (ringed)", widest);
    EXPECT_TRUE(hud_has(s, line)) << line;
    s.reset(options);
    draw_list fresh;
    s.draw(fresh, 0.5);
    EXPECT_EQ(marks(fresh), 0u) << "gone at the reset";
}

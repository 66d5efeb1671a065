// The balls scene's thin wall (scene_options::wall): tested once a tick like the box's walls, so a
// ball that moves further in a tick than the wall's thickness plus its diameter can pass through.
#include "balls_checks.hpp"
#include "scenes/balls_palette.hpp"
#include "scenes/balls_scene.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

using ticklab::game::balls_config;
using ticklab::game::balls_scene;
using ticklab::game::draw_list;
using ticklab::game::scene_options;
using ticklab::game::tick_input;

namespace {

scene_options with_wall(std::uint32_t balls, bool wall = true, std::uint64_t seed = 1) {
    scene_options options;
    options.balls = balls;
    options.seed = seed;
    options.wall = wall;
    return options;
}

// A 60-unit box without gravity: the one ball the reset throws starts 6 units from the left side,
// 24 from the wall's centre, at 300 to 400 units/s to the right.
balls_config narrow_box() {
    balls_config c;
    c.width = 60.0;
    c.gravity_on = false;
    return c;
}

// How far from the wall's centre a ball must end a tick not to touch it.
double reach(const balls_scene& s, std::size_t i) {
    return 0.5 * balls_scene::wall_thickness + s.radii()[i];
}

}  // namespace

TEST(BallsWall, AFastBallTunnelsAt10HzAndBouncesAt120Hz) {
    const tick_input none;
    {
        balls_scene s{with_wall(1), narrow_box()};
        const double speed = s.vxs()[0];
        ASSERT_GE(speed, balls_scene::volley_speed_min);
        ASSERT_LE(speed, balls_scene::volley_speed_max);
        ASSERT_LT(s.xs()[0], s.wall_x());
        // 30 to 40 units in one tick: from 24 units before the centre to 6 to 16 past it, beyond the
        // wall's far face (2 units + a radius of at most 1.8) without ever touching it.
        s.tick(none, 0.1);
        EXPECT_GT(s.xs()[0], s.wall_x() + reach(s, 0));
        EXPECT_EQ(s.through_wall(), 1u);
        EXPECT_EQ(s.off_wall(), 0u);
        // Drawn: the unseen path, a line across the wall from where the ball was to where it is.
        draw_list picture;
        s.draw(picture, 0.5);
        ASSERT_EQ(picture.lines.size(), 4u + 2u + 1u);  // the box, the wall's faces, the path
        const auto& path = picture.lines.back();
        EXPECT_LT(path.from.x, static_cast<float>(s.wall_x()) - 2.0f);
        EXPECT_FLOAT_EQ(path.to.x, static_cast<float>(s.xs()[0]));
    }
    {
        balls_scene s{with_wall(1), narrow_box()};
        // 2.5 to 3.3 units a tick, less than the 4-unit wall plus a diameter of at least 1.2: some
        // tick ends with the ball touching the wall, and it bounces.
        for (int t = 0; t < 120; ++t) {
            s.tick(none, 1.0 / 120);
            ASSERT_LT(s.xs()[0], s.wall_x()) << "tick " << t;
            ASSERT_GE(std::abs(s.xs()[0] - s.wall_x()), reach(s, 0) - 1e-9) << "tick " << t;
        }
        EXPECT_EQ(s.through_wall(), 0u);
        EXPECT_GE(s.off_wall(), 2u);
        draw_list picture;
        s.draw(picture, 0.5);
        EXPECT_EQ(picture.lines.size(),
                  4u + 2u);  // no path across the wall  // one second: the wall, the box's side, the wall again ...
    }
}

TEST(BallsWall, CountsEveryCrossingWithoutAContactAndNoBallEndsATickInTheWall) {
    // The lesson's scene at 10 Hz: the counter against the crossings seen in the drawn picture
    // (alpha 0: where each ball was a tick ago; alpha 1: where it is now, in the same order).
    balls_scene s{with_wall(60)};
    const tick_input none;
    std::uint64_t crossings = 0;
    const auto wall = static_cast<float>(s.wall_x());
    for (int t = 0; t < 60; ++t) {
        s.tick(none, 0.1);
        draw_list before, now;
        s.draw(before, 0.0);
        s.draw(now, 1.0);
        ASSERT_EQ(before.circles.size(), now.circles.size());
        for (std::size_t i = 0; i < now.circles.size(); ++i) {
            const float r = now.circles[i].radius;
            const float off = std::abs(now.circles[i].center.x - wall);
            ASSERT_GE(off, 0.5f * static_cast<float>(balls_scene::wall_thickness) + r - 1e-4f)
                << "ball " << i << " ends tick " << t << " in the wall";
            if ((before.circles[i].center.x < wall) != (now.circles[i].center.x < wall)) ++crossings;
        }
    }
    EXPECT_TRUE(ticklab_test::contained_and_finite(s));
    EXPECT_EQ(s.through_wall(), crossings);
    EXPECT_GE(crossings, 10u);
    EXPECT_GE(s.off_wall(), 1u);
}

TEST(BallsWall, OffByDefaultDrawnWhenOnAndResetClearsTheCounters) {
    const tick_input none;
    balls_scene off{with_wall(60, false)};
    for (int t = 0; t < 60; ++t) off.tick(none, 0.1);
    EXPECT_EQ(off.through_wall(), 0u);
    EXPECT_EQ(off.off_wall(), 0u);
    draw_list plain;
    off.draw(plain, 1.0);
    EXPECT_TRUE(plain.triangles.empty());

    balls_scene on{with_wall(60)};
    for (int t = 0; t < 60; ++t) on.tick(none, 0.1);
    ASSERT_GT(on.through_wall(), 0u);
    draw_list walled;
    on.draw(walled, 1.0);
    // Less the ring kept where a ball jumped the wall (balls_view_test).
    std::erase_if(walled.triangles, [](const auto& t) { return t.fill == ticklab::game::balls_mark_colour; });
    ASSERT_EQ(walled.triangles.size(), 2u);  // one rectangle, see-through, the full height of the box
    float low = 1e9f, high = -1e9f;
    for (const auto& tri : walled.triangles) {
        for (const auto& p : {tri.a, tri.b, tri.c}) {
            low = std::min(low, p.x);
            high = std::max(high, p.x);
        }
        EXPECT_LT(tri.fill.a, 255);
    }
    EXPECT_FLOAT_EQ(low, 78.0f);
    EXPECT_FLOAT_EQ(high, 82.0f);
    on.reset(with_wall(60));
    EXPECT_EQ(on.through_wall(), 0u);
    EXPECT_EQ(on.off_wall(), 0u);
}

TEST(BallsWall, SameOptionsSameHashAndTheWallChangesIt) {
    const tick_input none;
    balls_scene a{with_wall(60)}, b{with_wall(60)}, plain{with_wall(60, false)};
    for (int t = 0; t < 30; ++t) {
        a.tick(none, 0.1);
        b.tick(none, 0.1);
        plain.tick(none, 0.1);
    }
    EXPECT_EQ(a.state_hash(), b.state_hash());
    EXPECT_NE(a.state_hash(), plain.state_hash());
}

// The balls scene's state hashes after fixed runs, pinned: a speed-up of the tick must give the
// same bits (same contacts, in the same order per ball, the same floating-point operations). A
// change of the physics shows here first; update a pin only with a change that says why. Each pin
// holds for 1 to 3 threads (a thread count asked for splits the tick even for small scenes).
#include "scenes/balls_scene.hpp"

#include <gtest/gtest.h>

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <string>

using ticklab::game::balls_config;
using ticklab::game::balls_scene;
using ticklab::game::pointer_event;
using ticklab::game::scene_options;
using ticklab::game::tick_input;

namespace {

std::string hex(std::uint64_t value) {
    char text[24];
    std::snprintf(text, sizeof text, "0x%016" PRIx64, value);
    return text;
}

struct BallsHashPins : ::testing::TestWithParam<std::uint32_t> {
    // The scene's options on the test's thread count.
    static scene_options with_balls(std::uint32_t n, std::uint64_t seed) {
        scene_options options;
        options.balls = n;
        options.seed = seed;
        options.threads = GetParam();
        return options;
    }
};

// `ticks` ticks of `dt` from a reset, with a wave at tick 100 and a drag and a click at tick 150
// (so relaunches, wake-ups and spawning are covered too).
std::string run(balls_scene s, int ticks, double dt) {
    const tick_input none;
    tick_input poke;
    poke.pointer.push_back({pointer_event::kind::drag, {40.0, 20.0}, {30.0, 50.0}});
    poke.pointer.push_back({pointer_event::kind::click, {120.0, 60.0}, {}});
    for (int t = 1; t <= ticks; ++t) {
        if (t == 100) s.spawn_wave();
        s.tick(t == 150 ? poke : none, dt);
    }
    return hex(s.state_hash());
}

}  // namespace

TEST_P(BallsHashPins, SplashAndPileAt60Hz) {
    EXPECT_EQ(run(balls_scene{with_balls(3000, 1)}, 400, 1.0 / 60), "0x6cf9377241ec60e1");
}

TEST_P(BallsHashPins, SplashAt144HzAndAt10Hz) {
    EXPECT_EQ(run(balls_scene{with_balls(2000, 2)}, 500, 1.0 / 144), "0xf5b7d5fb02ee7e49");
    EXPECT_EQ(run(balls_scene{with_balls(2000, 2)}, 200, 1.0 / 10), "0x17f4ed4a82b36fd7");
}

TEST_P(BallsHashPins, GasWithoutGravity) {
    balls_config c;
    c.gravity_on = false;
    EXPECT_EQ(run(balls_scene{with_balls(3000, 3), c}, 300, 1.0 / 60), "0x2610f05eaccb563a");
}

TEST_P(BallsHashPins, PileWithSleepingOff) {
    balls_config c;
    c.sleeping = false;
    EXPECT_EQ(run(balls_scene{with_balls(3000, 4), c}, 300, 1.0 / 60), "0xad213015c987bebd");
}

TEST_P(BallsHashPins, OverfullCellsInAPackedBox) {
    balls_config c;
    c.width = 12.0;
    c.height = 8.0;
    c.fit_radius = false;  // far beyond the box's area: cells hold more than the per-cell cap
    balls_scene s{with_balls(600, 5), c};
    EXPECT_EQ(run(s, 160, 1.0 / 60), "0xbf7bef1e3404f2ba");
}

TEST_P(BallsHashPins, OneRowAndOneColumnGrids) {
    balls_config wide;
    wide.width = 400.0;
    wide.height = 2.0;
    EXPECT_EQ(run(balls_scene{with_balls(500, 6), wide}, 200, 1.0 / 60), "0x38c179d414740c18");
    balls_config tall;
    tall.width = 2.0;
    tall.height = 400.0;
    EXPECT_EQ(run(balls_scene{with_balls(500, 6), tall}, 200, 1.0 / 60), "0xa5ce0b7a9894a0ca");
}

TEST_P(BallsHashPins, AResetOfManyBallsSplitsAndGivesTheSameBalls) {
    // From balls_scene::min_balls_to_split balls a reset's per-ball pass runs on the pool: these
    // pins are the reset's of old, made ball by ball on one thread (with the wall, each ball is
    // also moved out of it, which reads where the ball came from).
    scene_options options = with_balls(12000, 7);
    EXPECT_EQ(run(balls_scene{options}, 2, 1.0 / 60), "0xadc2afc1c91f10ee");
    options.wall = true;
    EXPECT_EQ(run(balls_scene{options}, 2, 1.0 / 60), "0x0fbe2d8c0482b580");
}

INSTANTIATE_TEST_SUITE_P(Threads, BallsHashPins, ::testing::Values(1u, 2u, 3u),
                         [](const auto& info) { return std::to_string(info.param) + "_threads"; });

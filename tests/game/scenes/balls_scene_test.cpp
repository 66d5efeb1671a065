#include "scenes/balls_scene.hpp"
#include "balls_checks.hpp"

#include <gtest/gtest.h>
#include <ticklab/split_chooser.hpp>
#include <ticklab/worker_pool.hpp>

#include <bit>
#include <cmath>
#include <cstdint>

using ticklab::game::balls_config;
using ticklab::game::balls_scene;
using ticklab::game::pointer_event;
using ticklab::game::scene_options;
using ticklab::game::tick_input;

namespace {

scene_options with_balls(std::uint32_t n, std::uint64_t seed = 1) {
    scene_options options;
    options.balls = n;
    options.seed = seed;
    return options;
}

using ticklab_test::contained_and_finite;

void run(balls_scene& s, int ticks, double dt) {
    const tick_input none;
    for (int t = 0; t < ticks; ++t) s.tick(none, dt);
}

}  // namespace

TEST(BallsScene, StartsWithTheRequestedCount) {
    EXPECT_EQ(balls_scene{with_balls(0)}.size(), 0u);
    EXPECT_EQ(balls_scene{with_balls(300)}.size(), 300u);
    EXPECT_EQ(balls_scene{with_balls(1'000'000)}.size(), ticklab::game::max_balls);
}

TEST(BallsScene, BallsStayInTheBoxAtDefaultSettings) {
    balls_scene s{with_balls(2000)};
    run(s, 600, 1.0 / 60);
    EXPECT_TRUE(contained_and_finite(s));
}

TEST(BallsScene, TheBoxWidthOptionSetsTheBoxAndSurvivesAReset) {
    scene_options options = with_balls(500);
    options.box_width = 121;
    balls_scene s{options};
    EXPECT_EQ(s.config().width, 121.0);
    EXPECT_EQ(s.config().height, 90.0);
    run(s, 300, 1.0 / 60);
    EXPECT_TRUE(contained_and_finite(s));
    scene_options written;
    s.write_options(written);
    EXPECT_EQ(written.box_width, 121u);
    EXPECT_NE(s.state_hash(), balls_scene{with_balls(500)}.state_hash()) << "another box, another state";
    EXPECT_EQ(balls_scene{with_balls(500)}.config().width, 160.0) << "0: the scene's own";
}

TEST(BallsScene, HundredThousandBallsInATinyBoxStayFiniteAndInside) {
    balls_config c;
    c.width = 6.0;
    c.height = 4.0;
    c.fit_radius = false;  // radii 0.6 to 1.8 in a 6 x 4 box: packed far beyond its area
    c.gravity = balls_config::max_gravity;
    balls_scene s{with_balls(100'000), c};
    run(s, 5, 1.0);
    EXPECT_TRUE(contained_and_finite(s));
}

TEST(BallsScene, HugeGravityAtOneHertzStaysFiniteAndInside) {
    for (const double e : {0.0, 1.0}) {
        balls_config c;
        c.gravity = 1e300;  // clamped to max_gravity
        c.restitution = e;
        balls_scene s{with_balls(3000), c};
        run(s, 50, 1.0);
        EXPECT_TRUE(contained_and_finite(s)) << "restitution " << e;
    }
}

TEST(BallsScene, NanSettingsFallBackToDefaults) {
    balls_config c;
    c.gravity = std::nan("");
    c.restitution = std::nan("");
    c.width = std::nan("");
    balls_scene s{with_balls(100), c};
    run(s, 60, 1.0 / 60);
    EXPECT_TRUE(contained_and_finite(s));
    EXPECT_EQ(s.config().width, balls_config{}.width);
}

TEST(BallsScene, ElasticCollisionsDoNotCreateEnergyWithoutGravity) {
    // Without gravity and with restitution <= 1, walls and impulses can only keep or remove
    // kinetic energy (position corrections move balls but add no velocity). Dense, so there
    // are many collisions; checked after every tick against the start, allowing rounding only.
    for (const double e : {1.0, 0.7, 0.0}) {
        balls_config c;
        c.gravity_on = false;
        c.restitution = e;
        c.fill = 0.6;
        balls_scene s{with_balls(3000), c};
        const double start = s.kinetic_energy();
        ASSERT_GT(start, 0.0);
        double previous = start;
        for (int t = 0; t < 600; ++t) {
            run(s, 1, 1.0 / 60);
            const double now = s.kinetic_energy();
            ASSERT_LE(now, previous * (1.0 + 1e-9)) << "restitution " << e << ", tick " << t;
            previous = now;
        }
        if (e < 1.0) {
            EXPECT_LT(previous, 0.9 * start) << "restitution " << e << " should lose energy";
        }
    }
}

TEST(BallsScene, ElasticGasWithoutGravityKeepsItsEnergy) {
    // Friction and the resting-contact rules belong to piles: without gravity, restitution 1 must
    // mean that collisions go on for ever, as a learner would expect.
    balls_config c;
    c.gravity_on = false;
    c.restitution = 1.0;
    c.fill = 0.6;
    balls_scene s{with_balls(3000), c};
    const double start = s.kinetic_energy();
    run(s, 600, 1.0 / 60);
    EXPECT_GT(s.kinetic_energy(), 0.999 * start);
}

TEST(BallsScene, BallsCollideWithEachOther) {
    balls_config c;
    c.gravity_on = false;
    c.restitution = 1.0;
    c.radius_min = c.radius_max = 1.0;  // equal masses: an elastic head-on contact swaps velocities
    balls_scene s{with_balls(0), c};
    // Two balls shot at each other along x come back: only a ball-ball contact reverses them.
    tick_input input;
    s.spawn_at(70.0, 45.0, 1);
    s.spawn_at(90.0, 45.0, 1);
    // Push them towards each other with drags centred on each.
    pointer_event push_right;
    push_right.type = pointer_event::kind::drag;
    push_right.position = {70.0f, 45.0f};
    push_right.velocity = {20.0f, 0.0f};
    pointer_event push_left = push_right;
    push_left.position = {90.0f, 45.0f};
    push_left.velocity = {-20.0f, 0.0f};
    for (int k = 0; k < 10; ++k) {
        input.pointer = {push_right, push_left};
        s.tick(input, 1.0 / 60);
    }
    ASSERT_GT(s.vxs()[0], 0.0);
    ASSERT_LT(s.vxs()[1], 0.0);
    run(s, 120, 1.0 / 60);
    EXPECT_LT(s.vxs()[0], 0.0);
    EXPECT_GT(s.vxs()[1], 0.0);
    EXPECT_LT(s.xs()[0], s.xs()[1]);
}

TEST(BallsScene, ClickSpawnsBallsAtThePointer) {
    balls_scene s{with_balls(10)};
    tick_input input;
    pointer_event click;
    click.position = {40.0f, 30.0f};
    input.pointer.push_back(click);
    s.tick(input, 1.0 / 60);
    ASSERT_EQ(s.size(), 18u);
    for (std::size_t i = 10; i < 18; ++i) {
        EXPECT_NEAR(s.xs()[i], 40.0, 8.0);
        EXPECT_NEAR(s.ys()[i], 30.0, 8.0);
    }
}

TEST(BallsScene, WaveRelaunchesBallsFromTheTop) {
    balls_scene s{with_balls(200)};
    run(s, 600, 1.0 / 60);  // let them settle at the bottom
    const auto near_top = [&] {
        std::size_t count = 0;
        for (std::size_t i = 0; i < s.size(); ++i) count += s.ys()[i] > 0.9 * s.config().height ? 1 : 0;
        return count;
    };
    const std::size_t before = near_top();
    s.spawn_wave(40);
    EXPECT_EQ(s.size(), 200u) << "a wave keeps the ball count";
    EXPECT_EQ(near_top(), before + 40) << "40 distinct balls start again from the top";
}

TEST(BallsScene, WaveOnNoBallsDoesNothing) {
    balls_scene s{with_balls(0)};
    s.spawn_wave(40);
    EXPECT_EQ(s.size(), 0u);
}

TEST(BallsScene, SameSeedAndInputsGiveTheSameHash) {
    balls_scene a{with_balls(500, 7)}, b{with_balls(500, 7)}, c{with_balls(500, 8)};
    run(a, 120, 1.0 / 60);
    run(b, 120, 1.0 / 60);
    run(c, 120, 1.0 / 60);
    EXPECT_EQ(a.state_hash(), b.state_hash());
    EXPECT_NE(a.state_hash(), c.state_hash());
    run(b, 1, 1.0 / 60);
    EXPECT_NE(a.state_hash(), b.state_hash());
}

// A click's balls come from random draws in one fixed order on every compiler (the order of a
// call's arguments is not: GCC and clang differ), so a replay with clicks ends on the same
// state_hash whichever built it. The pinned positions only involve the random generator, + - *
// and sqrt, never libm's sin and cos (docs/replay_format.md, "Across builds").
TEST(BallsScene, ClickDrawsInTheSameOrderOnEveryCompiler) {
    balls_scene s{with_balls(0, 7)};
    tick_input click;
    click.pointer.push_back({pointer_event::kind::click, {50.0f, 40.0f}, {}});
    s.tick(click, 0.0);
    ASSERT_EQ(s.size(), 8u);
    std::uint64_t h = 1469598103934665603ull;
    for (std::size_t i = 0; i < s.size(); ++i) {
        for (const double v : {s.xs()[i], s.ys()[i], s.radii()[i]}) {
            h = (h ^ std::bit_cast<std::uint64_t>(v)) * 1099511628211ull;
        }
    }
    EXPECT_EQ(h, 0xeaf256b96b0d8ec4ull) << std::hex << h;
}

TEST(BallsScene, ResetRestoresTheInitialState) {
    balls_scene s{with_balls(200)};
    const auto initial = s.state_hash();
    run(s, 30, 1.0 / 60);
    s.reset(with_balls(200));
    EXPECT_EQ(s.state_hash(), initial);
}

// R in a window: the ball count and threads stay, so what the split_chooser measured still holds.
// Started over, it ran the splash's first ticks on one thread and the frames after R came late.
// The chooser's first probe (a split tick) comes after a fixed count of ticks, not after a time,
// so which tick is split does not depend on the machine's speed.
TEST(BallsScene, AResetWithTheSameCountKeepsWhatTheThreadChooserMeasured) {
    if (ticklab::worker_pool::machine_threads() < 2) GTEST_SKIP() << "one hardware thread: nothing to choose";
    scene_options options = with_balls(10'000);  // the chooser's smallest count; threads 0: the machine's
    balls_scene s{options};
    s.reset(options);
    for (std::uint32_t t = 0; t < ticklab::split_chooser::first_probe_after; ++t) {
        run(s, 1, 1.0 / 60.0);
        EXPECT_FALSE(s.last_tick_split()) << "tick " << t << ": a fresh chooser starts on one thread";
    }
    s.reset(options);
    run(s, 1, 1.0 / 60.0);
    EXPECT_TRUE(s.last_tick_split()) << "the reset started the chooser over: its probe of two threads was lost";
    // Another count is other work: measured afresh, from one thread.
    options.balls = 10'001;
    s.reset(options);
    run(s, 1, 1.0 / 60.0);
    EXPECT_FALSE(s.last_tick_split());
}

TEST(BallsScene, DrawInterpolatesBetweenTicks) {
    balls_config c;
    c.gravity_on = false;
    balls_scene s{with_balls(1), c};
    run(s, 1, 1.0 / 60);
    ticklab::game::draw_list at_start, halfway, at_end;
    s.draw(at_start, 0.0);
    s.draw(halfway, 0.5);
    s.draw(at_end, 1.0);
    ASSERT_EQ(halfway.circles.size(), 1u);
    EXPECT_FLOAT_EQ(halfway.circles[0].center.x, 0.5f * (at_start.circles[0].center.x + at_end.circles[0].center.x));
    EXPECT_FLOAT_EQ(at_end.circles[0].center.x, static_cast<float>(s.xs()[0]));
}

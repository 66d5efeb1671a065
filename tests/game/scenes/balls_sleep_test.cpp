// The balls scene under gravity: a pile comes to rest without crushing itself, resting balls
// sleep, and anything that moves near a sleeper, hits it or changes the physics wakes it.
#include "balls_checks.hpp"
#include "scenes/balls_scene.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>

using ticklab::game::balls_config;
using ticklab::game::balls_scene;
using ticklab::game::pointer_event;
using ticklab::game::scene_options;
using ticklab::game::tick_input;

namespace {

constexpr double dt_60hz = 1.0 / 60;

scene_options with_balls(std::uint32_t n) {
    scene_options options;
    options.balls = n;
    return options;
}

void run(balls_scene& s, int ticks, double dt = dt_60hz) {
    const tick_input none;
    for (int t = 0; t < ticks; ++t) s.tick(none, dt);
}

// Sleepers that nothing holds up: off the floor, touching no ball below them and fewer than two
// balls in all (with friction, a ball wedged between two others is held). Touching means within
// a fifth of its radius. Such a ball would hang in the air.
std::size_t hanging_sleepers(const balls_scene& s) {
    std::size_t hanging = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (!s.asleep(i)) continue;
        const double ri = s.radii()[i];
        bool held = s.ys()[i] - ri < 0.2 * ri;
        int touching = 0;
        for (std::size_t j = 0; j < s.size() && !held; ++j) {
            const double dx = s.xs()[j] - s.xs()[i];
            const double dy = s.ys()[j] - s.ys()[i];
            const double reach = ri + s.radii()[j];
            if (j == i || std::hypot(dx, dy) >= reach + 0.2 * ri) continue;
            held = dy < -0.05 * reach || ++touching >= 2;
        }
        hanging += held ? 0 : 1;
    }
    return hanging;
}

// Mean overlap of touching pairs, as a fraction of their contact distance: how far the pile has
// sunk into itself.
double mean_overlap(const balls_scene& s) {
    double sum = 0.0;
    std::size_t pairs = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        for (std::size_t j = i + 1; j < s.size(); ++j) {
            const double reach = s.radii()[i] + s.radii()[j];
            const double d = std::hypot(s.xs()[j] - s.xs()[i], s.ys()[j] - s.ys()[i]);
            if (d >= reach) continue;
            sum += (reach - d) / reach;
            ++pairs;
        }
    }
    return pairs == 0 ? 0.0 : sum / static_cast<double>(pairs);
}

}  // namespace

TEST(BallsSleep, RestingPileFallsAsleepAndStaysUncrushed) {
    balls_scene s{with_balls(2000)};
    run(s, 600);
    EXPECT_GE(s.sleeping_count(), 1800u) << "ten seconds after the start, the pile should be at rest";
    EXPECT_LT(mean_overlap(s), 0.02) << "balls sink into the ones below them";
    EXPECT_LT(s.kinetic_energy(), 1.0);
    EXPECT_TRUE(ticklab_test::contained_and_finite(s));
}

TEST(BallsSleep, SleepersNeverHangAfterWavesRelaunchTheirSupport) {
    balls_scene s{with_balls(2000)};
    run(s, 600);
    for (int wave = 0; wave < 3; ++wave) {
        s.spawn_wave(200);
        run(s, 240);
        EXPECT_EQ(hanging_sleepers(s), 0u) << "after wave " << wave;
    }
}

TEST(BallsSleep, WaveWakesTheBallsAroundTheRelaunchedOnes) {
    balls_scene s{with_balls(2000)};
    run(s, 600);
    const std::size_t before = s.sleeping_count();
    s.spawn_wave(40);
    run(s, 1);
    EXPECT_LT(s.sleeping_count() + 40, before) << "balls resting on the relaunched ones must wake";
}

TEST(BallsSleep, FastBallWakesThePileWhereItLands) {
    balls_scene s{with_balls(2000)};
    run(s, 600);
    ASSERT_GE(s.sleeping_count(), 1800u);
    const std::size_t before = s.sleeping_count();
    s.spawn_at(80.0, 85.0, 20);  // fall onto the middle of the pile
    run(s, 90);
    EXPECT_LT(s.sleeping_count(), before) << "the landing should wake sleepers";
    EXPECT_EQ(hanging_sleepers(s), 0u);
}

TEST(BallsSleep, DragWakesTheBallsItPushes) {
    balls_scene s{with_balls(2000)};
    run(s, 600);
    ASSERT_GE(s.sleeping_count(), 1800u);
    tick_input input;
    pointer_event drag;
    drag.type = pointer_event::kind::drag;
    drag.position = {80.0f, 5.0f};
    drag.velocity = {0.0f, 60.0f};
    input.pointer.push_back(drag);
    s.tick(input, dt_60hz);
    std::size_t moving_up = 0;
    for (std::size_t i = 0; i < s.size(); ++i) moving_up += !s.asleep(i) && s.vys()[i] > 10.0 ? 1 : 0;
    EXPECT_GT(moving_up, 10u);
}

TEST(BallsSleep, ChangingGravityWakesEveryBallButSettingTheSameConfigDoesNot) {
    balls_scene s{with_balls(1000)};
    run(s, 600);
    const std::size_t asleep = s.sleeping_count();
    ASSERT_GT(asleep, 900u);
    s.set_config(s.config());  // what the settings panel does every frame
    EXPECT_EQ(s.sleeping_count(), asleep);
    balls_config stronger = s.config();
    stronger.gravity *= 2.0;
    s.set_config(stronger);
    EXPECT_EQ(s.sleeping_count(), 0u);
}

TEST(BallsSleep, SleepingOffOrGravityOffKeepsEveryBallAwake) {
    balls_config no_sleep;
    no_sleep.sleeping = false;
    balls_scene a{with_balls(1000), no_sleep};
    run(a, 600);
    EXPECT_EQ(a.sleeping_count(), 0u);

    balls_config zero_g;
    zero_g.gravity_on = false;
    zero_g.restitution = 0.0;  // balls lose their speed, yet float: no sleeping without gravity
    balls_scene b{with_balls(1000), zero_g};
    run(b, 600);
    EXPECT_EQ(b.sleeping_count(), 0u);
}

TEST(BallsSleep, SleepingDoesNotChangeWhereTheFreeBallsGo) {
    // Before anything rests, sleeping must not alter the motion: the same run with it off gives
    // the same positions while no ball has slept yet.
    balls_config no_sleep;
    no_sleep.sleeping = false;
    balls_scene a{with_balls(500)}, b{with_balls(500), no_sleep};
    for (int t = 0; t < 30; ++t) {
        run(a, 1);
        run(b, 1);
        ASSERT_EQ(a.sleeping_count(), 0u);
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        ASSERT_EQ(a.xs()[i], b.xs()[i]);
        ASSERT_EQ(a.ys()[i], b.ys()[i]);
    }
}

TEST(BallsSleep, ShowAsleepDrawsSleepersInOneColourAndChangesNothingElse) {
    balls_scene s{with_balls(1000)};
    run(s, 600);
    ASSERT_GT(s.sleeping_count(), 0u);
    ticklab::game::draw_list plain, shown;
    s.draw(plain, 1.0);
    const std::uint64_t before = s.state_hash();
    balls_config c = s.config();
    c.show_sleeping = true;
    s.set_config(c);
    EXPECT_EQ(s.state_hash(), before) << "a drawing option must not touch the simulation";
    s.draw(shown, 1.0);
    ASSERT_EQ(shown.circles.size(), s.size());
    const auto same = [](const ticklab::game::rgba& a, const ticklab::game::rgba& b) {
        return a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a;
    };
    std::size_t first_sleeper = 0;
    while (!s.asleep(first_sleeper)) ++first_sleeper;
    const ticklab::game::rgba grey = shown.circles[first_sleeper].fill;
    std::size_t recoloured = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s.asleep(i)) {
            EXPECT_TRUE(same(shown.circles[i].fill, grey)) << "sleeper " << i << " in another colour";
            recoloured += same(plain.circles[i].fill, grey) ? 0 : 1;
        } else {
            EXPECT_TRUE(same(shown.circles[i].fill, plain.circles[i].fill)) << "awake ball " << i;
        }
    }
    EXPECT_GT(recoloured, s.sleeping_count() / 2) << "sleepers should change colour";
}

// On one thread the contact pass skips the rows where every ball sleeps (and the row above too),
// counting the balls a hard hit wakes during the pass; split across threads with
// resting_pass_alone off it visits every cell. Clicks inside a sleeping pile spawn fast balls that
// wake sleepers above them, which then push into the sleepers beside and above them in the same
// pass: every way must end on the same state.
TEST(BallsSleep, BallsWokenDuringAPassStillMeetTheirNeighboursOnOneThread) {
    struct way {
        unsigned threads;
        bool alone_at_rest;
    };
    std::uint64_t hashes[3] = {};
    const way ways[3] = {{1, true}, {2, false}, {2, true}};
    for (int w = 0; w < 3; ++w) {
        scene_options options = with_balls(3000);
        options.seed = 5;
        options.threads = ways[w].threads;
        balls_config config;
        config.resting_pass_alone = ways[w].alone_at_rest;
        balls_scene s{options, config};
        run(s, 600);
        const unsigned threads = ways[w].threads;
        ASSERT_EQ(s.sleeping_count(), s.size()) << threads << " threads: the pile should be asleep";
        for (int k = 0; k < 10; ++k) {
            tick_input click;
            click.pointer.push_back({pointer_event::kind::click, {20.0f + 12.0f * k, 4.0f + 1.5f * k}, {}});
            s.tick(click, dt_60hz);
            run(s, 3);
        }
        hashes[w] = s.state_hash();
    }
    EXPECT_EQ(hashes[0], hashes[1]) << "one thread against every cell visited on two";
    EXPECT_EQ(hashes[2], hashes[1]) << "two threads, the pass alone at rest, against every cell visited";
}

#include "run/lesson_library.hpp"
#include "scenes/balls_scene.hpp"
#include "scenes/lander_scene.hpp"
#include "session/session.hpp"
#include "sim/frame_time.hpp"

#include <gtest/gtest.h>

#include <ticklab/time_source.hpp>

#include <chrono>
#include <cstdint>

using namespace std::chrono_literals;
using ticklab::game::loop_settings;
using ticklab::game::session;

namespace {

// Tunnelling's wall and volleys, a budgeted task skipped one frame in three, and a cap that keeps
// a debt: every record restart_statistics clears has something in it.
loop_settings busy_settings() {
    loop_settings s;
    s.tick_rate_hz = 60;
    s.max_loops = 2;
    s.strategy.catch_up_mode = ticklab::catch_up::keep_debt;
    s.task_load_ms = 3.0;
    s.task_budget_ms = 2.0;
    return s;
}

constexpr ticklab::game::scene_options walled{.seed = 1, .balls = 60, .autopilot = false, .wall = true};

struct twin_runs : ::testing::Test {
    ticklab::manual_time_source source;

    void frame(session& s, ticklab::nanoseconds real) {
        source.advance(real);
        s.update_frame(s.advance());
    }
};

}  // namespace

using SessionStatistics = twin_runs;

TEST_F(SessionStatistics, RestartClearsEveryRecordAndKeepsTheState) {
    session s{source, "balls", walled, busy_settings()};
    s.count_load(true);
    for (int i = 0; i < 30; ++i) frame(s, 100ms);
    const auto& balls = dynamic_cast<const ticklab::game::balls_scene&>(s.current_scene());
    ASSERT_GT(s.loop().stats().debt, 0ns);
    ASSERT_GT(s.history().size(), 0u);
    ASSERT_GT(s.timeline().frames(), 0u);
    ASSERT_GT(s.timings().tick.count(), 0u);
    ASSERT_GT(s.budget_task().recent(60).frames, 0u);
    ASSERT_GT(balls.through_wall() + balls.off_wall(), 0u);
    const std::uint64_t through = balls.through_wall();
    const std::uint64_t ticks = s.ticks();
    const std::uint64_t hash = s.state_hash();

    s.restart_statistics();
    EXPECT_EQ(s.state_hash(), hash);
    EXPECT_EQ(s.ticks(), ticks);
    EXPECT_EQ(s.loop().stats().total_dropped, 0ns);
    EXPECT_EQ(s.loop().stats().debt, 0ns);
    EXPECT_EQ(s.loop().stats().max_ticks_per_frame, 0u);
    EXPECT_EQ(s.history().size(), 0u);
    EXPECT_EQ(s.timeline().frames(), 0u);
    EXPECT_EQ(s.timings().tick.count(), 0u);
    EXPECT_EQ(s.timings().frame.count(), 0u);
    EXPECT_EQ(s.budget_task().recent(60).frames, 0u);
    EXPECT_TRUE(s.budget_task().active()) << "the task itself goes on";
    EXPECT_EQ(balls.through_wall_shown(), 0u);
    EXPECT_EQ(balls.off_wall_shown(), 0u);
    EXPECT_EQ(balls.through_wall(), through) << "the total is simulation state (state_hash)";

    frame(s, 100ms);
    EXPECT_EQ(s.history().size(), 1u);
    EXPECT_EQ(s.timeline().frames(), 1u);
    EXPECT_EQ(s.budget_task().recent(60).frames, 1u);
}

// What the simulation sees is the ticks, in order, with what runs between them: a restart may
// change how many ticks the next frame runs (it forgives the debt) but not which state each tick
// makes. Two runs, one restarted, stopped on the same tick, have the same state.
TEST_F(SessionStatistics, ARestartedRunReachesTheSameStateOnTheSameTick) {
    session plain{source, "balls", walled, busy_settings()};
    session restarted{source, "balls", walled, busy_settings()};
    for (int i = 0; i < 30; ++i) {
        source.advance(100ms);
        plain.update_frame(plain.advance());
        restarted.update_frame(restarted.advance());
    }
    ASSERT_GT(restarted.loop().stats().debt, 100ms);
    restarted.restart_statistics();
    const std::uint64_t target = plain.ticks() + 400;
    for (session* s : {&plain, &restarted}) {
        s->stop_ticks_at(target);
        for (int i = 0; i < 2000 && s->ticks() < target; ++i) frame(*s, 50ms);
        ASSERT_EQ(s->ticks(), target);
    }
    EXPECT_EQ(restarted.state_hash(), plain.state_hash());
}

TEST_F(SessionStatistics, TheLandersPingCountsStartAfreshAndItsTotalsStay) {
    ticklab::game::lesson_setup setup;
    ticklab::game::find_lesson("target-gone")->configure(setup);
    session s{source, setup.scene, setup.options, setup.loop};
    for (int i = 0; i < 300; ++i) frame(s, 16700us);
    const auto& lander = dynamic_cast<const ticklab::game::lander_scene&>(s.current_scene());
    ASSERT_GT(lander.pings_shown().completed, 0u);
    ASSERT_GT(lander.pings_shown().target_gone, 0u);
    const std::uint32_t completed = lander.beacons().completed();
    const std::uint64_t hash = s.state_hash();
    s.restart_statistics();
    EXPECT_EQ(s.state_hash(), hash);
    EXPECT_EQ(lander.pings_shown().completed, 0u);
    EXPECT_EQ(lander.pings_shown().target_gone, 0u);
    EXPECT_EQ(lander.pings_shown().gone_slot_reused, 0u);
    EXPECT_EQ(lander.beacons().completed(), completed);
    for (int i = 0; i < 300; ++i) frame(s, 16700us);
    EXPECT_EQ(lander.pings_shown().completed, lander.beacons().completed() - completed);
    EXPECT_GT(lander.pings_shown().completed, 0u);
}

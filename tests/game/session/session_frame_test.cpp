// The session's frame as text 002's ExecuteFrame runs it: the scheduler's frame begun before the
// ticks (combined events), and the spare time at the end (idle tasks, the load governor).
#include "session/session.hpp"

#include <gtest/gtest.h>

#include <ticklab/time_source.hpp>

using namespace std::chrono_literals;
using ticklab::game::loop_settings;
using ticklab::game::session;

namespace {

struct frames : ::testing::Test {
    ticklab::manual_time_source source;

    // One frame of `real` time; its load is counted, not slept (manual-clock runs).
    void frame(session& s, ticklab::nanoseconds real, ticklab::nanoseconds budget = 0ns) {
        source.advance(real);
        s.update_frame(s.advance());
        s.use_spare_time(budget);
    }
};

}  // namespace

using SessionFrame = frames;

TEST_F(SessionFrame, CombinedEventsRunInTheGamesFrames) {
    session s{source, "balls", {.balls = 20}, {}};
    int runs = 0;
    s.tasks().schedule_frame_spread({.per_frame = 3, .name = "three a frame"}, [&runs] { ++runs; });
    for (int i = 0; i < 10; ++i) frame(s, 16ms);
    // Placed by begin_frame from the frame after the one it was scheduled in: 9 frames of 3.
    EXPECT_GE(runs, 27);
}

TEST_F(SessionFrame, IdleTasksRunOnlyWithTimeLeftInTheFrame) {
    loop_settings settings;
    settings.frame_load_ms = 20.0;
    session s{source, "balls", {.balls = 20}, settings};
    s.count_load(true);
    int runs = 0;
    s.tasks().schedule_idle({.name = "spare"}, [&runs] { ++runs; });
    frame(s, 16ms, 16ms);
    EXPECT_EQ(runs, 0) << "20 ms of frame load leave nothing of a 16 ms frame";
    EXPECT_EQ(s.spare().idle_runs, 0u);
    {
        auto edit = s.settings();
        edit.frame_load_ms = 4.0;
        s.set_settings(edit);
    }
    frame(s, 16ms, 16ms);
    EXPECT_EQ(runs, 1);
    frame(s, 16ms);
    EXPECT_EQ(runs, 1) << "no frame budget (no FPS cap): idle tasks wait";
}

TEST_F(SessionFrame, GovernorKeepsFiveToTenPercentOfTheFrameIdle) {
    loop_settings settings;
    settings.frame_load_ms = 5.0;
    settings.idle_work_ms = 30.0;
    session s{source, "balls", {.balls = 50}, settings};
    s.count_load(true);
    session plain{source, "balls", {.balls = 50}, {}};
    for (int i = 0; i < 300; ++i) {
        frame(s, 20ms, 20ms);
        plain.update_frame(plain.advance());
    }
    const ticklab::game::spare_time_figures& spare = s.spare();
    const double used = ticklab::to_milliseconds(spare.busy + spare.idle_time) / 20.0;
    EXPECT_GE(used, 0.88);
    EXPECT_LE(used, 0.96);
    EXPECT_LT(spare.level, 0.6) << "30 ms of background work cannot fit: the governor scaled it down";
    EXPECT_GT(spare.level, 0.3);
    EXPECT_EQ(s.state_hash(), plain.state_hash()) << "idle work is load only: the simulation never sees it";
}

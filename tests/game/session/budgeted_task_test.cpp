// The budget lesson's frame task (game/session/budgeted_task.hpp) on a session whose load is
// counted, as in headless runs: the scheduler's budget skips runs in a fixed beat.
#include "session/session.hpp"

#include <gtest/gtest.h>

#include <ticklab/time_source.hpp>

#include <string>

namespace {

using ticklab::game::session;

std::string run_frames(session& s, ticklab::manual_time_source& clock, int frames) {
    for (int i = 0; i < frames; ++i) {
        clock.advance(std::chrono::milliseconds{16});
        s.update_frame(s.advance());
    }
    return s.budget_task().recent(static_cast<std::size_t>(frames)).pattern;
}

TEST(BudgetedTask, ThreeMillisecondsOnATwoMillisecondBudgetRunTwoFramesInThree) {
    ticklab::manual_time_source clock;
    session s{clock, "balls", {}, {}};
    s.count_load(true);
    {
        auto edit = s.settings();
        edit.task_load_ms = 3.0;
        s.set_settings(edit);
    }
    {
        auto edit = s.settings();
        edit.task_budget_ms = 2.0;
        s.set_settings(edit);
    }
    EXPECT_EQ(run_frames(s, clock, 9), "##-##-##-");
    EXPECT_EQ(s.counted_load_ms(), 0.0) << "the last frame was skipped: no load counted";
    const auto tally = s.budget_task().recent(60);
    EXPECT_EQ(tally.runs, 6u);
    EXPECT_EQ(tally.frames, 9u);
}

TEST(BudgetedTask, NoBudgetRunsEveryFrameAndANewBudgetStartsAgain) {
    ticklab::manual_time_source clock;
    session s{clock, "balls", {}, {}};
    s.count_load(true);
    {
        auto edit = s.settings();
        edit.task_load_ms = 3.0;
        s.set_settings(edit);
    }
    EXPECT_EQ(run_frames(s, clock, 6), "######");
    EXPECT_EQ(s.counted_load_ms(), 3.0);
    {
        auto edit = s.settings();
        edit.task_budget_ms = 1.0;
        s.set_settings(edit);
    }  // 1 ms a frame against 3 ms a run: one frame in three
    EXPECT_EQ(run_frames(s, clock, 6), "#--#--");
}

TEST(BudgetedTask, ExistsOnlyWhileItHasWork) {
    ticklab::manual_time_source clock;
    session s{clock, "balls", {}, {}};
    run_frames(s, clock, 2);
    EXPECT_FALSE(s.budget_task().active());
    {
        auto edit = s.settings();
        edit.task_load_ms = 2.0;
        s.set_settings(edit);
    }
    run_frames(s, clock, 2);
    EXPECT_TRUE(s.budget_task().active());
    {
        auto edit = s.settings();
        edit.task_load_ms = 0.0;
        s.set_settings(edit);
    }
    run_frames(s, clock, 1);
    EXPECT_FALSE(s.budget_task().active());
    EXPECT_EQ(s.budget_task().recent(10).frames, 0u);
}

}  // namespace

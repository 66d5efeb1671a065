// Budgets per due run (the default) and per frame (text 002), the cap on banked credit, thresholds.
#include <ticklab/scheduler.hpp>

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

using namespace std::chrono_literals;
using ticklab::budget_period;
using ticklab::budget_rules;
using ticklab::nanoseconds;
using ticklab::scheduler;
using ticklab::task_context;

namespace {

// Frames of 16 ms of virtual time, each begun with begin_frame() as the game's session does.
struct frames {
    scheduler& tasks;
    std::uint64_t index = 0;
    void run(int count, nanoseconds length = 16ms) {
        for (int i = 0; i < count; ++i) {
            const nanoseconds start = tasks.now();
            tasks.begin_frame({.index = ++index, .start = start, .end = start + length});
            tasks.advance_to(start + length);
            tasks.run_frame(index);
            tasks.run_render();
        }
    }
};

// A frame task costing `cost` on a 2 ms budget with `rules`: the frames it ran on, of 1..count.
std::vector<std::uint64_t> frames_run(budget_rules rules, int count, nanoseconds cost = 3ms) {
    ticklab::manual_time_source cost_clock;
    scheduler tasks{{.cost_clock = &cost_clock}};
    std::vector<std::uint64_t> ran;
    tasks.schedule_frame({.budget = 2ms, .budgeting = rules}, [&](task_context& c) {
        ran.push_back(c.tasks.frame());
        cost_clock.advance(cost);
    });
    frames{tasks}.run(count);
    return ran;
}

}  // namespace

TEST(SchedulerBudget, TimeTaskDueFourTimesAFrameGetsFourBudgetsPerFrameByDefault) {
    ticklab::manual_time_source cost_clock;
    scheduler tasks{{.cost_clock = &cost_clock}};
    int runs = 0;
    tasks.schedule_time({.start = 4ms, .interval = 4ms, .budget = 2ms}, [&] {
        ++runs;
        cost_clock.advance(3ms);
    });
    frames{tasks}.run(3);  // 12 due runs
    EXPECT_EQ(runs, 8) << "2 ms per due run: 8 ms of a 16 ms frame";
}

TEST(SchedulerBudget, PerFrameBudgetHoldsTheSameTaskToTwoMillisecondsAFrame) {
    ticklab::manual_time_source cost_clock;
    scheduler tasks{{.cost_clock = &cost_clock}};
    std::vector<std::uint64_t> ran;  // the frame each run was in
    std::uint64_t frame = 0;
    tasks.schedule_time({.start = 4ms, .interval = 4ms, .budget = 2ms, .budgeting = {.per = budget_period::frame}},
                        [&] {
                            ran.push_back(frame);
                            cost_clock.advance(3ms);
                        });
    frames f{tasks};
    for (int i = 0; i < 9; ++i) {
        frame = f.index + 1;
        f.run(1);
    }
    EXPECT_EQ(ran, (std::vector<std::uint64_t>{1, 2, 4, 5, 7, 8})) << "one run in frames 1, 2, 4, 5, 7, 8";
}

TEST(SchedulerBudget, CapOnBankedCreditDecidesHowLongACheapPastPaysForADearPresent) {
    const auto runs_after_cheap_frames = [](budget_rules rules) {
        ticklab::manual_time_source cost_clock;
        scheduler tasks{{.cost_clock = &cost_clock}};
        nanoseconds cost = 0ms;
        int runs = 0;
        tasks.schedule_frame({.budget = 2ms, .budgeting = rules}, [&] {
            ++runs;
            cost_clock.advance(cost);
        });
        frames f{tasks};
        f.run(100);  // free runs bank credit, up to the cap
        cost = 4ms;
        runs = 0;
        f.run(10);
        return runs;
    };
    EXPECT_EQ(runs_after_cheap_frames({.per = budget_period::frame}), 5) << "default cap: one budget, no banking";
    EXPECT_EQ(runs_after_cheap_frames({.per = budget_period::frame, .cap = 6ms}), 6);
    EXPECT_EQ(runs_after_cheap_frames({.per = budget_period::frame, .cap = ticklab::unlimited_bank}), 10)
        << "the text's cumulative budget: 100 cheap frames pay for 100 dear ones";
}

TEST(SchedulerBudget, ThresholdTaskRunsOnlyWhenItsCreditCoversItsLastCost) {
    // Average rule: runs while in credit and may go into debt. Threshold: only when the whole last
    // cost is covered, so after its first (unmeasured) run it is never over budget.
    EXPECT_EQ(frames_run({.per = budget_period::frame, .cap = ticklab::unlimited_bank, .threshold = true}, 9),
              (std::vector<std::uint64_t>{1, 3, 5, 6, 8, 9}));
    EXPECT_EQ(frames_run({.per = budget_period::frame, .threshold = true}, 9), (std::vector<std::uint64_t>{1}))
        << "a 3 ms task that can bank at most 2 ms does not run at all";
    EXPECT_EQ(frames_run({.threshold = true}, 9, 1ms).size(), 9u) << "within budget: every frame";
}

TEST(SchedulerBudget, WithoutBeginFrameThePerFramePeriodStartsAtRunFrame) {
    ticklab::manual_time_source cost_clock;
    scheduler tasks{{.cost_clock = &cost_clock}};
    int runs = 0;
    tasks.schedule_time({.start = 4ms, .interval = 4ms, .budget = 2ms, .budgeting = {.per = budget_period::frame}},
                        [&] {
                            ++runs;
                            cost_clock.advance(1ms);
                        });
    for (std::uint64_t f = 1; f <= 4; ++f) {
        tasks.advance_to(std::chrono::milliseconds{16 * f});
        tasks.run_frame(f);
    }
    EXPECT_EQ(runs, 8) << "2 ms a frame buys two 1 ms runs of the four due";
}

TEST(SchedulerBudget, RulesAreReportedAndChecked) {
    scheduler tasks;
    const auto h = tasks.schedule_frame({.budget = 2ms, .budgeting = {.per = budget_period::frame, .cap = 8ms}}, [] {});
    ASSERT_TRUE(tasks.info(h));
    EXPECT_EQ(tasks.info(h)->budgeting.per, budget_period::frame);
    EXPECT_EQ(tasks.info(h)->budgeting.cap, 8ms);
    EXPECT_TRUE(tasks.set_budget_rules(h, {.threshold = true}));
    EXPECT_TRUE(tasks.info(h)->budgeting.threshold);
    EXPECT_THROW(tasks.schedule_frame({.budget = 2ms, .budgeting = {.cap = 1ms}}, [] {}), std::invalid_argument);
    EXPECT_THROW(tasks.set_budget_rules(h, {.cap = 1ms}), std::invalid_argument);
    EXPECT_THROW(tasks.schedule_frame({.budget = 2ms, .budgeting = {.cap = -1ms}}, [] {}), std::invalid_argument);
}

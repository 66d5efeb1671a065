#include <ticklab/frame_executor.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

using namespace std::chrono_literals;
using ticklab::fixed_loop;
using ticklab::frame_executor;
using ticklab::manual_time_source;
using ticklab::nanoseconds;
using ticklab::scheduler;
using ticklab::task_context;

namespace {

std::string ms(nanoseconds t) {
    return std::to_string(t / 1ms);
}

// A simulation that logs its ticks and, optionally, costs CPU time on the cost clock.
struct simulation final : ticklab::loop_client {
    std::vector<std::string>* log = nullptr;
    manual_time_source* cost_clock = nullptr;
    nanoseconds tick_cost{0};
    std::vector<nanoseconds> advanced;
    void advance_to(nanoseconds t) override { advanced.push_back(t); }
    void tick(const ticklab::tick_info& k) override {
        if (log != nullptr) log->push_back("tick@" + ms(k.time));
        if (cost_clock != nullptr) cost_clock->advance(tick_cost);
    }
};

}  // namespace

TEST(FrameExecutor, ExecutesAFrameInTheTextsOrder) {
    manual_time_source source;
    fixed_loop loop{source, {.tick_rate_hz = 100}};
    scheduler tasks;
    frame_executor frames{loop, tasks};
    std::vector<std::string> log;
    simulation sim;
    sim.log = &log;
    tasks.schedule_time({.start = 5ms, .interval = 10ms},
                        [&](task_context& c) { log.push_back("time@" + ms(c.tasks.now())); });
    tasks.schedule_tick({}, [&](task_context& c) { log.push_back("tick task " + std::to_string(c.tasks.tick())); });
    tasks.schedule_frame({}, [&](task_context& c) { log.push_back("frame@" + ms(c.tasks.now())); });
    tasks.schedule_render({}, [&] { log.push_back("render"); });
    tasks.schedule_frame({.after_render = true}, [&] { log.push_back("after render"); });
    source.advance(27ms);
    const ticklab::frame_stats& f = frames.execute_frame(sim);
    EXPECT_EQ(f.ticks, 2u);
    EXPECT_EQ(log, (std::vector<std::string>{"time@5", "tick@10", "tick task 1", "time@15", "tick@20", "tick task 2",
                                             "time@25", "frame@27", "render", "after render"}));
    EXPECT_EQ(sim.advanced, (std::vector<nanoseconds>{10ms, 20ms, 27ms})) << "the simulation sees the same passes";
}

TEST(FrameExecutor, FrameTargetIsKnownBeforeItsTicksRun) {
    manual_time_source source;
    fixed_loop loop{source, {.tick_rate_hz = 100, .max_loops = 2}};
    scheduler tasks;
    frame_executor frames{loop, tasks};
    simulation sim;
    std::vector<nanoseconds> seen_by_ticks;
    tasks.schedule_tick({}, [&](task_context& c) { seen_by_ticks.push_back(c.tasks.current_frame().end); });
    source.advance(35ms);  // three ticks due, two run: the 10 ms behind them are dropped
    frames.execute_frame(sim);
    EXPECT_EQ(loop.virtual_now(), 25ms);
    EXPECT_EQ(seen_by_ticks, (std::vector<nanoseconds>{25ms, 25ms})) << "the dropped backlog is known up front";
    EXPECT_EQ(loop.plan().target, 25ms);
    EXPECT_EQ(loop.plan().ticks, 2u);
    EXPECT_EQ(tasks.current_frame().start, 0ms);
}

TEST(FrameExecutor, StoppedClockStillRunsFrameAndRenderEventsButNoTimeEvents) {
    manual_time_source source;
    fixed_loop loop{source, {.tick_rate_hz = 100}};
    scheduler tasks;
    frame_executor frames{loop, tasks};
    simulation sim;
    int time_runs = 0;
    int frame_runs = 0;
    int render_runs = 0;
    int combined_runs = 0;
    tasks.schedule_time({.interval = 1ms}, [&] { ++time_runs; });
    tasks.schedule_frame_spread({.per_frame = 2}, [&] { ++combined_runs; });
    tasks.schedule_frame({}, [&] { ++frame_runs; });
    tasks.schedule_render({}, [&] { ++render_runs; });
    loop.clock().pause();
    for (int i = 0; i < 5; ++i) {
        source.advance(16ms);
        frames.execute_frame(sim);
    }
    EXPECT_EQ(time_runs, 1) << "the run due at 0 only";
    EXPECT_EQ(combined_runs, 0);
    EXPECT_EQ(frame_runs, 5);
    EXPECT_EQ(render_runs, 5);
    loop.clock().resume();
    source.advance(16ms);
    frames.execute_frame(sim);
    EXPECT_EQ(time_runs, 17);
    EXPECT_EQ(combined_runs, 2);
}

TEST(FrameExecutor, IdleTasksGetTheTimeLeftInTheFrameBudget) {
    manual_time_source source;
    manual_time_source cost_clock;
    fixed_loop loop{source, {.tick_rate_hz = 100}};
    scheduler tasks{{.cost_clock = &cost_clock}};
    frame_executor frames{loop, tasks, {.frame_budget = 16ms}};
    simulation sim;
    sim.cost_clock = &cost_clock;
    sim.tick_cost = 5ms;
    int idle_runs = 0;
    for (int i = 0; i < 8; ++i) {
        tasks.schedule_idle({}, [&] {
            ++idle_runs;
            cost_clock.advance(2ms);
        });
    }
    source.advance(20ms);
    frames.execute_frame(sim);  // two ticks: 10 ms busy, 6 ms left: idle runs at 10, 12 and 14 ms
    EXPECT_EQ(frames.load().busy, 10ms);
    EXPECT_EQ(frames.load().idle_runs, 3u);
    EXPECT_EQ(frames.load().idle_time, 6ms);
    EXPECT_EQ(idle_runs, 3);
    source.advance(40ms);
    frames.execute_frame(sim);  // four ticks: 20 ms, over budget: no idle time
    EXPECT_EQ(frames.load().idle_runs, 0u);
    EXPECT_EQ(idle_runs, 3);
}

TEST(FrameExecutor, GovernsTheLoadTowardsFiveToTenPercentIdleAsTheLoadChanges) {
    manual_time_source source;
    manual_time_source cost_clock;
    fixed_loop loop{source, {.tick_rate_hz = 60}};
    scheduler tasks{{.cost_clock = &cost_clock}};
    frame_executor frames{loop, tasks, {.frame_budget = 16ms, .govern_load = true}};
    simulation sim;
    // An AI task that thinks as hard as the level lets it: `effort` ms at level 1 (the load).
    double effort_ms = 10.0;
    tasks.schedule_frame({}, [&] {
        const double cost = effort_ms * frames.load_level();
        cost_clock.advance(nanoseconds{static_cast<std::int64_t>(std::llround(cost * 1e6))});
    });
    std::vector<double> levels;
    const auto run = [&](int count) {
        for (int i = 0; i < count; ++i) {
            source.advance(16'666'667ns);
            frames.execute_frame(sim);
            levels.push_back(frames.load_level());
        }
    };
    const auto idle = [&] { return 1.0 - ticklab::to_seconds(frames.load().busy) / 0.016; };
    run(100);
    EXPECT_DOUBLE_EQ(frames.load_level(), 1.0) << "10 ms of 16: the level stays at its maximum";
    effort_ms = 40.0;  // the scene gets busy
    run(100);
    EXPECT_GE(idle(), 0.05);
    EXPECT_LE(idle(), 0.10);
    effort_ms = 20.0;
    run(100);
    EXPECT_GE(idle(), 0.05);
    EXPECT_LE(idle(), 0.10);
    int reversals = 0;
    int direction = 0;
    for (std::size_t i = 1; i < levels.size(); ++i) {
        const int d = levels[i] > levels[i - 1] ? 1 : levels[i] < levels[i - 1] ? -1 : 0;
        if (d != 0 && direction != 0 && d != direction) ++reversals;
        if (d != 0) direction = d;
        EXPECT_LE(std::abs(levels[i] - levels[i - 1]), 0.05 + 1e-12) << "small steps, frame " << i;
    }
    EXPECT_EQ(reversals, 1) << "down when the load rose, up when it fell: no oscillation";
}

TEST(FrameExecutor, RefusesBadSettings) {
    manual_time_source source;
    fixed_loop loop{source};
    scheduler tasks;
    EXPECT_THROW(frame_executor(loop, tasks, {.frame_budget = -1ms}), std::invalid_argument);
    EXPECT_THROW(frame_executor(loop, tasks, {.govern_load = true}), std::invalid_argument);
    EXPECT_THROW(
        frame_executor(loop, tasks, {.frame_budget = 16ms, .govern_load = true, .governor = {.max_step = 2.0}}),
        std::invalid_argument);
}

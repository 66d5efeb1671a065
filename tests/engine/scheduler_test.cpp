#include <ticklab/fixed_loop.hpp>
#include <ticklab/scheduler.hpp>

#include <gtest/gtest.h>

#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

using namespace std::chrono_literals;
using ticklab::nanoseconds;
using ticklab::scheduler;
using ticklab::task_context;
using ticklab::task_handle;

namespace {

struct run_record {
    std::string name;
    std::int64_t due;
    nanoseconds clock;  // what now() said during the run
};

// A fixed_loop client forwarding to the scheduler in the documented per-frame order.
struct session final : ticklab::loop_client {
    scheduler& tasks;
    std::vector<nanoseconds> tick_times;
    explicit session(scheduler& s) : tasks{s} {}
    void advance_to(nanoseconds t) override { tasks.advance_to(t); }
    void tick(const ticklab::tick_info& k) override {
        tick_times.push_back(k.time);
        tasks.on_tick(k.index);
    }
    void frame(ticklab::fixed_loop& loop) {
        const auto& stats = loop.advance(*this);
        tasks.run_frame(stats.frame_index);
        tasks.run_render();
    }
};

}  // namespace

TEST(Scheduler, EqualTimeAndPriorityRunInScheduleOrder) {
    scheduler tasks;
    std::string order;
    for (char c : std::string{"abcde"}) {
        tasks.schedule_time({.start = 7ms, .interval = 7ms}, [&order, c] { order += c; });
    }
    tasks.advance_to(14ms);
    EXPECT_EQ(order, "abcdeabcde");
}

TEST(Scheduler, ClockReadsExactDueTimeWhenIntervalIsNotAMultipleOfTheTick) {
    scheduler tasks;
    ticklab::manual_time_source source;
    ticklab::fixed_loop loop{source, {.tick_rate_hz = 60, .max_loops = 8}};
    session game{tasks};
    std::vector<nanoseconds> seen;
    tasks.schedule_time({.start = 7ms, .interval = 7ms}, [&](task_context& c) {
        EXPECT_EQ(c.tasks.now(), nanoseconds{c.due});
        seen.push_back(c.tasks.now());
    });
    for (int i = 0; i < 10; ++i) {
        source.advance(10ms);
        game.frame(loop);
    }
    ASSERT_EQ(seen.size(), 14u);  // 7, 14, ..., 98 ms of the 100 ms that passed
    for (std::size_t i = 0; i < seen.size(); ++i) EXPECT_EQ(seen[i], std::chrono::milliseconds{7 * (i + 1)});
    EXPECT_EQ(tasks.now(), 100ms);
}

TEST(Scheduler, TimeTaskDueAtATickRunsBeforeThatTick) {
    scheduler tasks;
    ticklab::manual_time_source source;
    ticklab::fixed_loop loop{source, {.tick_rate_hz = 100, .max_loops = 8}};
    std::vector<std::string> events;
    struct client final : ticklab::loop_client {
        scheduler& tasks;
        std::vector<std::string>& events;
        client(scheduler& s, std::vector<std::string>& e) : tasks{s}, events{e} {}
        void advance_to(nanoseconds t) override { tasks.advance_to(t); }
        void tick(const ticklab::tick_info& k) override { events.push_back("tick@" + std::to_string(k.time / 1ms)); }
    } game{tasks, events};
    tasks.schedule_time({.start = 10ms, .interval = 10ms},
                        [&](task_context& c) { events.push_back("task@" + std::to_string(c.tasks.now() / 1ms)); });
    source.advance(25ms);
    loop.advance(game);
    EXPECT_EQ(events, (std::vector<std::string>{"task@10", "tick@10", "task@20", "tick@20"}));
}

TEST(Scheduler, DroppedBacklogIsSkippedForEveryTimeTask) {
    scheduler tasks;
    ticklab::manual_time_source source;
    ticklab::fixed_loop loop{source, {.tick_rate_hz = 100, .max_loops = 2}};
    session game{tasks};
    std::vector<nanoseconds> a;
    std::vector<nanoseconds> b;
    tasks.schedule_time({.interval = 5ms}, [&](task_context& c) { a.push_back(c.tasks.now()); });
    tasks.schedule_time({.interval = 3ms}, [&](task_context& c) { b.push_back(c.tasks.now()); });
    source.advance(1s);  // a hitch: only 2 ticks (20 ms) run; the rest is dropped
    game.frame(loop);
    const nanoseconds end = loop.virtual_now();
    EXPECT_LT(end, 30ms);
    EXPECT_EQ(tasks.now(), end);
    for (nanoseconds t : a) EXPECT_LE(t, end);
    for (nanoseconds t : b) EXPECT_LE(t, end);
    EXPECT_EQ(a.size(), static_cast<std::size_t>(end / 5ms) + 1);  // every run on its grid, none late
    EXPECT_EQ(b.size(), static_cast<std::size_t>(end / 3ms) + 1);
}

TEST(Scheduler, PausedClockStopsTimeTasksButNotFrameOrRenderTasks) {
    scheduler tasks;
    ticklab::manual_time_source source;
    ticklab::fixed_loop loop{source, {.tick_rate_hz = 60, .max_loops = 8}};
    session game{tasks};
    int time_runs = 0;
    int tick_runs = 0;
    int frame_runs = 0;
    int render_runs = 0;
    tasks.schedule_time({.interval = 1ms}, [&] { ++time_runs; });
    tasks.schedule_tick({}, [&] { ++tick_runs; });
    tasks.schedule_frame({}, [&] { ++frame_runs; });
    tasks.schedule_render({}, [&] { ++render_runs; });
    source.advance(16ms);
    game.frame(loop);
    loop.clock().pause();
    const int time_before = time_runs;
    const int ticks_before = tick_runs;
    for (int i = 0; i < 5; ++i) {
        source.advance(16ms);
        game.frame(loop);
    }
    EXPECT_EQ(time_runs, time_before);
    EXPECT_EQ(tick_runs, ticks_before);
    EXPECT_EQ(frame_runs, 6);
    EXPECT_EQ(render_runs, 6);
    loop.clock().resume();
    source.advance(16ms);
    game.frame(loop);
    EXPECT_GT(time_runs, time_before);
}

TEST(Scheduler, RenderTasksRunAfterFrameTasksInPriorityOrder) {
    scheduler tasks;
    std::string order;
    tasks.schedule_render({.priority = 0}, [&] { order += 'r'; });
    tasks.schedule_render({.priority = 5}, [&] { order += 'R'; });
    tasks.schedule_frame({}, [&] { order += 'f'; });
    tasks.run_frame(1);
    tasks.run_render();
    tasks.run_frame(2);
    tasks.run_render();
    EXPECT_EQ(order, "fRrfRr");
}

TEST(Scheduler, BudgetDoesNotBankCreditFromCheapRuns) {
    ticklab::manual_time_source cost_clock;
    scheduler tasks{{.cost_clock = &cost_clock}};
    nanoseconds cost = 0ms;
    int runs = 0;
    tasks.schedule_frame({.budget = 2ms}, [&] {
        ++runs;
        cost_clock.advance(cost);
    });
    for (std::uint64_t f = 1; f <= 100; ++f) tasks.run_frame(f);  // free runs for 100 frames
    cost = 4ms;
    runs = 0;
    for (std::uint64_t f = 101; f <= 110; ++f) tasks.run_frame(f);
    EXPECT_EQ(runs, 5) << "a 4 ms task on a 2 ms budget runs every other frame, whatever came before";
}

TEST(Scheduler, StaleHandleNeverReachesTheTaskReusingItsSlot) {
    scheduler tasks;
    int old_runs = 0;
    int new_runs = 0;
    const task_handle old_task = tasks.schedule_frame({}, [&] { ++old_runs; });
    EXPECT_TRUE(tasks.terminate(old_task));
    const task_handle new_task = tasks.schedule_frame({}, [&] { ++new_runs; });
    ASSERT_EQ(new_task.index, old_task.index) << "the test needs the slot reused";
    EXPECT_NE(new_task, old_task);
    EXPECT_FALSE(tasks.valid(old_task));
    EXPECT_FALSE(tasks.terminate(old_task));
    EXPECT_FALSE(tasks.pause(old_task));
    EXPECT_FALSE(tasks.resume(old_task));
    EXPECT_FALSE(tasks.set_priority(old_task, 3));
    EXPECT_FALSE(tasks.set_interval(old_task, std::uint64_t{5}));
    EXPECT_FALSE(tasks.info(old_task));
    tasks.run_frame(1);
    EXPECT_EQ(old_runs, 0);
    EXPECT_EQ(new_runs, 1);
    EXPECT_EQ(tasks.info(new_task)->priority, 0);
}

TEST(Scheduler, ExpiredTaskHandleIsStale) {
    scheduler tasks;
    const task_handle once = tasks.schedule_time({.start = 1ms}, [] {});
    EXPECT_TRUE(tasks.valid(once));
    tasks.advance_to(1ms);
    EXPECT_FALSE(tasks.valid(once));
    EXPECT_FALSE(tasks.pause(once));
}

TEST(Scheduler, TaskCanTerminateItselfAndScheduleIntoItsOwnSlotSafely) {
    scheduler tasks;
    int first_runs = 0;
    int replacement_runs = 0;
    task_handle replacement;
    tasks.schedule_time({.interval = 1ms}, [&](task_context& c) {
        ++first_runs;
        c.terminate();
        EXPECT_FALSE(c.tasks.valid(c.self));
        // Many schedules while the terminated task's callable is still executing.
        for (int i = 0; i < 100; ++i) {
            replacement = c.tasks.schedule_time({.start = 1ms, .interval = 1ms}, [&] { ++replacement_runs; });
        }
    });
    tasks.advance_to(3ms);
    EXPECT_EQ(first_runs, 1);
    EXPECT_EQ(replacement_runs, 100 * 3) << "each replacement ran at 1, 2 and 3 ms";
    EXPECT_EQ(tasks.size(), 100u);
}

TEST(Scheduler, TaskScheduledForNowDuringDispatchRunsFirstInTheNextPass) {
    scheduler tasks;  // never ticked: the next pass is the next advance_to
    std::vector<std::string> log;
    tasks.schedule_time({.start = 5ms}, [&](task_context& c) {
        log.push_back("a");
        c.tasks.schedule_time({.start = c.tasks.now()}, [&](task_context& inner) {
            log.push_back("now@" + std::to_string(inner.tasks.now() / 1ms));
        });
        c.tasks.schedule_time({.start = 0ms}, [&] { log.push_back("past"); });   // earlier = now
        c.tasks.schedule_time({.start = 7ms}, [&] { log.push_back("later"); });  // inside this pass: runs in it
    });
    tasks.schedule_time({.start = 5ms}, [&] { log.push_back("b"); });
    tasks.schedule_time({.start = 6ms}, [&] { log.push_back("c"); });
    tasks.advance_to(8ms);
    EXPECT_EQ(log, (std::vector<std::string>{"a", "b", "c", "later"}));
    tasks.schedule_time({.start = 9ms}, [&] { log.push_back("d"); });
    tasks.advance_to(9ms);
    EXPECT_EQ(log, (std::vector<std::string>{"a", "b", "c", "later", "now@8", "past", "d"}))
        << "held runs go first, with the clock where the pass that held them ended";
}

TEST(Scheduler, ZeroDelayRunPostedBeforeATickRunsAfterThatTickWhateverTheFrames) {
    // The same zero-delay post, in frames of 5 ms and of 20 ms over 10 ms ticks: it runs after the
    // tick that follows it, with the clock at that tick's time, both times.
    for (const nanoseconds frame_time : {5ms, 20ms}) {
        scheduler tasks;
        ticklab::manual_time_source source;
        ticklab::fixed_loop loop{source, {.tick_rate_hz = 100, .max_loops = 8}};
        std::vector<std::string> log;
        struct client final : ticklab::loop_client {
            scheduler& tasks;
            std::vector<std::string>& log;
            client(scheduler& s, std::vector<std::string>& l) : tasks{s}, log{l} {}
            void advance_to(nanoseconds t) override { tasks.advance_to(t); }
            void tick(const ticklab::tick_info& k) override {
                log.push_back("tick@" + std::to_string(k.time / 1ms));
                tasks.on_tick(k.index);
            }
        } game{tasks, log};
        tasks.schedule_time({.start = 13ms}, [&](task_context& c) {
            log.push_back("post@13");
            c.tasks.schedule_time(
                {}, [&](task_context& inner) { log.push_back("zero@" + std::to_string(inner.tasks.now() / 1ms)); });
        });
        for (int i = 0; i < 40ms / frame_time; ++i) {
            source.advance(frame_time);
            loop.advance(game);
        }
        EXPECT_EQ(log, (std::vector<std::string>{"tick@10", "post@13", "tick@20", "zero@20", "tick@30", "tick@40"}))
            << "frames of " << frame_time / 1ms << " ms";
    }
}

TEST(Scheduler, SelfRepostingZeroDelayTaskRunsOncePerTickAndTheFrameEnds) {
    scheduler tasks;
    ticklab::manual_time_source source;
    ticklab::fixed_loop loop{source, {.tick_rate_hz = 100, .max_loops = 8}};
    session game{tasks};
    std::vector<nanoseconds> runs;
    std::function<void()> repost = [&] {
        runs.push_back(tasks.now());
        if (runs.size() < 100) tasks.schedule_time({}, repost);  // no delay; the cap turns a hang into a failure
    };
    tasks.schedule_time({.start = 5ms}, repost);
    source.advance(45ms);
    game.frame(loop);  // four ticks: it must return
    EXPECT_EQ(runs, (std::vector<nanoseconds>{5ms, 10ms, 20ms, 30ms, 40ms}));
    loop.clock().pause();
    source.advance(45ms);
    game.frame(loop);  // no tick: it waits
    EXPECT_EQ(runs.size(), 5u);
}

TEST(Scheduler, FrameTaskScheduledDuringRunFrameForThisFrameRunsInTheNextFrame) {
    scheduler tasks;
    std::vector<std::string> log;
    tasks.schedule_frame({.start = 3, .interval = 0}, [&](task_context& c) {
        log.push_back("a" + std::to_string(c.tasks.frame()));
        c.tasks.schedule_frame({.interval = 0},
                               [&](task_context& inner) { log.push_back("b" + std::to_string(inner.tasks.frame())); });
    });
    tasks.schedule_time({.start = 1ms}, [&](task_context& c) {
        // Outside run_frame a frame task with no start runs at the next run_frame call.
        c.tasks.schedule_frame({.interval = 0},
                               [&](task_context& inner) { log.push_back("t" + std::to_string(inner.tasks.frame())); });
    });
    tasks.run_frame(1);
    tasks.run_frame(2);
    tasks.advance_to(1ms);
    tasks.run_frame(3);
    tasks.run_frame(4);
    EXPECT_EQ(log, (std::vector<std::string>{"a3", "t3", "b4"}));
}

TEST(Scheduler, SelfReschedulingTaskMovesItsOwnInterval) {
    scheduler tasks;
    std::vector<std::int64_t> at;
    tasks.schedule_time({.start = 1ms, .interval = 1ms}, [&](task_context& c) {
        at.push_back(c.tasks.now() / 1ms);
        c.tasks.set_interval(c.self, c.tasks.now() * 2);  // 1, 3, 9, 27
    });
    tasks.advance_to(30ms);
    EXPECT_EQ(at, (std::vector<std::int64_t>{1, 3, 9, 27}));
}

TEST(Scheduler, PauseAndResumeKeepTheGridAndSkipMissedRuns) {
    scheduler tasks;
    std::vector<std::int64_t> at;
    const task_handle h = tasks.schedule_time({.start = 10ms, .interval = 10ms},
                                              [&](task_context& c) { at.push_back(c.tasks.now() / 1ms); });
    tasks.advance_to(25ms);
    EXPECT_TRUE(tasks.pause(h));
    EXPECT_TRUE(tasks.info(h)->paused);
    tasks.advance_to(55ms);
    EXPECT_TRUE(tasks.resume(h));
    tasks.advance_to(70ms);
    EXPECT_EQ(at, (std::vector<std::int64_t>{10, 20, 60, 70}));
}

TEST(Scheduler, TaskPausingItselfStopsUntilResumed) {
    scheduler tasks;
    int runs = 0;
    const task_handle h = tasks.schedule_frame({}, [&](task_context& c) {
        ++runs;
        c.tasks.pause(c.self);
    });
    for (std::uint64_t f = 1; f <= 5; ++f) tasks.run_frame(f);
    EXPECT_EQ(runs, 1);
    tasks.resume(h);
    tasks.run_frame(6);
    EXPECT_EQ(runs, 2);
}

TEST(Scheduler, SetPriorityReordersThePendingRun) {
    scheduler tasks;
    std::string order;
    const task_handle a = tasks.schedule_time({.start = 1ms}, [&] { order += 'a'; });
    tasks.schedule_time({.start = 1ms}, [&] { order += 'b'; });
    EXPECT_TRUE(tasks.set_priority(a, 10));
    tasks.advance_to(1ms);
    EXPECT_EQ(order, "ab");
    order.clear();
    const task_handle c = tasks.schedule_time({.start = 2ms}, [&] { order += 'c'; });
    tasks.schedule_time({.start = 2ms}, [&] { order += 'd'; });
    tasks.set_priority(c, 0);  // same priority: re-queued behind d
    tasks.advance_to(2ms);
    EXPECT_EQ(order, "dc");
}

TEST(Scheduler, FrameTaskThatFallsBehindRunsOnceAndSkipsMissedRuns) {
    scheduler tasks;
    std::vector<std::uint64_t> frames;
    tasks.schedule_frame({.start = 1, .interval = 2}, [&](task_context& c) { frames.push_back(c.tasks.frame()); });
    tasks.run_frame(1);
    tasks.run_frame(10);  // frames 3..9 never happened
    tasks.run_frame(11);
    EXPECT_EQ(frames, (std::vector<std::uint64_t>{1, 10, 11}));
}

TEST(Scheduler, SnapshotListsEveryLiveTask) {
    ticklab::manual_time_source cost_clock;
    scheduler tasks{{.cost_clock = &cost_clock}};
    const task_handle a = tasks.schedule_time({.start = 1ms, .interval = 4ms, .priority = 2, .name = "balls"},
                                              [&] { cost_clock.advance(1us); });
    const task_handle b = tasks.schedule_frame({.interval = 3, .name = "hud"}, [] {});
    tasks.pause(b);
    tasks.advance_to(2ms);
    std::vector<ticklab::task_info> rows;
    tasks.snapshot(rows);
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].handle, a);
    EXPECT_EQ(rows[0].name, "balls");
    EXPECT_EQ(rows[0].kind, ticklab::task_kind::time);
    EXPECT_EQ(rows[0].priority, 2);
    EXPECT_EQ(rows[0].interval, 4'000'000);
    EXPECT_EQ(rows[0].next_due, 5'000'000);
    EXPECT_EQ(rows[0].runs, 1u);
    EXPECT_EQ(rows[0].last_cost, 1us);
    EXPECT_EQ(rows[1].name, "hud");
    EXPECT_TRUE(rows[1].paused);
    EXPECT_EQ(tasks.time_until_next(), 3ms);
}

TEST(Scheduler, AThrowingTaskEndsAloneAndIsCounted) {
    scheduler tasks;
    int calm_runs = 0;
    int thrower_runs = 0;
    const task_handle calm = tasks.schedule_time({.interval = 1ms, .name = "calm"}, [&] { ++calm_runs; });
    const task_handle h = tasks.schedule_time({.interval = 1ms, .name = "boom"}, [&] {
        if (++thrower_runs == 3) throw std::runtime_error{"third run"};
    });
    EXPECT_EQ(tasks.task_errors(), 0u);
    EXPECT_FALSE(tasks.last_task_error().has_value());
    EXPECT_NO_THROW(tasks.advance_to(5ms)) << "an exception ends its task, never the driving call";
    EXPECT_FALSE(tasks.valid(h));
    EXPECT_TRUE(tasks.valid(calm));
    EXPECT_EQ(thrower_runs, 3);
    EXPECT_EQ(calm_runs, 6) << "the other task ran on, also in the pass the thrower threw in";
    EXPECT_EQ(tasks.task_errors(), 1u);
    ASSERT_TRUE(tasks.last_task_error().has_value());
    EXPECT_EQ(tasks.last_task_error()->task, "boom");
    EXPECT_EQ(tasks.last_task_error()->what, "third run");
}

TEST(Scheduler, ThrowingTasksOfEveryKindEndAloneInTheirOwnPass) {
    scheduler tasks;
    int calm = 0;
    tasks.schedule_frame({.name = "calm frame"}, [&] { ++calm; });
    tasks.schedule_render({.name = "calm render"}, [&] { ++calm; });
    const task_handle tick = tasks.schedule_tick({.name = "tick"}, [] { throw std::runtime_error{"t"}; });
    const task_handle frame = tasks.schedule_frame({.name = "frame"}, [] { throw std::runtime_error{"f"}; });
    const task_handle after =
        tasks.schedule_frame({.after_render = true, .name = "after"}, [] { throw std::runtime_error{"a"}; });
    const task_handle render = tasks.schedule_render({.name = "render"}, [] { throw 42; });
    const task_handle idle = tasks.schedule_idle({.name = "idle"}, [] { throw std::runtime_error{"i"}; });
    for (std::uint64_t i = 1; i <= 3; ++i) {
        EXPECT_NO_THROW(tasks.on_tick(i));
        EXPECT_NO_THROW(tasks.run_frame(i));
        EXPECT_NO_THROW(tasks.run_render());
        EXPECT_NO_THROW(tasks.run_idle(1s));
    }
    for (const task_handle h : {tick, frame, after, render, idle}) EXPECT_FALSE(tasks.valid(h));
    EXPECT_EQ(calm, 6);
    EXPECT_EQ(tasks.task_errors(), 5u);
    EXPECT_EQ(tasks.last_task_error()->task, "idle");
    tasks.run_render();
    EXPECT_EQ(calm, 7);
}

TEST(Scheduler, AnErrorThatIsNotAStdExceptionIsNamedAsSuch) {
    scheduler tasks;
    tasks.schedule_render({}, [] { throw 42; });
    tasks.run_render();
    ASSERT_TRUE(tasks.last_task_error().has_value());
    EXPECT_EQ(tasks.last_task_error()->task, "");
    EXPECT_EQ(tasks.last_task_error()->what, "an exception that is not a std::exception");
}

TEST(Scheduler, ATaskThatTerminatesItselfAndThrowsIsCountedOnce) {
    scheduler tasks;
    const task_handle h = tasks.schedule_time({.interval = 1ms}, [](task_context& c) {
        c.terminate();
        throw std::runtime_error{"after terminate"};
    });
    tasks.advance_to(3ms);
    EXPECT_FALSE(tasks.valid(h));
    EXPECT_EQ(tasks.task_errors(), 1u);
    EXPECT_EQ(tasks.size(), 0u);
    tasks.schedule_time({}, [] {});  // the slot is free again and reused cleanly
    EXPECT_EQ(tasks.size(), 1u);
}

TEST(Scheduler, BadArgumentsThrow) {
    scheduler tasks;
    EXPECT_THROW(tasks.schedule_time({.interval = -1ms}, [] {}), std::invalid_argument);
    EXPECT_THROW(tasks.schedule_time({.priority = 5000}, [] {}), std::invalid_argument);
    EXPECT_THROW(tasks.schedule_frame({.budget = -1ms}, [] {}), std::invalid_argument);
    EXPECT_THROW(tasks.schedule_time({}, ticklab::task_function{}), std::invalid_argument);
    const task_handle t = tasks.schedule_time({.interval = 1ms}, [] {});
    EXPECT_THROW(tasks.set_interval(t, std::uint64_t{3}), std::invalid_argument);
    tasks.advance_to(5ms);
    EXPECT_THROW(tasks.advance_to(4ms), std::invalid_argument);
    tasks.run_frame(5);
    EXPECT_THROW(tasks.run_frame(4), std::invalid_argument);
}

TEST(Scheduler, DrivingFromInsideATaskIsRefused) {
    scheduler tasks;
    bool refused = false;
    tasks.schedule_frame({}, [&](task_context& c) {
        try {
            c.tasks.advance_to(1s);
        } catch (const std::logic_error&) {
            refused = true;
        }
    });
    tasks.run_frame(1);
    EXPECT_TRUE(refused);
    EXPECT_EQ(tasks.now(), 0ms);
    tasks.schedule_frame({.name = "drives"}, [](task_context& c) { c.tasks.on_tick(1); });
    EXPECT_NO_THROW(tasks.run_frame(2)) << "not caught in the task, the refusal ends the task";
    EXPECT_EQ(tasks.task_errors(), 1u);
    EXPECT_EQ(tasks.last_task_error()->what, "on_tick called from inside a running task");
}

TEST(Scheduler, ARunObserverIsToldOfEveryRunAndSkipWithItsMeasuredCost) {
    ticklab::manual_time_source cost_clock;
    scheduler tasks{{.cost_clock = &cost_clock}};
    std::vector<ticklab::task_run> seen;
    std::vector<std::string> names;
    tasks.set_run_observer([&](const ticklab::task_run& run) {
        seen.push_back(run);
        names.emplace_back(run.name);
    });
    tasks.schedule_frame({.budget = 2ms, .name = "heavy"}, [&] { cost_clock.advance(3ms); });
    tasks.schedule_time({.start = 5ms, .name = "once"}, [] {});
    for (std::uint64_t frame = 1; frame <= 3; ++frame) tasks.run_frame(frame);
    tasks.advance_to(10ms);
    // A 3 ms task on a 2 ms budget: runs, runs (credit 1 ms left), skips; then the one-shot time
    // task (already ended when it is told, so a snapshot would never have shown it run).
    ASSERT_EQ(seen.size(), 4U);
    EXPECT_EQ(names, (std::vector<std::string>{"heavy", "heavy", "heavy", "once"}));
    EXPECT_FALSE(seen[0].skipped);
    EXPECT_EQ(seen[0].cost, 3ms);
    EXPECT_EQ(seen[0].begin, 0ms);
    EXPECT_EQ(seen[0].kind, ticklab::task_kind::frame);
    EXPECT_FALSE(seen[1].skipped);
    EXPECT_EQ(seen[1].begin, 3ms);
    EXPECT_TRUE(seen[2].skipped);
    EXPECT_EQ(seen[2].cost, 0ms);
    EXPECT_EQ(seen[2].begin, 6ms);
    EXPECT_EQ(seen[3].kind, ticklab::task_kind::time);
    EXPECT_EQ(seen[3].due, 5'000'000);

    tasks.set_run_observer(nullptr);
    tasks.run_frame(4);
    EXPECT_EQ(seen.size(), 4U) << "no observer, no calls";
}

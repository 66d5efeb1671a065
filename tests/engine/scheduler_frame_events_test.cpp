// What text 002 describes beyond plain time and frame events: combined events, idle tasks, frame
// events after the render task, windows changed after scheduling and inclusive ends.
#include <ticklab/scheduler.hpp>

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

using namespace std::chrono_literals;
using ticklab::nanoseconds;
using ticklab::scheduler;
using ticklab::task_context;
using ticklab::task_handle;

namespace {

// One frame as the game's session runs it: begin, time events to the end, frame events, render.
void frame(scheduler& tasks, std::uint64_t index, nanoseconds length) {
    const nanoseconds start = tasks.now();
    tasks.begin_frame({.index = index, .start = start, .end = start + length});
    tasks.advance_to(start + length);
    tasks.run_frame(index);
    tasks.run_render();
}

std::vector<std::int64_t> in_ms(const std::vector<nanoseconds>& times) {
    std::vector<std::int64_t> out;
    for (const nanoseconds t : times) out.push_back(t / 1ms);
    return out;
}

}  // namespace

TEST(SchedulerFrameEvents, OffsetEventRunsTenMillisecondsIntoEveryFrameLongEnough) {
    scheduler tasks;
    std::vector<nanoseconds> at;
    tasks.schedule_frame_offset({.offset = 10ms}, [&](task_context& c) {
        EXPECT_EQ(c.tasks.now(), nanoseconds{c.due});
        at.push_back(c.tasks.now());
    });
    frame(tasks, 1, 16ms);  // (0, 16]: 10
    frame(tasks, 2, 8ms);   // (16, 24]: 26 is past the end, no run
    frame(tasks, 3, 16ms);  // (24, 40]: 34
    frame(tasks, 4, 0ms);   // paused: no virtual time, no run
    frame(tasks, 5, 10ms);  // (40, 50]: 50, the end is inclusive
    EXPECT_EQ(in_ms(at), (std::vector<std::int64_t>{10, 34, 50}));
}

TEST(SchedulerFrameEvents, SpreadEventRunsKTimesEvenlyOverEachFramesVirtualTime) {
    scheduler tasks;
    std::vector<nanoseconds> at;
    tasks.schedule_frame_spread({.per_frame = 5}, [&](task_context& c) { at.push_back(c.tasks.now()); });
    frame(tasks, 1, 20ms);
    frame(tasks, 2, 0ms);  // paused
    frame(tasks, 3, 10ms);
    EXPECT_EQ(in_ms(at), (std::vector<std::int64_t>{4, 8, 12, 16, 20, 22, 24, 26, 28, 30}));
}

TEST(SchedulerFrameEvents, CombinedEventsTakeTheirPlaceAmongTimeTasksByTime) {
    scheduler tasks;
    std::string order;
    tasks.schedule_time({.start = 5ms, .interval = 5ms}, [&] { order += 't'; });
    tasks.schedule_frame_spread({.per_frame = 2}, [&] { order += 's'; });
    tasks.schedule_frame_offset({.offset = 7ms}, [&] { order += 'o'; });
    tasks.schedule_frame({}, [&] { order += 'F'; });
    frame(tasks, 1, 12ms);  // t5 s6 o7 t10 s12, then the frame task
    EXPECT_EQ(order, "tsotsF");
}

TEST(SchedulerFrameEvents, PausedCombinedEventSkipsFramesUntilResumed) {
    scheduler tasks;
    int runs = 0;
    const task_handle h = tasks.schedule_frame_spread({.per_frame = 3}, [&] { ++runs; });
    frame(tasks, 1, 9ms);
    EXPECT_TRUE(tasks.pause(h));
    frame(tasks, 2, 9ms);
    EXPECT_TRUE(tasks.resume(h));
    frame(tasks, 3, 9ms);
    EXPECT_EQ(runs, 6);
    EXPECT_TRUE(tasks.terminate(h));
    frame(tasks, 4, 9ms);
    EXPECT_EQ(runs, 6);
    EXPECT_EQ(tasks.size(), 0u);
}

TEST(SchedulerFrameEvents, CombinedEventsNeedBeginFrame) {
    scheduler tasks;
    int runs = 0;
    tasks.schedule_frame_offset({.offset = 1ms}, [&] { ++runs; });
    tasks.advance_to(100ms);
    tasks.run_frame(1);
    EXPECT_EQ(runs, 0);
}

TEST(SchedulerFrameEvents, FrameWindowIsKnownBeforeTheFramesTimeEventsRun) {
    scheduler tasks;
    nanoseconds seen_end{-1};
    tasks.schedule_time({.start = 3ms}, [&](task_context& c) { seen_end = c.tasks.current_frame().end; });
    tasks.begin_frame({.index = 1, .start = 0ms, .end = 16ms});
    tasks.advance_to(16ms);
    EXPECT_EQ(seen_end, 16ms);
    EXPECT_EQ(tasks.current_frame().index, 1u);
    EXPECT_THROW(tasks.begin_frame({.index = 2, .start = 20ms, .end = 19ms}), std::invalid_argument);
    EXPECT_THROW(tasks.begin_frame({.index = 2, .start = 10ms, .end = 30ms}), std::invalid_argument)
        << "a frame cannot start before now()";
    tasks.schedule_frame({}, [](task_context& c) { c.tasks.begin_frame({.index = 9, .start = 1s, .end = 2s}); });
    tasks.run_frame(2);
    EXPECT_EQ(tasks.task_errors(), 1u) << "begin_frame from inside a task is refused, which ends the task";
    EXPECT_EQ(tasks.current_frame().index, 1u);
}

TEST(SchedulerFrameEvents, FrameEventsRunBeforeOrAfterTheRenderTasks) {
    scheduler tasks;
    std::string order;
    tasks.schedule_render({}, [&] { order += 'R'; });
    tasks.schedule_frame({.after_render = true}, [&] { order += 'a'; });
    tasks.schedule_frame({}, [&] { order += 'b'; });
    tasks.schedule_frame({.start = 2, .interval = 0, .after_render = true}, [&] { order += '2'; });
    for (std::uint64_t f = 1; f <= 3; ++f) {
        tasks.run_frame(f);
        tasks.run_render();
        order += '|';
    }
    EXPECT_EQ(order, "bRa|bR2a|bRa|") << "at equal frames, the run queued first goes first";
    EXPECT_THROW(tasks.schedule_tick({.after_render = true}, [] {}), std::invalid_argument);
}

TEST(SchedulerFrameEvents, AfterRenderTaskScheduledDuringTheFrameRunsInItsRenderPass) {
    scheduler tasks;
    std::string order;
    tasks.schedule_frame({.interval = 0}, [&](task_context& c) {
        order += 'f';
        c.tasks.schedule_frame({.interval = 0, .after_render = true}, [&] { order += 'a'; });
    });
    tasks.run_frame(1);
    tasks.run_render();
    EXPECT_EQ(order, "fa");
}

TEST(SchedulerFrameEvents, IdleTasksRunOnlyWithTimeLeftAndTakeTurns) {
    ticklab::manual_time_source cost_clock;
    scheduler tasks{{.cost_clock = &cost_clock}};
    std::string order;
    for (const char name : std::string{"ABCD"}) {
        tasks.schedule_idle({}, [&, name] {
            order += name;
            cost_clock.advance(2ms);
        });
    }
    EXPECT_EQ(tasks.run_idle(5ms), 3u);  // A at 0, B at 2, C at 4; at 6 the 5 ms are gone
    EXPECT_EQ(tasks.run_idle(3ms), 2u);  // D first (it waited longest), then A
    EXPECT_EQ(tasks.run_idle(0ms), 0u);
    EXPECT_EQ(tasks.run_idle(-1ms), 0u);
    EXPECT_EQ(tasks.run_idle(1h), 4u) << "each at most once a call";
    EXPECT_EQ(order,
              "ABCDA"
              "BCDA");
    EXPECT_EQ(tasks.info(task_handle{0, 1})->kind, ticklab::task_kind::idle);
}

TEST(SchedulerFrameEvents, DurationCanBeChangedAfterScheduling) {
    scheduler tasks;
    std::vector<nanoseconds> at;
    const task_handle h =
        tasks.schedule_time({.start = 1ms, .interval = 1ms}, [&](task_context& c) { at.push_back(c.tasks.now()); });
    tasks.advance_to(2ms);
    EXPECT_TRUE(tasks.set_duration(h, 4ms));  // runs start in [1, 5) ms
    tasks.advance_to(10ms);
    EXPECT_EQ(in_ms(at), (std::vector<std::int64_t>{1, 2, 3, 4}));
    EXPECT_FALSE(tasks.valid(h));

    const task_handle f = tasks.schedule_frame({.start = 1}, [] {});
    tasks.run_frame(1);
    tasks.run_frame(2);
    EXPECT_TRUE(tasks.set_last(f, std::uint64_t{2}));
    EXPECT_FALSE(tasks.valid(f)) << "its pending run (frame 3) is outside the new window: it ends at once";
    const task_handle g = tasks.schedule_frame({.start = 3, .duration = 2}, [] {});
    EXPECT_TRUE(tasks.set_duration(g, std::uint64_t{0}));  // forever
    for (std::uint64_t k = 3; k <= 10; ++k) tasks.run_frame(k);
    EXPECT_EQ(tasks.info(g)->runs, 8u);
    EXPECT_THROW(tasks.set_duration(g, 5ms), std::invalid_argument) << "a frame task takes a count";
    const task_handle o = tasks.schedule_frame_offset({.offset = 1ms}, [] {});
    EXPECT_THROW(tasks.set_duration(o, 5ms), std::invalid_argument);
}

TEST(SchedulerFrameEvents, InclusiveLastIsTheSameWindowAsDurationPlusOne) {
    scheduler tasks;
    std::vector<nanoseconds> by_last;
    std::vector<nanoseconds> by_duration;
    tasks.schedule_time({.start = 5ms, .interval = 5ms, .last = 15ms},
                        [&](task_context& c) { by_last.push_back(c.tasks.now()); });
    tasks.schedule_time({.start = 5ms, .interval = 5ms, .duration = 10ms + 1ns},
                        [&](task_context& c) { by_duration.push_back(c.tasks.now()); });
    tasks.advance_to(100ms);
    EXPECT_EQ(in_ms(by_last), (std::vector<std::int64_t>{5, 10, 15}));
    EXPECT_EQ(by_last, by_duration);
    EXPECT_THROW(tasks.schedule_time({.start = 5ms, .duration = 1ms, .last = 9ms}, [] {}), std::invalid_argument);
    EXPECT_THROW(tasks.schedule_time({.start = 5ms, .last = 4ms}, [] {}), std::invalid_argument);
    EXPECT_THROW(tasks.schedule_time({.start = 0ms, .last = 50ms}, [] {}), std::invalid_argument)
        << "now() is 100 ms: the window is over before its first run";
}

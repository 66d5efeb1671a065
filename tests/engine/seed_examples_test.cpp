// The worked examples of the source texts (/work/shared/seeds in the project's history; see
// docs/scheduler.md and docs/strategies.md for where we differ from them and why), written so that
// each test reads like the passage it checks.
//
//   000  "Precise game event broadcasting" (GPG3 3.5): the deferred call to parrot 42
//   002  "Scheduling Game Events" (GPG3 1.1): table 1.1.1, the frame task 200/3/10, table 1.1.2,
//        figure 1.1.3, stop and run, combined events
//   003  Python yield: the dungeon ("fuben") score that waits for every player's reply
//   004  "Game architecture", real-time loops: the fixed-tick loop as printed, beside ours
#include <ticklab/deferred_calls.hpp>
#include <ticklab/fixed_loop.hpp>
#include <ticklab/object_registry.hpp>
#include <ticklab/scheduler.hpp>
#include <ticklab/script.hpp>

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <utility>
#include <vector>

using namespace std::chrono_literals;
using ticklab::nanoseconds;
using ticklab::scheduler;
using ticklab::task_context;

// ---- text 000: deferred calls ---------------------------------------------------------------------

namespace {

struct parrot {
    std::string breed = "Norwegian Blue";
    std::vector<std::pair<int, int>> woken;  // (intensity, sincerity) of each WakeTheParrot
    void wake_the_parrot(int intensity, int sincerity) { woken.emplace_back(intensity, sincerity); }
};

struct other_object {};

}  // namespace

TEST(SeedTexts, Text000DeferredCallWakesParrot42After100MillisecondsThenCallsBack) {
    scheduler tasks;
    ticklab::object_registry<parrot> objects;  // objMgr: ids to objects
    ticklab::deferred_calls deferred{tasks};
    // Objects 0..41 first, so that the parrot is object 42.
    for (int i = 0; i < 42; ++i) objects.create();
    const ticklab::object_handle obj_id = objects.create();  // a parrot, Norwegian Blue
    ASSERT_EQ(obj_id.index, 42u);
    std::vector<std::string> printed;
    const int intensity = 9;
    const int sincerity = 0;
    // deferred.Call(objId, 'WakeTheParrot', (intensity, sincerity), 100, Callback, (objId,))
    deferred.call(
        objects, obj_id, [&](parrot& p) { p.wake_the_parrot(intensity, sincerity); }, 100ms,
        [&](ticklab::call_status) {
            printed.push_back("Parrot " + std::to_string(obj_id.index) + " is pining for the fjords.");
        });
    // ExecuteDeferredCalls() returns how long to wait until the next call.
    EXPECT_EQ(deferred.time_until_next(), 100ms);
    tasks.advance_to(99ms);
    EXPECT_TRUE(objects.get(obj_id)->woken.empty()) << "never before its time";
    tasks.advance_to(100ms);
    EXPECT_EQ(objects.get(obj_id)->woken, (std::vector<std::pair<int, int>>{{9, 0}}));
    EXPECT_EQ(printed, (std::vector<std::string>{"Parrot 42 is pining for the fjords."}));
    EXPECT_FALSE(deferred.time_until_next()) << "nothing left: wait forever";
}

TEST(SeedTexts, Text000CallsAtTheSameTimeRunFirstInFirstOutAndAGoneTargetIsSkipped) {
    scheduler tasks;
    ticklab::object_registry<parrot> objects;
    ticklab::deferred_calls deferred{tasks};
    const ticklab::object_handle polly = objects.create();
    const ticklab::object_handle gone = objects.create();
    std::string order;
    deferred.call(
        objects, polly, [&](parrot&) { order += '1'; }, 50ms);
    deferred.call(
        objects, gone, [&](parrot&) { order += 'x'; }, 50ms);
    deferred.call(
        objects, polly, [&](parrot&) { order += '2'; }, 50ms);
    objects.destroy(gone);  // the game destroyed it before the call was due
    tasks.advance_to(50ms);
    EXPECT_EQ(order, "12");
}

TEST(SeedTexts, Text000ZeroDelayCallEntersTheQueueAndRunsInTheExecutorsNextPass) {
    scheduler tasks;
    ticklab::deferred_calls deferred{tasks};
    std::vector<std::string> log;
    deferred.call(
        [&] {
            log.push_back("first");
            deferred.call([&] { log.push_back("posted with delay 0"); }, 0ms);
        },
        10ms);
    tasks.advance_to(10ms);  // one run of ExecuteDeferredCalls()
    EXPECT_EQ(log, (std::vector<std::string>{"first"}));
    EXPECT_EQ(deferred.time_until_next(), 0ms) << "due now: the main loop does not wait";
    tasks.advance_to(10ms);  // the next run
    EXPECT_EQ(log, (std::vector<std::string>{"first", "posted with delay 0"}));
}

// ---- text 002: scheduling game events -------------------------------------------------------------

TEST(SeedTexts, Text002Table111TwoTasksInSequence) {
    scheduler tasks;
    std::vector<std::pair<std::int64_t, std::string>> log;
    // Task 1: from 5 ms to 15 ms, every 5 ms, normal priority.
    tasks.schedule_time({.start = 5ms, .interval = 5ms, .last = 15ms, .priority = 0},
                        [&](task_context& c) { log.emplace_back(c.tasks.now() / 1ms, "T1"); });
    // Task 2: from 11 ms to 19 ms, every 4 ms, high priority.
    tasks.schedule_time({.start = 11ms, .interval = 4ms, .last = 19ms, .priority = 1},
                        [&](task_context& c) { log.emplace_back(c.tasks.now() / 1ms, "T2"); });
    for (int ms = 1; ms <= 30; ++ms) tasks.advance_to(std::chrono::milliseconds{ms});
    // At 15 both run; task 2 has the higher priority, so it goes first.
    const std::vector<std::pair<std::int64_t, std::string>> table{{5, "T1"},  {10, "T1"}, {11, "T2"},
                                                                  {15, "T2"}, {15, "T1"}, {19, "T2"}};
    EXPECT_EQ(log, table);
    EXPECT_EQ(tasks.size(), 0u) << "both tasks expire after their last run";
}

TEST(SeedTexts, Text002FrameTaskFrom200EveryThreeFramesForTenRunsOn200203206209) {
    scheduler tasks;
    std::vector<std::uint64_t> frames;
    // scheduler.Schedule(TASK_FRAME, 200, 3, 10, pSomeHandler, pUserPointer, &id);
    const ticklab::task_handle id = tasks.schedule_frame({.start = 200, .interval = 3, .duration = 10},
                                                         [&](task_context& c) { frames.push_back(c.tasks.frame()); });
    for (std::uint64_t f = 1; f <= 300; ++f) tasks.run_frame(f);
    EXPECT_EQ(frames, (std::vector<std::uint64_t>{200, 203, 206, 209}));
    EXPECT_FALSE(tasks.valid(id)) << "after its last run the task expires and is removed";
}

TEST(SeedTexts, Text002DurationZeroRunsForeverUntilTerminated) {
    scheduler tasks;
    int runs = 0;
    const ticklab::task_handle id = tasks.schedule_frame({.start = 1, .interval = 1, .duration = 0}, [&] { ++runs; });
    for (std::uint64_t f = 1; f <= 1000; ++f) tasks.run_frame(f);
    EXPECT_EQ(runs, 1000);
    EXPECT_TRUE(tasks.terminate(id));  // Terminate(taskID)
    tasks.run_frame(1001);
    EXPECT_EQ(runs, 1000);
}

namespace {

// Table 1.1.2: a task with a 2 ms budget a frame that takes 3 ms on a slow CPU. Returns the frames
// (1..9) it ran in.
std::vector<std::uint64_t> table_112(ticklab::budget_rules rules) {
    ticklab::manual_time_source cost_clock;
    scheduler tasks{{.cost_clock = &cost_clock}};
    std::vector<std::uint64_t> ran;
    tasks.schedule_frame({.budget = 2ms, .budgeting = rules}, [&](task_context& c) {
        ran.push_back(c.tasks.frame());
        cost_clock.advance(3ms);
    });
    for (std::uint64_t f = 1; f <= 9; ++f) {
        tasks.begin_frame({.index = f, .start = tasks.now(), .end = tasks.now()});
        tasks.run_frame(f);
    }
    return ran;
}

}  // namespace

TEST(SeedTexts, Text002Table112TwoMillisecondBudgetThreeMillisecondTaskSkipsEveryThirdFrame) {
    const std::vector<std::uint64_t> table{1, 2, 4, 5, 7, 8};
    // The text: a budget per frame, cumulative budget against cumulative run time, no cap.
    EXPECT_EQ(table_112({.per = ticklab::budget_period::frame, .cap = ticklab::unlimited_bank}), table);
    // The same per frame with the default cap (one budget), and our default, per due run.
    EXPECT_EQ(table_112({.per = ticklab::budget_period::frame}), table);
    EXPECT_EQ(table_112({.per = ticklab::budget_period::run}), table);
}

namespace {

// Text 002's ExecuteFrame on an engine loop and scheduler, in the order the game's session runs it
// (game/session/session.cpp): the frame's window before its ticks, time events up to each tick and
// to the frame's end, tick events after each tick, then frame events and render.
class text002_frame final : public ticklab::loop_client {
public:
    text002_frame(ticklab::fixed_loop& loop, scheduler& tasks) : loop_{loop}, tasks_{tasks} {}
    void execute_frame() {
        const ticklab::frame_plan& plan = loop_.begin_frame();
        tasks_.begin_frame({.index = plan.frame_index, .start = plan.start, .end = plan.target});
        const ticklab::frame_stats& stats = loop_.finish_frame(*this);
        tasks_.run_frame(stats.frame_index);
        tasks_.run_render();
    }
    void advance_to(nanoseconds virtual_time) override { tasks_.advance_to(virtual_time); }
    void tick(const ticklab::tick_info& tick) override { tasks_.on_tick(tick.index); }

private:
    ticklab::fixed_loop& loop_;
    scheduler& tasks_;
};

}  // namespace

TEST(SeedTexts, Text002Figure113EventsAt51And54RunInTheFrameThatEndsAt60WithTheClockAtTheirTimes) {
    ticklab::manual_time_source real_time;
    ticklab::fixed_loop loop{real_time, {.tick_rate_hz = 50}};
    scheduler tasks;
    text002_frame executor{loop, tasks};
    std::vector<std::pair<std::uint64_t, nanoseconds>> ran;  // (frame, clock)
    for (const nanoseconds at : {51ms, 54ms}) {
        tasks.schedule_time({.start = at},
                            [&](task_context& c) { ran.emplace_back(c.tasks.current_frame().index, c.tasks.now()); });
    }
    for (int frame = 0; frame < 4; ++frame) {
        real_time.advance(20ms);  // frames of 20 ms
        executor.execute_frame();
    }
    // The text counts frames from 0 (its frame 2 is 40-60 ms); fixed_loop counts from 1.
    EXPECT_EQ(ran, (std::vector<std::pair<std::uint64_t, nanoseconds>>{{3, 51ms}, {3, 54ms}}));
}

TEST(SeedTexts, Text002StoppedTimeEventsPauseWhileFrameAndRenderEventsGoOn) {
    ticklab::manual_time_source real_time;
    ticklab::fixed_loop loop{real_time, {.tick_rate_hz = 50}};
    scheduler tasks;
    text002_frame executor{loop, tasks};
    std::vector<nanoseconds> balls;  // a ball update every 15 ms
    int frame_events = 0;
    int renders = 0;
    tasks.schedule_time({.interval = 15ms}, [&](task_context& c) { balls.push_back(c.tasks.now()); });
    tasks.schedule_frame({}, [&] { ++frame_events; });
    tasks.schedule_render({}, [&] { ++renders; });
    const auto frames = [&](int n) {
        for (int i = 0; i < n; ++i) {
            real_time.advance(20ms);
            executor.execute_frame();
        }
    };
    frames(3);              // 60 ms: updates at 0, 15, 30, 45, 60
    loop.clock().pause();   // Stop()
    frames(50);             // a second of real time, none of it simulated
    loop.clock().resume();  // Run(): the stopped time is taken out of simulation time
    frames(1);              // 80 ms of simulation: 75
    EXPECT_EQ(balls, (std::vector<nanoseconds>{0ms, 15ms, 30ms, 45ms, 60ms, 75ms}));
    EXPECT_EQ(frame_events, 54);
    EXPECT_EQ(renders, 54);
}

TEST(SeedTexts, Text002CombinedEventsTenMillisecondsAfterEachFrameStartsAndFiveTimesAFrame) {
    ticklab::manual_time_source real_time;
    ticklab::fixed_loop loop{real_time, {.tick_rate_hz = 50}};
    scheduler tasks;
    text002_frame executor{loop, tasks};
    std::vector<nanoseconds> after_start;
    std::vector<nanoseconds> five_a_frame;
    tasks.schedule_frame_offset({.offset = 10ms}, [&](task_context& c) { after_start.push_back(c.tasks.now()); });
    tasks.schedule_frame_spread({.per_frame = 5}, [&](task_context& c) { five_a_frame.push_back(c.tasks.now()); });
    for (const nanoseconds frame : {20ms, 30ms}) {
        real_time.advance(frame);
        executor.execute_frame();
    }
    EXPECT_EQ(after_start, (std::vector<nanoseconds>{10ms, 30ms}));
    EXPECT_EQ(five_a_frame, (std::vector<nanoseconds>{4ms, 8ms, 12ms, 16ms, 20ms, 26ms, 32ms, 38ms, 44ms, 50ms}));
}

// ---- text 003: straight-line code that waits for replies ------------------------------------------

namespace {

// Players live on other servers: each answers onFubenEnd later, through a deferred call.
struct player {
    int entity_id;
    int score;  // the text draws it at random; fixed here so the total is known
    ticklab::deferred_calls& calls;
    std::vector<std::string>& printed;
    void on_fuben_end(ticklab::promise<std::pair<int, int>>& mail_box) {
        printed.push_back("onFubenEnd player " + std::to_string(entity_id) + " score " + std::to_string(score));
        calls.call([this, &mail_box] { mail_box.set_value({entity_id, score}); }, 30ms);
    }
};

// FubenStub.evalFubenScore, with the yield where the reply is awaited.
ticklab::script eval_fuben_score(std::vector<player>& players, std::vector<std::string>& printed) {
    int total_score = 0;
    for (player& p : players) {
        ticklab::promise<std::pair<int, int>> reply;
        p.on_fuben_end(reply);
        const auto [entity_id, score] = co_await reply;
        printed.push_back("onEvalFubenScore player " + std::to_string(entity_id) + " score " + std::to_string(score));
        total_score += score;
    }
    printed.push_back("the totalScore is " + std::to_string(total_score));
}

}  // namespace

TEST(SeedTexts, Text003FubenScoreWaitsForEachPlayersReplyAsStraightLineCode) {
    scheduler tasks;
    ticklab::deferred_calls calls{tasks};
    ticklab::script_host scripts{tasks};
    std::vector<std::string> printed;
    std::vector<player> players{{0, 3, calls, printed}, {1, 7, calls, printed}, {2, 5, calls, printed}};
    scripts.start(eval_fuben_score(players, printed));
    EXPECT_EQ(printed, (std::vector<std::string>{"onFubenEnd player 0 score 3"})) << "waiting for player 0";
    for (int ms = 10; ms <= 100; ms += 10) tasks.advance_to(std::chrono::milliseconds{ms});
    EXPECT_EQ(printed, (std::vector<std::string>{"onFubenEnd player 0 score 3", "onEvalFubenScore player 0 score 3",
                                                 "onFubenEnd player 1 score 7", "onEvalFubenScore player 1 score 7",
                                                 "onFubenEnd player 2 score 5", "onEvalFubenScore player 2 score 5",
                                                 "the totalScore is 15"}));
    EXPECT_EQ(scripts.size(), 0u);
}

// ---- text 004: the fixed-tick loop ----------------------------------------------------------------

namespace {

// Text 004's loop, transcribed as printed; getTickCount() returns the next of the frame times
// given (ms). The text is cut off after `time0 &#`: the discard line is completed as the book has
// it, time0 = time1 - TICK_TIME. TICK_TIME and MAX_LOOPS are not given: 20 ms and 4 here.
struct text_004_loop {
    static constexpr long TICK_TIME = 20;
    static constexpr int MAX_LOOPS = 4;
    const bool bNetworkGame = false;
    long time0 = 0;  // time0 = getTickCount(); at the start
    std::vector<int> num_loops;
    std::vector<long> frame_times;

    void GameTickRun() {}
    void IndependentTickRun(long frameTime) { frame_times.push_back(frameTime); }

    // One pass of while (!bGameDone).
    void run_frame(long tick_count) {
        long time1 = tick_count;  // time1 = getTickCount();
        long frameTime = 0;
        int numLoops = 0;

        while ((time1 - time0) > TICK_TIME && numLoops < MAX_LOOPS) {
            GameTickRun();
            time0 += TICK_TIME;
            frameTime += TICK_TIME;
            numLoops++;
        }
        IndependentTickRun(frameTime);

        // If playing solo and game logic takes way too long, discard pending time.
        if (!bNetworkGame && (time1 - time0) > TICK_TIME) time0 = time1 - TICK_TIME;
        num_loops.push_back(numLoops);
    }
};

}  // namespace

TEST(SeedTexts, Text004LoopAsPrintedMatchesTheText004StrategyFrameByFrame) {
    // Frame times with exact multiples of the tick, jitter, empty frames and hitches past MAX_LOOPS.
    std::vector<long> tick_counts;
    long now = 0;
    std::mt19937 rng{4};
    for (int i = 0; i < 2000; ++i) {
        const int kind = static_cast<int>(rng() % 20);
        now += kind == 0 ? 500 : kind == 1 ? 0 : kind < 8 ? 20 : static_cast<long>(rng() % 70);
        tick_counts.push_back(now);
    }
    text_004_loop text;
    ticklab::manual_time_source real_time;
    ticklab::fixed_loop ours{real_time,
                             {.tick_rate_hz = 50, .max_loops = 4, .catch_up_mode = ticklab::catch_up::text_004}};
    struct no_op final : ticklab::loop_client {
        void tick(const ticklab::tick_info&) override {}
    } game;
    for (std::size_t f = 0; f < tick_counts.size(); ++f) {
        text.run_frame(tick_counts[f]);
        real_time.set(std::chrono::milliseconds{tick_counts[f]});
        const ticklab::frame_stats& frame = ours.advance(game);
        ASSERT_EQ(frame.ticks, static_cast<std::uint32_t>(text.num_loops[f])) << "frame " << f;
        ASSERT_EQ(frame.ticked, std::chrono::milliseconds{text.frame_times[f]}) << "frame " << f;
        // What is pending after the frame: time1 - time0 in the text.
        ASSERT_EQ(ours.virtual_now() - ours.last_tick_time(), std::chrono::milliseconds{tick_counts[f] - text.time0})
            << "frame " << f;
    }
}

TEST(SeedTexts, Text004RunsATickBehindOursOnFramesAsLongAsATick) {
    const auto ticks_per_frame = [](ticklab::catch_up mode) {
        ticklab::manual_time_source real_time;
        ticklab::fixed_loop loop{real_time, {.tick_rate_hz = 50, .catch_up_mode = mode}};
        struct no_op final : ticklab::loop_client {
            void tick(const ticklab::tick_info&) override {}
        } game;
        std::vector<std::uint32_t> out;
        for (int i = 0; i < 5; ++i) {
            real_time.advance(20ms);
            out.push_back(loop.advance(game).ticks);
        }
        return out;
    };
    EXPECT_EQ(ticks_per_frame(ticklab::catch_up::text_004), (std::vector<std::uint32_t>{0, 1, 1, 1, 1}))
        << "(time1 - time0) > TICK_TIME: a tick that is exactly due waits for the next frame";
    EXPECT_EQ(ticks_per_frame(ticklab::catch_up::drop_backlog), (std::vector<std::uint32_t>{1, 1, 1, 1, 1}));
}

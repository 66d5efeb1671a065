#include <ticklab/fixed_loop.hpp>
#include <ticklab/object_registry.hpp>
#include <ticklab/scheduler.hpp>
#include <ticklab/script.hpp>

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

using namespace std::chrono_literals;
using ticklab::nanoseconds;
using ticklab::scheduler;
using ticklab::script;
using ticklab::script_host;

namespace {

// Counts live instances so tests can see coroutine frames being destroyed.
struct alive_counter {
    int& count;
    explicit alive_counter(int& c) : count{c} { ++count; }
    alive_counter(const alive_counter&) = delete;
    alive_counter& operator=(const alive_counter&) = delete;
    ~alive_counter() { --count; }
};

struct session final : ticklab::loop_client {
    scheduler& tasks;
    explicit session(scheduler& s) : tasks{s} {}
    void advance_to(nanoseconds t) override { tasks.advance_to(t); }
    void tick(const ticklab::tick_info& k) override { tasks.on_tick(k.index); }
    void frame(ticklab::fixed_loop& loop) {
        tasks.run_frame(loop.advance(*this).frame_index);
        tasks.run_render();
    }
};

script record_waits(scheduler& tasks, std::vector<nanoseconds>& seen) {
    seen.push_back(tasks.now());
    co_await ticklab::wait(3ms);
    seen.push_back(tasks.now());
    co_await ticklab::wait(0ms);
    seen.push_back(tasks.now());
    co_await ticklab::wait(7ms);
    seen.push_back(tasks.now());
}

script wait_then_mark(nanoseconds delay, bool& done) {
    co_await ticklab::wait(delay);
    done = true;
}

script count_ticks_and_frames(int& ticks, int& frames) {
    for (int i = 0; i < 3; ++i) {
        co_await ticklab::next_tick();
        ++ticks;
    }
    for (int i = 0; i < 3; ++i) {
        co_await ticklab::next_frame();
        ++frames;
    }
}

script child(std::vector<std::string>& log, bool fail) {
    log.push_back("child start");
    co_await ticklab::wait(5ms);
    if (fail) throw std::runtime_error{"child failed"};
    log.push_back("child end");
}

script parent(scheduler& tasks, std::vector<std::string>& log, bool child_fails) {
    log.push_back("parent start");
    try {
        co_await child(log, child_fails);
    } catch (const std::runtime_error& e) {
        log.push_back(std::string{"caught "} + e.what());
    }
    log.push_back("parent end at " + std::to_string(tasks.now() / 1ms));
}

script guarded_forever(int& frames_alive, int& steps) {
    alive_counter guard{frames_alive};
    for (;;) {
        co_await ticklab::wait(1ms);
        ++steps;
    }
}

script nested_forever(int& frames_alive, int& steps) {
    alive_counter guard{frames_alive};
    co_await guarded_forever(frames_alive, steps);
}

}  // namespace

TEST(Script, WaitResumesAtTheExactVirtualTime) {
    scheduler tasks;  // never ticked: wait(0ms) resumes in the next advance_to
    script_host scripts{tasks};
    std::vector<nanoseconds> seen;
    tasks.advance_to(1ms);
    scripts.start(record_waits(tasks, seen));
    for (int ms = 2; ms <= 20; ms += 3) tasks.advance_to(std::chrono::milliseconds{ms});
    EXPECT_EQ(seen, (std::vector<nanoseconds>{1ms, 4ms, 5ms, 12ms}))
        << "wait(0ms) at 4 ms resumes in the next pass, at 5 ms where the pass that posted it ended";
    EXPECT_EQ(scripts.size(), 0u);
    EXPECT_EQ(tasks.size(), 0u);
}

TEST(Script, WaitStopsWhileTheClockIsPausedAndFollowsTheTimeScale) {
    scheduler tasks;
    script_host scripts{tasks};
    ticklab::manual_time_source source;
    ticklab::fixed_loop loop{source, {.tick_rate_hz = 100, .max_loops = 64}};
    session game{tasks};
    bool done = false;
    scripts.start(wait_then_mark(1s, done));
    for (int i = 0; i < 50; ++i) {  // 0.5 s
        source.advance(10ms);
        game.frame(loop);
    }
    loop.clock().pause();
    for (int i = 0; i < 500; ++i) {  // 5 s of real time, none of it virtual
        source.advance(10ms);
        game.frame(loop);
    }
    EXPECT_FALSE(done);
    loop.clock().resume();
    loop.clock().set_time_scale(2.0);
    for (int i = 0; i < 24; ++i) {  // 0.24 s real = 0.48 s virtual: 0.98 s in total
        source.advance(10ms);
        game.frame(loop);
    }
    EXPECT_FALSE(done);
    source.advance(10ms);  // + 0.02 s virtual = 1 s
    game.frame(loop);
    EXPECT_TRUE(done);
    EXPECT_EQ(tasks.now(), 1s);
}

TEST(Script, NextTickStopsWhilePausedAndNextFrameDoesNot) {
    scheduler tasks;
    script_host scripts{tasks};
    ticklab::manual_time_source source;
    ticklab::fixed_loop loop{source, {.tick_rate_hz = 100, .max_loops = 8}};
    session game{tasks};
    int ticks = 0;
    int frames = 0;
    loop.clock().pause();
    scripts.start(count_ticks_and_frames(ticks, frames));
    for (int i = 0; i < 10; ++i) {
        source.advance(10ms);
        game.frame(loop);
    }
    EXPECT_EQ(ticks, 0);
    loop.clock().resume();
    source.advance(10ms);
    game.frame(loop);  // one tick
    EXPECT_EQ(ticks, 1);
    source.advance(20ms);
    game.frame(loop);  // two ticks in one frame: one next_tick() each
    EXPECT_EQ(ticks, 3);
    EXPECT_EQ(frames, 1) << "the next_frame() awaited during the frame's ticks resumes in that frame's run_frame";
    loop.clock().pause();
    source.advance(10ms);
    game.frame(loop);
    source.advance(10ms);
    game.frame(loop);
    EXPECT_EQ(frames, 3);
    EXPECT_EQ(scripts.size(), 0u);
}

TEST(Script, UntilReturnsAtOnceWhenTrueElseChecksAfterEveryTick) {
    scheduler tasks;
    script_host scripts{tasks};
    int altitude = 10;
    int checks = 0;
    std::vector<std::uint64_t> landed_at;
    auto lander = [&]() -> script {
        co_await ticklab::until([] { return true; });
        co_await ticklab::until([&] {
            ++checks;
            return altitude <= 0;
        });
        landed_at.push_back(tasks.tick());
    };
    scripts.start(lander());
    EXPECT_EQ(checks, 1);
    for (std::uint64_t k = 1; k <= 20; ++k) {
        --altitude;
        tasks.on_tick(k);
    }
    EXPECT_EQ(landed_at, (std::vector<std::uint64_t>{10}));
    EXPECT_EQ(checks, 11);
    EXPECT_EQ(tasks.size(), 0u) << "the until() task ends with the wait";
}

TEST(Script, AwaitingAnotherScriptRunsItToItsEnd) {
    scheduler tasks;
    script_host scripts{tasks};
    std::vector<std::string> log;
    scripts.start(parent(tasks, log, false));
    tasks.advance_to(10ms);
    EXPECT_EQ(log, (std::vector<std::string>{"parent start", "child start", "child end", "parent end at 5"}));
}

TEST(Script, ChildExceptionIsRethrownInTheAwaitingScript) {
    scheduler tasks;
    script_host scripts{tasks};
    std::vector<std::string> log;
    scripts.start(parent(tasks, log, true));
    tasks.advance_to(10ms);
    EXPECT_EQ(log, (std::vector<std::string>{"parent start", "child start", "caught child failed", "parent end at 5"}));
}

TEST(Script, ExceptionEscapingATopLevelScriptEndsItAloneAndIsCounted) {
    int frames_alive = 0;  // declared before the host: "other" still runs when the host ends it
    int steps = 0;
    scheduler tasks;
    script_host scripts{tasks};
    std::vector<std::string> log;
    scripts.start(child(log, true), "failing");
    const ticklab::script_handle other = scripts.start(guarded_forever(frames_alive, steps), "other");
    EXPECT_NO_THROW(tasks.advance_to(5ms)) << "the script's exception ends the script, not the pass";
    EXPECT_EQ(scripts.size(), 1u);
    EXPECT_TRUE(scripts.running(other));
    EXPECT_EQ(tasks.task_errors(), 1u);
    ASSERT_TRUE(tasks.last_task_error().has_value());
    EXPECT_EQ(tasks.last_task_error()->task, "script failing");
    EXPECT_EQ(tasks.last_task_error()->what, "child failed");
    tasks.advance_to(10ms);
    EXPECT_EQ(steps, 10) << "the other script ran on";
}

script throw_at_once() {
    throw std::runtime_error{"before the first wait"};
    co_return;
}

TEST(Script, AScriptThatThrowsBeforeItsFirstWaitEndsInStart) {
    scheduler tasks;
    script_host scripts{tasks};
    ticklab::script_handle h;
    EXPECT_NO_THROW(h = scripts.start(throw_at_once(), "eager"));
    EXPECT_FALSE(scripts.running(h));
    EXPECT_EQ(scripts.size(), 0u);
    EXPECT_EQ(tasks.task_errors(), 1u);
    EXPECT_EQ(tasks.last_task_error()->task, "script eager");
}

script wait_until_flag(const bool& flag, bool& done) {
    co_await ticklab::until([&flag] {
        if (flag) throw std::runtime_error{"predicate failed"};
        return false;
    });
    done = true;
}

TEST(Script, AnUntilPredicateThatThrowsEndsItsScriptOnly) {
    int frames_alive = 0;  // declared before the host: "other" still runs when the host ends it
    int steps = 0;
    scheduler tasks;
    script_host scripts{tasks};
    bool flag = false;
    bool done = false;
    scripts.start(wait_until_flag(flag, done), "until");
    scripts.start(guarded_forever(frames_alive, steps), "other");
    tasks.advance_to(1ms);
    tasks.on_tick(1);
    flag = true;
    tasks.advance_to(2ms);
    EXPECT_NO_THROW(tasks.on_tick(2));
    EXPECT_FALSE(done);
    EXPECT_EQ(scripts.size(), 1u) << "the until script ended, its wake-up task with it";
    EXPECT_EQ(tasks.size(), 1u);
    EXPECT_EQ(tasks.task_errors(), 1u);
    EXPECT_EQ(tasks.last_task_error()->task, "script until");
    EXPECT_EQ(tasks.last_task_error()->what, "predicate failed");
    tasks.advance_to(5ms);
    EXPECT_EQ(steps, 5);
}

script wait_tick_frame_and_time(int& rounds) {
    for (;;) {
        co_await ticklab::wait(1ms);
        co_await ticklab::next_tick();
        co_await ticklab::next_frame();
        ++rounds;
    }
}

// The scheduler's row of a script: a new wake-up task for each wait, whose runs carry on.
std::uint64_t runs_of(const scheduler& tasks, const std::string& name) {
    std::vector<ticklab::task_info> rows;
    tasks.snapshot(rows);
    for (const ticklab::task_info& row : rows) {
        if (row.name == name) return row.runs;
    }
    return ~std::uint64_t{0};
}

TEST(Script, ItsRowCountsTheWakeUpsAcrossItsWaits) {
    scheduler tasks;
    script_host scripts{tasks};
    int rounds = 0;
    scripts.start(wait_tick_frame_and_time(rounds), "rounds");
    EXPECT_EQ(runs_of(tasks, "script rounds"), 0u);
    for (std::uint64_t i = 1; i <= 4; ++i) {
        tasks.advance_to(std::chrono::milliseconds{i});
        tasks.on_tick(i);
        tasks.run_frame(i);
    }
    EXPECT_EQ(rounds, 4) << "each round takes a time pass, a tick and a frame";
    EXPECT_EQ(runs_of(tasks, "script rounds"), 12u) << "three wake-ups a round, each by a new task";
}

TEST(Script, CancelDestroysEveryFrameAndItsPendingWake) {
    scheduler tasks;
    script_host scripts{tasks};
    int frames_alive = 0;
    int steps = 0;
    const ticklab::script_handle h = scripts.start(nested_forever(frames_alive, steps));
    tasks.advance_to(3ms);
    EXPECT_EQ(frames_alive, 2);
    EXPECT_EQ(steps, 3);
    EXPECT_TRUE(scripts.cancel(h));
    EXPECT_FALSE(scripts.cancel(h));
    EXPECT_FALSE(scripts.running(h));
    EXPECT_EQ(frames_alive, 0);
    EXPECT_EQ(tasks.size(), 0u) << "the wake-up task went with the frame";
    tasks.advance_to(10ms);
    EXPECT_EQ(steps, 3);
}

TEST(Script, ScriptWhoseOwnerIsDestroyedIsDroppedBeforeItResumes) {
    scheduler tasks;
    script_host scripts{tasks};
    ticklab::object_registry<int> owners;
    const ticklab::object_handle owner = owners.create(7);
    int frames_alive = 0;
    int steps = 0;
    scripts.start(guarded_forever(frames_alive, steps), owners, owner, "orbit");
    tasks.advance_to(2ms);
    EXPECT_EQ(steps, 2);
    owners.destroy(owner);
    tasks.advance_to(5ms);
    EXPECT_EQ(steps, 2);
    EXPECT_EQ(frames_alive, 0);
    EXPECT_EQ(scripts.size(), 0u);
    EXPECT_EQ(tasks.size(), 0u);
}

TEST(Script, CancelOrphansDropsScriptsWithoutWaitingForTheirWake) {
    scheduler tasks;
    script_host scripts{tasks};
    bool owner_alive = true;
    int frames_alive = 0;
    int steps = 0;
    scripts.start(guarded_forever(frames_alive, steps), [&] { return owner_alive; });
    owner_alive = false;
    EXPECT_EQ(scripts.cancel_orphans(), 1u);
    EXPECT_EQ(frames_alive, 0);
}

TEST(Script, DestroyingTheHostDestroysEveryFrame) {
    scheduler tasks;
    int frames_alive = 0;
    int steps = 0;
    {
        script_host scripts{tasks};
        scripts.start(nested_forever(frames_alive, steps));
        scripts.start(guarded_forever(frames_alive, steps));
        EXPECT_EQ(frames_alive, 3);
    }
    EXPECT_EQ(frames_alive, 0);
    EXPECT_EQ(tasks.size(), 0u);
    tasks.advance_to(5ms);
    EXPECT_EQ(steps, 0);
}

TEST(Script, ScriptMayCancelItselfWhileRunning) {
    scheduler tasks;
    script_host scripts{tasks};
    int frames_alive = 0;
    ticklab::script_handle self;
    auto quitter = [&]() -> script {
        alive_counter guard{frames_alive};
        co_await ticklab::wait(1ms);
        scripts.cancel(self);
        co_await ticklab::wait(1ms);  // suspends; the host destroys the frame here
        ADD_FAILURE() << "a cancelled script never resumes";
    };
    self = scripts.start(quitter());
    tasks.advance_to(5ms);
    EXPECT_EQ(frames_alive, 0);
    EXPECT_EQ(tasks.size(), 0u);
}

TEST(Script, WavesOfBallsReadLikeTheDesign) {
    scheduler tasks;
    script_host scripts{tasks};
    std::vector<std::pair<std::int64_t, int>> spawned;  // (second, balls)
    int balls_alive = 0;
    auto waves = [&]() -> script {
        for (int wave = 1; wave <= 3; ++wave) {
            co_await ticklab::wait(2s);
            spawned.emplace_back(tasks.now() / 1s, 5 * wave);
            balls_alive = 5 * wave;
            co_await ticklab::until([&] { return balls_alive == 0; });
        }
    };
    scripts.start(waves(), "waves");
    std::uint64_t tick = 0;
    for (nanoseconds t = 0ms; t <= 20s; t += 100ms) {
        tasks.advance_to(t);
        if (balls_alive > 0) --balls_alive;  // one ball pops per tick
        tasks.on_tick(++tick);
    }
    EXPECT_EQ(spawned, (std::vector<std::pair<std::int64_t, int>>{{2, 5}, {4, 10}, {7, 15}}));
}

TEST(Script, ScriptLoopingOnWaitZeroRunsOncePerTickAndTheFrameEnds) {
    scheduler tasks;
    script_host scripts{tasks};
    ticklab::manual_time_source source;
    ticklab::fixed_loop loop{source, {.tick_rate_hz = 100, .max_loops = 8}};
    session game{tasks};
    std::vector<std::string> laps;
    auto spinner = [&]() -> script {
        while (laps.size() < 100) {  // the cap turns a hang into a failure
            laps.push_back(std::to_string(tasks.now() / 1ms) + "@tick" + std::to_string(tasks.tick()));
            co_await ticklab::wait(0s);
        }
    };
    scripts.start(spinner());  // posted outside a pass: the first pass runs it
    source.advance(30ms);
    game.frame(loop);  // three ticks: it must return
    EXPECT_EQ(laps, (std::vector<std::string>{"0@tick0", "0@tick0", "10@tick1", "20@tick2", "30@tick3"}))
        << "the lap held before the first tick waits for it; each later lap waits for the next tick";
}

TEST(Script, BadArgumentsThrow) {
    EXPECT_THROW(static_cast<void>(ticklab::wait(-1ms)), std::invalid_argument);
    EXPECT_THROW(static_cast<void>(ticklab::until({})), std::invalid_argument);
    scheduler tasks;
    script_host scripts{tasks};
    EXPECT_THROW(scripts.start(script{}), std::invalid_argument);
}

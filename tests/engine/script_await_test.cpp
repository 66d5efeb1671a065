// Scripts that wait for an answer: script_of<T> results, promise<T> and event<T>.
#include <ticklab/fixed_loop.hpp>
#include <ticklab/object_registry.hpp>
#include <ticklab/scheduler.hpp>
#include <ticklab/script.hpp>

#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

using namespace std::chrono_literals;
using ticklab::event;
using ticklab::nanoseconds;
using ticklab::promise;
using ticklab::scheduler;
using ticklab::script;
using ticklab::script_host;
using ticklab::script_of;

namespace {

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

script_of<int> doubled_later(int x) {
    co_await ticklab::wait(5ms);
    co_return 2 * x;
}

script_of<std::unique_ptr<std::string>> named(std::string name) {
    co_await ticklab::next_frame();
    co_return std::make_unique<std::string>(std::move(name));
}

script_of<int> fails_later() {
    co_await ticklab::wait(1ms);
    throw std::runtime_error{"no answer"};
}

template <typename T>
script wait_into(T& awaitable, std::vector<int>& got, int& frames_alive) {
    alive_counter guard{frames_alive};
    got.push_back(co_await awaitable);
}

}  // namespace

TEST(ScriptAwait, ChildScriptReturnsItsValueToTheAwaitingScript) {
    scheduler tasks;
    script_host scripts{tasks};
    std::vector<int> results;
    auto parent = [&]() -> script {
        const int a = co_await doubled_later(3);
        const int b = co_await doubled_later(a);
        results.push_back(a);
        results.push_back(b);
        results.push_back(static_cast<int>(tasks.now() / 1ms));
    };
    scripts.start(parent());
    tasks.advance_to(20ms);
    EXPECT_EQ(results, (std::vector<int>{6, 12, 10}));
}

TEST(ScriptAwait, MoveOnlyResultsAndChildExceptionsComeBack) {
    scheduler tasks;
    script_host scripts{tasks};
    std::string got;
    std::string caught;
    auto parent = [&]() -> script {
        const std::unique_ptr<std::string> name = co_await named("lander");
        got = *name;
        try {
            co_await fails_later();
        } catch (const std::runtime_error& e) {
            caught = e.what();
        }
    };
    scripts.start(parent());
    tasks.run_frame(1);
    tasks.advance_to(1ms);
    EXPECT_EQ(got, "lander");
    EXPECT_EQ(caught, "no answer");
    EXPECT_EQ(scripts.size(), 0u);
}

TEST(ScriptAwait, PromiseFulfilledByAFrameTaskResumesTheScriptInThatFrameWhilePaused) {
    scheduler tasks;
    script_host scripts{tasks};
    ticklab::manual_time_source source;
    ticklab::fixed_loop loop{source, {.tick_rate_hz = 60}};
    session game{tasks};
    loop.clock().pause();  // no tick, no virtual time: only frames
    promise<std::string> reply;
    std::vector<std::string> log;
    auto asker = [&]() -> script {
        log.push_back("asked in frame " + std::to_string(tasks.frame()));
        const std::string answer = co_await reply;
        log.push_back(answer + " in frame " + std::to_string(tasks.frame()));
    };
    tasks.schedule_frame({.start = 3, .interval = 0}, [&] {
        reply.set_value("pong");
        log.push_back("set in frame " + std::to_string(tasks.frame()));
    });
    scripts.start(asker());
    for (int i = 0; i < 5; ++i) {
        source.advance(16ms);
        game.frame(loop);
    }
    EXPECT_EQ(log, (std::vector<std::string>{"asked in frame 0", "pong in frame 3", "set in frame 3"}))
        << "the script resumes inside set_value()";
    EXPECT_EQ(loop.ticks(), 0u);
}

TEST(ScriptAwait, PromiseAlreadySetGivesItsValueAtOnceAndRefusesASecondValue) {
    scheduler tasks;
    script_host scripts{tasks};
    promise<int> p;
    p.set_value(42);
    EXPECT_THROW(p.set_value(43), std::logic_error);
    std::vector<int> got;
    int frames_alive = 0;
    scripts.start(wait_into(p, got, frames_alive));
    EXPECT_EQ(got, (std::vector<int>{42}));
    EXPECT_EQ(frames_alive, 0);
    promise<int> unset;
    EXPECT_THROW(static_cast<void>(unset.value()), std::logic_error);
}

TEST(ScriptAwait, EventResumesEveryWaiterWithTheValueAndReWaitsGetTheNextOne) {
    scheduler tasks;
    script_host scripts{tasks};
    event<int> ping;
    std::vector<std::string> log;
    auto listener = [&](std::string name, int times) -> script {
        for (int i = 0; i < times; ++i) log.push_back(name + std::to_string(co_await ping));
    };
    scripts.start(listener("a", 2));
    scripts.start(listener("b", 1));
    EXPECT_EQ(ping.waiting(), 2u);
    EXPECT_EQ(ping.emit(1), 2u) << "a waits again inside emit(): for the next one";
    EXPECT_EQ(log, (std::vector<std::string>{"a1", "b1"}));
    EXPECT_EQ(ping.emit(2), 1u);
    EXPECT_EQ(ping.emit(3), 0u);
    EXPECT_EQ(log, (std::vector<std::string>{"a1", "b1", "a2"}));
    EXPECT_EQ(scripts.size(), 0u);

    event<> go;
    bool went = false;
    auto runner = [&]() -> script {
        co_await go;
        went = true;
    };
    scripts.start(runner());
    go.emit();
    EXPECT_TRUE(went);
}

TEST(ScriptAwait, CancellingAWaitingScriptLeavesThePromiseCleanly) {
    scheduler tasks;
    script_host scripts{tasks};
    promise<int> p;
    std::vector<int> got;
    int frames_alive = 0;
    const ticklab::script_handle h = scripts.start(wait_into(p, got, frames_alive));
    auto nested = [&]() -> script { co_await wait_into(p, got, frames_alive); };
    const ticklab::script_handle n = scripts.start(nested());
    EXPECT_EQ(p.waiting(), 2u);
    EXPECT_TRUE(scripts.cancel(h));
    EXPECT_TRUE(scripts.cancel(n));
    EXPECT_EQ(frames_alive, 0);
    EXPECT_EQ(p.waiting(), 0u);
    p.set_value(1);  // nobody to resume
    EXPECT_TRUE(got.empty());
}

TEST(ScriptAwait, DestroyingAPromiseCancelsTheScriptsWaitingOnIt) {
    scheduler tasks;
    script_host scripts{tasks};
    std::vector<int> got;
    int frames_alive = 0;
    auto p = std::make_unique<promise<int>>();
    scripts.start(wait_into(*p, got, frames_alive));
    EXPECT_EQ(scripts.size(), 1u);
    p.reset();
    EXPECT_EQ(scripts.size(), 0u);
    EXPECT_EQ(frames_alive, 0);
}

TEST(ScriptAwait, ScriptWhoseOwnerIsGoneIsDroppedInsteadOfResumed) {
    scheduler tasks;
    script_host scripts{tasks};
    ticklab::object_registry<int> owners;
    const ticklab::object_handle owner = owners.create(1);
    event<int> e;
    std::vector<int> got;
    int frames_alive = 0;
    scripts.start(wait_into(e, got, frames_alive), owners, owner);
    owners.destroy(owner);
    e.emit(5);
    EXPECT_TRUE(got.empty());
    EXPECT_EQ(frames_alive, 0);
    EXPECT_EQ(scripts.size(), 0u);
}

TEST(ScriptAwait, WaiterResumedFirstMayCancelTheNextOrDestroyTheEvent) {
    scheduler tasks;
    script_host scripts{tasks};
    auto e = std::make_unique<event<int>>();
    std::vector<std::string> log;
    ticklab::script_handle second;
    auto first = [&]() -> script {
        log.push_back("first " + std::to_string(co_await *e));
        scripts.cancel(second);  // the next waiter of the same emit()
        e.reset();               // and the event itself, while emit() runs
    };
    int frames_alive = 0;
    std::vector<int> got;
    scripts.start(first());
    second = scripts.start(wait_into(*e, got, frames_alive));
    auto third = [&](event<int>& source) -> script { log.push_back("third " + std::to_string(co_await source)); };
    scripts.start(third(*e));
    e->emit(7);
    EXPECT_EQ(log, (std::vector<std::string>{"first 7", "third 7"})) << "third was already handed its value";
    EXPECT_TRUE(got.empty());
    EXPECT_EQ(frames_alive, 0);
    EXPECT_EQ(scripts.size(), 0u);
}

TEST(ScriptAwait, ExceptionFromAResumedScriptEndsItAloneAndEveryWaiterResumes) {
    scheduler tasks;
    script_host scripts{tasks};
    promise<int> p;
    int resumed = 0;
    auto thrower = [&]() -> script {
        co_await p;
        ++resumed;
        throw std::runtime_error{"bad reply"};
    };
    auto fine = [&]() -> script {
        co_await p;
        ++resumed;
    };
    scripts.start(thrower(), "thrower");
    scripts.start(fine());
    EXPECT_NO_THROW(p.set_value(1)) << "the script's exception ends the script, not the caller";
    EXPECT_EQ(resumed, 2);
    EXPECT_EQ(scripts.size(), 0u);
    EXPECT_EQ(tasks.task_errors(), 1u);
    EXPECT_EQ(tasks.last_task_error()->task, "script thrower");
    EXPECT_EQ(tasks.last_task_error()->what, "bad reply");
}

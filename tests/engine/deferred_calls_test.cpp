#include <ticklab/deferred_calls.hpp>
#include <ticklab/object_registry.hpp>
#include <ticklab/scheduler.hpp>

#include <gtest/gtest.h>

#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

using namespace std::chrono_literals;
using ticklab::call_status;
using ticklab::deferred_calls;
using ticklab::nanoseconds;
using ticklab::object_handle;
using ticklab::object_registry;
using ticklab::scheduler;

namespace {

struct target {
    std::string name;
    std::vector<nanoseconds> hits;
};

}  // namespace

TEST(DeferredCalls, ActionRunsOnTheTargetAfterTheDelayThenOnDoneCompleted) {
    scheduler tasks;
    object_registry<target> objects;
    deferred_calls calls{tasks};
    const object_handle a = objects.create(target{"a", {}});
    std::vector<call_status> done;
    calls.call(
        objects, a, [&](target& t) { t.hits.push_back(tasks.now()); }, 30ms, [&](call_status s) { done.push_back(s); });
    tasks.advance_to(29ms);
    EXPECT_TRUE(objects.get(a)->hits.empty());
    tasks.advance_to(100ms);
    EXPECT_EQ(objects.get(a)->hits, (std::vector<nanoseconds>{30ms}));
    EXPECT_EQ(done, (std::vector<call_status>{call_status::completed}));
    EXPECT_EQ(calls.pending(), 0u);
}

TEST(DeferredCalls, CallToDestroyedTargetIsDroppedAndReportsTargetGone) {
    scheduler tasks;
    object_registry<target> objects;
    deferred_calls calls{tasks};
    const object_handle a = objects.create(target{"a", {}});
    int actions = 0;
    std::vector<call_status> done;
    calls.call(
        objects, a, [&](target&) { ++actions; }, 10ms, [&](call_status s) { done.push_back(s); });
    objects.destroy(a);
    const object_handle b = objects.create(target{"b", {}});  // reuses a's slot
    ASSERT_EQ(b.index, a.index);
    tasks.advance_to(10ms);
    EXPECT_EQ(actions, 0) << "the call must not reach the object that reused the slot";
    EXPECT_TRUE(objects.get(b)->hits.empty());
    EXPECT_EQ(done, (std::vector<call_status>{call_status::target_gone}));
}

TEST(DeferredCalls, EqualDueTimesRunFifoAndInterleaveWithTimeTasks) {
    scheduler tasks;
    deferred_calls calls{tasks};
    std::string order;
    calls.call([&] { order += '1'; }, 5ms);
    tasks.schedule_time({.start = 5ms}, [&] { order += 'T'; });
    calls.call([&] { order += '2'; }, 5ms);
    calls.call([&] { order += '0'; }, 4ms);
    calls.call([&] { order += '3'; }, 5ms);
    tasks.advance_to(10ms);
    EXPECT_EQ(order, "01T23");
}

TEST(DeferredCalls, CancelReportsCancelledOnceAndTheActionNeverRuns) {
    scheduler tasks;
    deferred_calls calls{tasks};
    int actions = 0;
    std::vector<call_status> done;
    const ticklab::task_handle h = calls.call([&] { ++actions; }, 5ms, [&](call_status s) { done.push_back(s); });
    EXPECT_TRUE(calls.cancel(h));
    EXPECT_FALSE(calls.cancel(h));
    tasks.advance_to(10ms);
    EXPECT_EQ(actions, 0);
    EXPECT_EQ(done, (std::vector<call_status>{call_status::cancelled}));
}

TEST(DeferredCalls, AnActionThatThrowsReportsFailedAndIsNoLongerPending) {
    scheduler tasks;
    deferred_calls calls{tasks};
    std::vector<call_status> done;
    int later = 0;
    calls.call([] { throw std::runtime_error{"broken action"}; }, 5ms, [&](call_status s) { done.push_back(s); });
    calls.call([&] { ++later; }, 6ms);
    EXPECT_NO_THROW(tasks.advance_to(10ms));
    EXPECT_EQ(done, (std::vector<call_status>{call_status::failed}));
    EXPECT_EQ(later, 1) << "the next call ran";
    EXPECT_FALSE(calls.time_until_next()) << "the failed call is not waited for";
    EXPECT_EQ(tasks.task_errors(), 1u);
    EXPECT_EQ(tasks.last_task_error()->task, "deferred call");
    EXPECT_EQ(tasks.last_task_error()->what, "broken action");
}

TEST(DeferredCalls, TimeUntilNextSkipsFinishedAndCancelledCalls) {
    scheduler tasks;
    deferred_calls calls{tasks};
    EXPECT_FALSE(calls.time_until_next());
    const ticklab::task_handle first = calls.call([] {}, 5ms);
    calls.call([] {}, 20ms);
    calls.call([] {}, 8ms);
    EXPECT_EQ(calls.time_until_next(), 5ms);
    calls.cancel(first);
    EXPECT_EQ(calls.time_until_next(), 8ms);
    tasks.advance_to(10ms);
    EXPECT_EQ(calls.time_until_next(), 10ms);
    tasks.advance_to(20ms);
    EXPECT_FALSE(calls.time_until_next());
}

TEST(DeferredCalls, ActionMaySpawnObjectsAndPostCalls) {
    scheduler tasks;
    object_registry<target> objects;
    deferred_calls calls{tasks};
    const object_handle a = objects.create(target{"a", {}});
    int chained = 0;
    calls.call(
        objects, a,
        [&](target& t) {
            for (int i = 0; i < 1000; ++i) objects.create(target{"spawn", {}});  // must not move `t`
            t.hits.push_back(tasks.now());
            calls.call([&] { ++chained; }, 0ms);  // zero delay from inside dispatch: the next pass
        },
        1ms);
    tasks.advance_to(1ms);
    EXPECT_EQ(objects.size(), 1001u);
    EXPECT_EQ(objects.get(a)->hits.size(), 1u);
    EXPECT_EQ(chained, 0);
    EXPECT_EQ(calls.time_until_next(), 0ms) << "due, waiting for the next pass";
    tasks.advance_to(1ms);
    EXPECT_EQ(chained, 1);
}

TEST(DeferredCalls, CallRepostingItselfWithNoDelayRunsOncePerPass) {
    scheduler tasks;
    deferred_calls calls{tasks};
    int runs = 0;
    std::function<void()> again = [&] {
        if (++runs < 100) calls.call(again, 0ms);  // the cap turns a hang into a failure
    };
    calls.call(again, 0ms);
    for (int ms = 0; ms < 5; ++ms) tasks.advance_to(std::chrono::milliseconds{ms});
    EXPECT_EQ(runs, 5);
    EXPECT_EQ(calls.pending(), 1u);
}

TEST(DeferredCalls, DestroyingTheExecutorTerminatesPendingCalls) {
    scheduler tasks;
    int actions = 0;
    {
        deferred_calls calls{tasks};
        calls.call([&] { ++actions; }, 1ms);
        EXPECT_EQ(tasks.size(), 1u);
    }
    EXPECT_EQ(tasks.size(), 0u);
    tasks.advance_to(5ms);
    EXPECT_EQ(actions, 0);
}

TEST(DeferredCalls, NegativeDelayThrows) {
    scheduler tasks;
    deferred_calls calls{tasks};
    EXPECT_THROW(calls.call([] {}, -1ms), std::invalid_argument);
}

TEST(ObjectRegistry, StaleHandleNeverReachesTheObjectReusingItsSlot) {
    object_registry<int> objects;
    const object_handle a = objects.create(1);
    EXPECT_TRUE(objects.destroy(a));
    EXPECT_FALSE(objects.destroy(a));
    const object_handle b = objects.create(2);
    ASSERT_EQ(b.index, a.index);
    EXPECT_EQ(objects.get(a), nullptr);
    ASSERT_NE(objects.get(b), nullptr);
    EXPECT_EQ(*objects.get(b), 2);
    EXPECT_FALSE(objects.contains(object_handle{}));
}

#include <ticklab/worker_pool.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

#if defined(__linux__)
#include <sched.h>
#endif

TEST(WorkerPool, EveryWorkerRunsTheJobOnceAndWorkerZeroIsTheCaller) {
    for (const unsigned threads : {1u, 2u, 3u, 5u}) {
        ticklab::worker_pool pool{threads};
        EXPECT_EQ(pool.size(), threads);
        std::vector<int> runs(threads, 0);
        std::vector<unsigned> counts(threads, 0);
        std::thread::id caller_as_zero;
        pool.run([&](unsigned worker, unsigned workers) {
            ++runs[worker];  // each worker writes its own slot
            counts[worker] = workers;
            if (worker == 0) caller_as_zero = std::this_thread::get_id();
        });
        EXPECT_EQ(caller_as_zero, std::this_thread::get_id());
        for (unsigned w = 0; w < threads; ++w) {
            EXPECT_EQ(runs[w], 1) << "worker " << w << " of " << threads;
            EXPECT_EQ(counts[w], threads);
        }
    }
}

TEST(WorkerPool, RunReturnsOnlyWhenEveryWorkerHasFinished) {
    ticklab::worker_pool pool{3};
    std::atomic<int> done{0};
    pool.run([&](unsigned worker, unsigned) {
        if (worker != 0) std::this_thread::sleep_for(std::chrono::milliseconds{20});
        done.fetch_add(1);
    });
    EXPECT_EQ(done.load(), 3);
}

// Runs back to back, and runs after the workers have gone to sleep: no run is lost or doubled
// (a lost wake-up would hang here; the first version lost the first run of a new pool).
TEST(WorkerPool, ManyRunsInARowAndAfterSleepingAllComplete) {
    for (int pools = 0; pools < 50; ++pools) {
        ticklab::worker_pool pool{2};
        std::atomic<int> sum{0};
        for (int k = 0; k < 200; ++k) pool.run([&](unsigned, unsigned) { sum.fetch_add(1); });
        EXPECT_EQ(sum.load(), 400);
    }
    ticklab::worker_pool pool{2};
    std::atomic<int> sum{0};
    for (int k = 0; k < 3; ++k) {
        std::this_thread::sleep_for(std::chrono::milliseconds{5});  // past the spin: workers sleep
        pool.run([&](unsigned, unsigned) { sum.fetch_add(1); });
    }
    EXPECT_EQ(sum.load(), 6);
}

TEST(WorkerPool, RefusesZeroAndTooManyThreads) {
    EXPECT_THROW(ticklab::worker_pool{0}, std::invalid_argument);
    EXPECT_THROW(ticklab::worker_pool{ticklab::max_worker_threads + 1}, std::invalid_argument);
}

TEST(WorkerPool, MachineThreadsIsAtLeastOneAndSharedPoolsAreKeptPerCount) {
    EXPECT_GE(ticklab::worker_pool::machine_threads(), 1u);
    EXPECT_LE(ticklab::worker_pool::machine_threads(), ticklab::max_worker_threads);
    EXPECT_EQ(&ticklab::shared_worker_pool(2), &ticklab::shared_worker_pool(2));
    EXPECT_EQ(ticklab::shared_worker_pool(3).size(), 3u);
}

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
// A worker and its caller on one core take turns instead of working at once (and a waiting thread
// spins on the core the other needs): measured, 10,000 balls ticked 4 times slower on two threads
// than apart, for seconds. A worker that finds itself on its caller's core moves off it.
TEST(WorkerPool, AWorkerOnItsCallersCoreMovesOffIt) {
    cpu_set_t all;
    ASSERT_EQ(sched_getaffinity(0, sizeof all, &all), 0);
    if (CPU_COUNT(&all) < 2) GTEST_SKIP() << "one CPU allowed";
    ticklab::worker_pool pool{2};
    const int here = sched_getcpu();
    cpu_set_t only_here;
    CPU_ZERO(&only_here);
    CPU_SET(here, &only_here);
    ASSERT_EQ(sched_setaffinity(0, sizeof only_here, &only_here), 0);  // the caller stays on `here`
    std::atomic<int> worker_cpu{-1};
    for (int attempt = 0; attempt < 20; ++attempt) {
        // The worker goes to the caller's core (allowed there alone for a moment, then everywhere
        // again, which does not move it) ...
        pool.run([&](unsigned worker, unsigned) {
            if (worker == 0) return;
            sched_setaffinity(0, sizeof only_here, &only_here);
            sched_setaffinity(0, sizeof all, &all);
        });
        // ... and the next job it takes, it starts elsewhere.
        pool.run([&](unsigned worker, unsigned) {
            if (worker == 1) worker_cpu = sched_getcpu();
        });
        EXPECT_NE(worker_cpu.load(), here) << "attempt " << attempt;
    }
    sched_setaffinity(0, sizeof all, &all);
}
#endif

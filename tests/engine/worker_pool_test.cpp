#include <ticklab/worker_pool.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

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

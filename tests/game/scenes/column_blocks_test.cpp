// column_blocks: every block's job runs once; an odd block starts only after the even blocks on
// either side of it ended; two jobs run at the same time only when the columns they may touch
// (their own and one on either side) are apart, for any number of workers. That is what makes the
// balls' state the same bit for bit on one thread or several.
#include "scenes/column_blocks.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <vector>

using ticklab::game::column_blocks;

namespace {

// When each block's job started and ended, as ticks of one counter shared by all workers.
struct job_times {
    std::vector<std::uint64_t> start, end;
    std::vector<int> runs;
    std::vector<std::uint32_t> order;  // blocks in the order their jobs started
};

job_times run_blocks(unsigned workers, std::uint32_t columns) {
    ticklab::worker_pool pool{workers};
    const std::uint32_t blocks = column_blocks::count(columns);
    job_times times;
    times.start.assign(blocks, 0);
    times.end.assign(blocks, 0);
    times.runs.assign(blocks, 0);
    std::vector<std::atomic<std::uint32_t>> order(blocks);
    std::atomic<std::uint64_t> clock{1};
    std::atomic<std::uint32_t> started{0};
    column_blocks::run(pool, columns, [&](std::uint32_t block, unsigned) {
        times.start[block] = clock.fetch_add(1);
        order[started.fetch_add(1)].store(block);
        ++times.runs[block];
        // Some work, uneven across blocks, so that workers drift against each other.
        volatile std::uint32_t spin = 0;
        for (std::uint32_t k = 0; k < (block * 37) % 11 * 2000; ++k) spin = spin + 1;
        times.end[block] = clock.fetch_add(1);
    });
    for (auto& b : order) times.order.push_back(b.load());
    return times;
}

bool overlap(const job_times& t, std::uint32_t a, std::uint32_t b) {
    return t.start[a] < t.end[b] && t.start[b] < t.end[a];
}

}  // namespace

TEST(ColumnBlocks, BlocksCoverTheColumnsOnce) {
    for (const std::uint32_t columns : {1u, 2u, 15u, 16u, 17u, 100u}) {
        std::uint32_t next = 0;
        for (std::uint32_t b = 0; b < column_blocks::count(columns); ++b) {
            EXPECT_EQ(column_blocks::first(b), next) << columns << " columns, block " << b;
            EXPECT_GT(column_blocks::end(b, columns), column_blocks::first(b));
            next = column_blocks::end(b, columns);
        }
        EXPECT_EQ(next, columns);
    }
}

TEST(ColumnBlocks, OneThreadVisitsTheEvenBlocksThenTheOdd) {
    const job_times times = run_blocks(1, 5 * column_blocks::width + 3);
    EXPECT_EQ(times.order, (std::vector<std::uint32_t>{0, 2, 4, 1, 3, 5}));
}

TEST(ColumnBlocks, JobsThatMayTouchTheSameColumnNeverRunAtOnce) {
    for (const unsigned workers : {1u, 2u, 3u, 4u}) {
        for (const std::uint32_t columns : {1u, 16u, 17u, 33u, 64u, 200u, 441u}) {
            const job_times times = run_blocks(workers, columns);
            const std::uint32_t blocks = column_blocks::count(columns);
            for (std::uint32_t a = 0; a < blocks; ++a) {
                ASSERT_EQ(times.runs[a], 1) << workers << " workers, " << columns << " columns, block " << a;
                for (std::uint32_t b = a + 1; b < blocks; ++b) {
                    // The single thread's order puts every even block first: an odd block's
                    // neighbours must have their result before it reads them.
                    if (a % 2 == 0 && b == a + 1) {
                        ASSERT_LT(times.end[a], times.start[b])
                            << workers << " workers: odd block " << b << " started before even block " << a << " ended";
                    }
                    if (a % 2 == 1 && b == a + 1) {
                        ASSERT_LT(times.end[b], times.start[a])
                            << workers << " workers: odd block " << a << " started before even block " << b << " ended";
                    }
                    // Block a may touch columns up to end(a) (one right of its own), block b from
                    // first(b) - 1: at once only when those ranges are apart.
                    const bool apart = column_blocks::end(a, columns) < column_blocks::first(b) - 1;
                    if (!apart) {
                        ASSERT_FALSE(overlap(times, a, b)) << workers << " workers, " << columns << " columns: blocks "
                                                           << a << " and " << b << " ran at once";
                    }
                }
            }
        }
    }
}

// row_wavefront: every cell's job runs once, and after every job it depends on (the cell to its
// left, and the row below through two columns to its right), for any number of workers. That is
// what makes the balls' state the same bit for bit on one thread or several.
#include "scenes/row_wavefront.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <vector>

using ticklab::game::row_wavefront;

namespace {

// When each cell's job started and ended, as ticks of one counter shared by all workers.
struct job_times {
    std::vector<std::uint64_t> start, end;
    std::vector<int> runs;
};

job_times run_grid(unsigned workers, std::uint32_t rows, std::uint32_t columns) {
    ticklab::worker_pool pool{workers};
    row_wavefront wavefront;
    job_times times;
    const std::size_t cells = static_cast<std::size_t>(rows) * columns;
    times.start.assign(cells, 0);
    times.end.assign(cells, 0);
    times.runs.assign(cells, 0);
    std::atomic<std::uint64_t> clock{1};
    wavefront.run(pool, rows, columns, [&](std::uint32_t row, std::uint32_t column, unsigned) {
        const std::size_t cell = static_cast<std::size_t>(row) * columns + column;
        times.start[cell] = clock.fetch_add(1);
        ++times.runs[cell];
        // Some work, uneven across cells, so that workers drift against each other.
        volatile std::uint32_t spin = 0;
        for (std::uint32_t k = 0; k < (row * 7 + column * 13) % 97 * 20; ++k) spin = spin + 1;
        times.end[cell] = clock.fetch_add(1);
    });
    return times;
}

}  // namespace

TEST(RowWavefront, EveryJobRunsOnceAfterTheJobsItDependsOn) {
    constexpr std::uint32_t rows = 40;
    constexpr std::uint32_t columns = 61;
    for (const unsigned workers : {1u, 2u, 3u, 4u}) {
        const job_times times = run_grid(workers, rows, columns);
        for (std::uint32_t r = 0; r < rows; ++r) {
            for (std::uint32_t c = 0; c < columns; ++c) {
                const std::size_t cell = static_cast<std::size_t>(r) * columns + c;
                ASSERT_EQ(times.runs[cell], 1) << workers << " workers, cell " << r << "," << c;
                if (c > 0) {
                    ASSERT_GT(times.start[cell], times.end[cell - 1])
                        << workers << " workers: cell " << r << "," << c << " before the cell to its left";
                }
                if (r == 0) continue;
                for (std::uint32_t below = 0; below <= std::min(c + 2, columns - 1); ++below) {
                    ASSERT_GT(times.start[cell], times.end[cell - columns - c + below])
                        << workers << " workers: cell " << r << "," << c << " before cell " << r - 1 << "," << below;
                }
            }
        }
    }
}

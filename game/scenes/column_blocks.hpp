#pragma once
// Runs a job on every block of `width` grid columns, in two phases: the even blocks (0, 2, 4 ...),
// then the odd ones, each block's job on one worker. The result is the one a single thread gets
// visiting the blocks in that order, for any number of workers.
//
// Usage:
//   column_blocks::run(pool, columns, [&](std::uint32_t block, unsigned worker) {
//       for (std::uint32_t row = 0; row < rows; ++row)
//           for (std::uint32_t c = column_blocks::first(block); c < column_blocks::end(block, columns); ++c) ...
//   });
//
// The job of a block may read and write only what belongs to its own columns and the column on
// either side of them (the balls' forward neighbours reach one column left and one right). Two
// blocks of one phase have a whole block of the other phase between them, `width` >= 2 columns
// wide, so no two jobs that run at the same time touch the same thing.
//
// Why blocks and not the single-thread row order: a row-by-row order can be split across threads
// only by a wavefront, whose workers wait on each other every few cells; on a 2-core VM those waits
// went through the kernel and two threads ran the landing of 100,000 balls only 1.2x faster than
// one. Two phases hand work out twice a pass. The order of the contacts is part of the balls'
// result (Gauss-Seidel), so this order is in their state hashes.
#include <ticklab/worker_pool.hpp>

#include <algorithm>
#include <cstdint>

namespace ticklab::game {

struct column_blocks {
    // Columns per block (BENCHMARKS.md, issue 27's eighth round: 8, 16 and 32 measured).
    static constexpr std::uint32_t width = 16;
    static_assert(width >= 2, "a block between two others must keep their neighbours apart");

    [[nodiscard]] static constexpr std::uint32_t count(std::uint32_t columns) noexcept {
        return (columns + width - 1) / width;
    }
    [[nodiscard]] static constexpr std::uint32_t first(std::uint32_t block) noexcept { return block * width; }
    [[nodiscard]] static constexpr std::uint32_t end(std::uint32_t block, std::uint32_t columns) noexcept {
        return std::min(first(block) + width, columns);
    }

    // job(block, worker) for every block of a grid `columns` wide: the even blocks, then the odd.
    // Worker k of n takes the phase's k-th, (k + n)-th ... block. Every worker is used for the
    // phase only when it has two blocks or more; otherwise the caller runs it.
    template <typename Job>
    static void run(ticklab::worker_pool& pool, std::uint32_t columns, Job&& job) {
        const std::uint32_t blocks = count(columns);
        for (std::uint32_t phase = 0; phase < 2; ++phase) {
            const std::uint32_t in_phase = blocks > phase ? (blocks - phase + 1) / 2 : 0;
            if (pool.size() == 1 || in_phase < 2) {
                for (std::uint32_t k = 0; k < in_phase; ++k) job(phase + 2 * k, 0u);
                continue;
            }
            pool.run([&](unsigned worker, unsigned workers) {
                for (std::uint32_t k = worker; k < in_phase; k += workers) job(phase + 2 * k, worker);
            });
        }
    }
};

}  // namespace ticklab::game

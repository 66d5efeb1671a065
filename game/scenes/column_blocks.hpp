#pragma once
// Runs a job on every block of `width` grid columns: the even blocks (0, 2, 4 ...), then the odd
// ones, each block's job on one worker. The result is the one a single thread gets visiting the
// blocks in that order, for any number of workers.
//
// Usage:
//   column_blocks::run(pool, columns, [&](std::uint32_t block, unsigned worker) {
//       for (std::uint32_t row = 0; row < rows; ++row)
//           for (std::uint32_t c = column_blocks::first(block); c < column_blocks::end(block, columns); ++c) ...
//   });
//
// The job of a block may read and write only what belongs to its own columns and the column on
// either side of them (the balls' forward neighbours reach one column left and one right). Two
// even blocks have a whole odd block between them, `width` >= 2 columns wide, and so do two odd
// ones; an odd block runs only after the even blocks beside it. So no two jobs that run at the same
// time touch the same thing.
//
// Why blocks and not the single-thread row order: a row-by-row order can be split across threads
// only by a wavefront, whose workers wait on each other every few cells; on a 2-core VM those waits
// went through the kernel and two threads ran the landing of 100,000 balls only 1.2x faster than
// one. The blocks are handed out once a pass. The order of the contacts is part of the balls'
// result (Gauss-Seidel), so this order is in their state hashes.
//
// Why an odd block waits only for its two even neighbours, not for every even block: with a
// barrier between the phases each phase lasted as long as its busiest worker. 100,000 balls make
// 27 blocks, 14 even and 13 odd, so one worker had a block more than the other in the odd phase,
// and the blocks' costs differ by up to a fifth (BENCHMARKS.md, issue 27's fourteenth round). An odd
// block touches no column of any other even block, so running it as soon as its neighbours are
// done changes nothing in the result.
#include <ticklab/worker_pool.hpp>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

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
    // Each worker takes the next block in that order when it is free; an odd block starts once the
    // even blocks on either side of it have ended. With fewer than three blocks no two may run at
    // once, and the caller runs them.
    template <typename Job>
    static void run(ticklab::worker_pool& pool, std::uint32_t columns, Job&& job) {
        const std::uint32_t blocks = count(columns);
        const std::uint32_t evens = (blocks + 1) / 2;
        const auto block_at = [evens](std::uint32_t k) { return k < evens ? 2 * k : 2 * (k - evens) + 1; };
        if (pool.size() == 1 || blocks < 3) {
            for (std::uint32_t k = 0; k < blocks; ++k) job(block_at(k), 0u);
            return;
        }
        std::vector<std::atomic<std::uint8_t>> done(blocks);
        std::atomic<std::uint32_t> next{0};
        // Never a deadlock: every even block is handed out before any odd one, and an even block's
        // job waits for nothing, so the blocks an odd one waits for are already running elsewhere.
        const auto wait_until_done = [&](std::uint32_t block) {
            for (unsigned spins = 0; done[block].load(std::memory_order_acquire) == 0; ++spins) {
                if (spins >= 64) std::this_thread::yield();
            }
        };
        pool.run([&](unsigned worker, unsigned) {
            for (std::uint32_t k = next.fetch_add(1, std::memory_order_relaxed); k < blocks;
                 k = next.fetch_add(1, std::memory_order_relaxed)) {
                const std::uint32_t block = block_at(k);
                if (block % 2 == 1) {
                    wait_until_done(block - 1);
                    if (block + 1 < blocks) wait_until_done(block + 1);
                }
                job(block, worker);
                done[block].store(1, std::memory_order_release);
            }
        });
    }
};

}  // namespace ticklab::game

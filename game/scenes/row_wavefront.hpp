#pragma once
// Runs a job on every cell of a rows x columns grid, split across a worker pool, with the result
// one thread gets visiting the rows bottom to top and each row left to right.
//
// Usage:
//   row_wavefront wavefront;
//   wavefront.run(pool, rows, columns, [&](std::uint32_t row, std::uint32_t column, unsigned worker) { ... });
//
// The job of cell (row, column) may read and write only what belongs to its own row from its
// column to the next one, and to the row above from one column left to one right of its own (the
// balls' forward neighbours). Then two cells' jobs touch the same thing only if they are in the
// same row, or in rows r and r + 1 with the upper cell's column at most 2 right of the lower's
// (and at least one left of it). Row r goes to worker r mod workers, which visits it left to right;
// its cell c waits until row r - 1 is done through column c + 2. Every pair of jobs that touch the
// same thing then runs in the single-thread order, each job sees the values it would see on one
// thread, and the result is identical bit for bit for any number of workers.

#include <ticklab/worker_pool.hpp>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>

namespace ticklab::game {

class row_wavefront {
public:
    // Row r's cell c depends on row r - 1 through column c + lag - 1.
    static constexpr std::uint32_t lag = 3;
    // A row's progress is published every this many cells: fewer shared writes, and the worker on
    // the row above trails by at least this many cells, so the two rarely write to one cache line.
    static constexpr std::uint32_t publish_every = 32;

    row_wavefront() = default;
    // Scratch space only: a copy starts empty.
    row_wavefront(const row_wavefront&) {}
    row_wavefront& operator=(const row_wavefront&) { return *this; }

    template <typename Job>
    void run(ticklab::worker_pool& pool, std::uint32_t rows, std::uint32_t columns, Job&& job) {
        // A narrow grid is a chain of rows each waiting for the one below: no gain, only hand-offs.
        if (pool.size() == 1 || rows < 2 || columns < min_columns) {
            for (std::uint32_t r = 0; r < rows; ++r) {
                for (std::uint32_t c = 0; c < columns; ++c) job(r, c, 0u);
            }
            return;
        }
        if (capacity_ < rows) {
            done_ = std::make_unique<progress[]>(rows);
            capacity_ = rows;
        }
        for (std::uint32_t r = 0; r < rows; ++r) done_[r].cells.store(0, std::memory_order_relaxed);
        pool.run([&](unsigned worker, unsigned workers) {
            for (std::uint32_t r = worker; r < rows; r += workers) {
                std::uint32_t below = r == 0 ? columns : 0;  // row r - 1's cells known done
                for (std::uint32_t c = 0; c < columns; ++c) {
                    const std::uint32_t needed = std::min(c + lag, columns);
                    if (below < needed) below = wait_for(done_[r - 1], needed);
                    job(r, c, worker);
                    if ((c + 1) % publish_every == 0 || c + 1 == columns) publish(done_[r], c + 1);
                }
            }
        });
    }

    // Grids narrower than this run on the calling thread.
    static constexpr std::uint32_t min_columns = 4 * lag;

private:
    struct alignas(64) progress {
        std::atomic<std::uint32_t> cells{0};
        std::atomic<bool> sleeper{false};  // the next row's worker sleeps on `cells`
    };

    static void publish(progress& row, std::uint32_t cells) {
        row.cells.store(cells, std::memory_order_seq_cst);
        if (row.sleeper.load(std::memory_order_seq_cst)) row.cells.notify_all();
    }

    // Waits until `row` is done through `needed` cells; returns the count seen. Spins first (the
    // row below is usually a few cells ahead), then yields, then sleeps: with more threads than
    // free cores the worker it waits for may not be running at all.
    static std::uint32_t wait_for(progress& row, std::uint32_t needed) {
        for (unsigned spins = 1;; ++spins) {
            const std::uint32_t seen = row.cells.load(std::memory_order_acquire);
            if (seen >= needed) return seen;
            if (spins < 256) continue;
            if (spins < 256 + 16) {
                std::this_thread::yield();
                continue;
            }
            // seq_cst with publish(): either it sees the sleeper, or this sees its count.
            row.sleeper.store(true, std::memory_order_seq_cst);
            const std::uint32_t now = row.cells.load(std::memory_order_seq_cst);
            if (now < needed) row.cells.wait(now, std::memory_order_seq_cst);
            row.sleeper.store(false, std::memory_order_relaxed);
            spins = 0;
        }
    }

    std::unique_ptr<progress[]> done_;
    std::uint32_t capacity_ = 0;
};

}  // namespace ticklab::game

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
// (and at least one left of it). So cell (r, c) may run once cell (r, c - 1) and row r - 1
// through column c + 2 are done: every pair of jobs that touch the same thing then runs in the
// single-thread order, each job sees the values it would see on one thread, and the result is
// identical bit for bit for any number of workers.
//
// The columns are cut into one band per worker, and worker k visits its band of every row, bottom
// to top: it starts a row once worker k - 1 has finished that row's band to the left, and near its
// band's right edge it waits for worker k + 1 to be 2 cells into the row below. The workers then
// run a row apart, like a staircase. Bands, not whole rows per worker: a job writes the balls of
// the row above, and with rows dealt out in turn those balls were the next worker's own, so their
// cache lines crossed between the cores on every pass; with bands only a band's edge crosses.
// Measured at 100,000 balls from reset, two threads against one: 1.43x with rows in turn, 1.47x
// with bands (the relax sweeps alone 1.37x and 1.51x).
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
    // A band's progress is published after each of its first cells (what the previous band's
    // worker on the row above waits for), then every this many cells and at its end (what the
    // next band's worker waits for): fewer shared writes.
    static constexpr std::uint32_t publish_every = 32;

    row_wavefront() = default;
    // Scratch space only: a copy starts empty.
    row_wavefront(const row_wavefront&) {}
    row_wavefront& operator=(const row_wavefront&) { return *this; }

    template <typename Job>
    void run(ticklab::worker_pool& pool, std::uint32_t rows, std::uint32_t columns, Job&& job) {
        const unsigned workers = pool.size();
        // A band narrower than `lag` would make a worker wait on two others; a grid that narrow
        // gains nothing from threads anyway.
        if (workers == 1 || rows < 2 || columns < min_columns || columns < workers * (lag + 1)) {
            for (std::uint32_t r = 0; r < rows; ++r) {
                for (std::uint32_t c = 0; c < columns; ++c) job(r, c, 0u);
            }
            return;
        }
        const std::size_t slots = static_cast<std::size_t>(rows) * workers;
        if (capacity_ < slots) {
            done_ = std::make_unique<progress[]>(slots);
            capacity_ = slots;
        }
        for (std::size_t k = 0; k < slots; ++k) done_[k].cells.store(0, std::memory_order_relaxed);
        // done_[r * workers + k]: cells of row r's band k that are done (a count from the band's left).
        pool.run([&](unsigned worker, unsigned) {
            const std::uint32_t first = band_start(columns, workers, worker);
            const std::uint32_t end = band_start(columns, workers, worker + 1);
            const bool last_band = worker + 1 == workers;
            for (std::uint32_t r = 0; r < rows; ++r) {
                progress* row = done_.get() + static_cast<std::size_t>(r) * workers;
                progress* row_below = row - (r == 0 ? 0 : workers);
                if (worker > 0) wait_for(row[worker - 1], first - band_start(columns, workers, worker - 1));
                // Row r - 1's cells in the next band that are known done (the row's own band was
                // done by this worker before; the bands to the left before those).
                std::uint32_t below = (r == 0 || last_band) ? columns : end;
                for (std::uint32_t c = first; c < end; ++c) {
                    const std::uint32_t needed = std::min(c + lag, columns);
                    if (below < needed) below = end + wait_for(row_below[worker + 1], needed - end);
                    job(r, c, worker);
                    const std::uint32_t count = c + 1 - first;
                    if (count < lag || count % publish_every == 0 || c + 1 == end) publish(row[worker], count);
                }
            }
        });
    }

    // Grids narrower than this run on the calling thread.
    static constexpr std::uint32_t min_columns = 4 * lag;

private:
    struct alignas(64) progress {
        std::atomic<std::uint32_t> cells{0};
        // Workers asleep on `cells`: two may wait on one band (the next band's worker for all of
        // it, the previous band's on the row above for its first cells).
        std::atomic<std::uint32_t> sleepers{0};
    };

    static void publish(progress& row, std::uint32_t cells) {
        row.cells.store(cells, std::memory_order_seq_cst);
        if (row.sleepers.load(std::memory_order_seq_cst) != 0) row.cells.notify_all();
    }

    // Waits until `row` (a band of a row) is done through `needed` cells; returns the count seen.
    // Spins first (the band waited for is usually a few cells ahead), then yields, then sleeps: with more threads than
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
            row.sleepers.fetch_add(1, std::memory_order_seq_cst);
            const std::uint32_t now = row.cells.load(std::memory_order_seq_cst);
            if (now < needed) row.cells.wait(now, std::memory_order_seq_cst);
            row.sleepers.fetch_sub(1, std::memory_order_relaxed);
            spins = 0;
        }
    }

    // Band k of `workers` starts at this column.
    static std::uint32_t band_start(std::uint32_t columns, unsigned workers, unsigned k) noexcept {
        return static_cast<std::uint32_t>(static_cast<std::uint64_t>(columns) * k / workers);
    }

    std::unique_ptr<progress[]> done_;
    std::size_t capacity_ = 0;
};

}  // namespace ticklab::game

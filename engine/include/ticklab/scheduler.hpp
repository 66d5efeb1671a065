#pragma once
// Tasks on one virtual timeline: time tasks (virtual nanoseconds), tick, frame and render tasks
// (counts), with priorities, per-run CPU budgets, by-handle control and statistics.
//
// Usage (the game session owns one scheduler and drives it from the fixed loop):
//
//   ticklab::scheduler tasks;
//   tasks.schedule_time({.start = 5ms, .interval = 5ms, .name = "balls"},
//                       [](ticklab::task_context& ctx) { /* ctx.tasks.now() == this run's due time */ });
//   tasks.schedule_frame({.interval = 3}, [] { /* every third frame */ });
//   tasks.schedule_render({.name = "hud"}, [] { /* every frame, after everything else */ });
//
//   // Per frame, in this order (loop_client::advance_to is called by fixed_loop before each tick
//   // with the tick's due time, and once more with the frame's final virtual time):
//   void advance_to(nanoseconds t) override { tasks.advance_to(t); }         // 1. time tasks <= t
//   void tick(const tick_info& k) override { sim.step(k); tasks.on_tick(k.index); }  // 2. tick, then tick tasks
//   ... after loop.advance(): tasks.run_frame(frame.frame_index);            // 3. frame tasks
//                             tasks.run_render();                            // 4. render tasks, last
//
// Contracts:
// - Order: within one call, runs go by due time, then higher priority first, then FIFO: the run
//   that was queued first goes first. A run is queued when its task is scheduled, after the previous
//   run (so equal-period peers take turns as in GPG3), on resume() and on set_priority().
// - Time tasks run at their exact due time: while one runs, now() reads its due time, also when the
//   interval is not a multiple of the tick. A time task due exactly at a tick's time runs before
//   that tick (fixed_loop calls advance_to(tick time) first). Virtual time the loop drops (MAX_LOOPS)
//   is never passed to advance_to, so it is skipped for every time task alike; nothing bursts.
// - A paused clock means advance_to is called with an unchanged time: time tasks (and script waits)
//   stop, tick tasks stop with the ticks, frame and render tasks keep running.
// - `start` earlier than the current time or count means "now". A run scheduled during dispatch
//   whose due time is within the call in progress runs in that same call, after the runs already
//   queued for that due time and priority. Count tasks that fall behind (a frame index jumps) run
//   once and skip the missed runs; time tasks never fall behind.
// - `duration`: runs start in [start, start + duration); 0 = forever. `interval` 0 = run once.
// - Handles: every task gets a unique handle; after a task ends (expired, terminated, threw) its
//   handle is stale forever: every by-handle call returns false and touches nothing.
// - Tasks may schedule, terminate (themselves too), pause, resume and retune tasks while running.
//   A task that throws is terminated and the exception leaves the advance_to/on_tick/run_* call.
// - Budget: a task with a budget gets `budget` of credit per due run (credit capped at one budget)
//   and runs only while its credit is positive; each run's measured cost is charged. Over time its
//   average cost per due run stays within the budget: a 2 ms task that costs 3 ms runs 2 of 3 times.
//   Skipped runs count as `skips` and still move the task to its next due time.
// - set_interval takes effect after the pending run; set_priority re-queues the pending run.
// Bad arguments throw std::invalid_argument; driving calls made from inside a task throw std::logic_error.

#include <ticklab/task_handle.hpp>
#include <ticklab/task_queue.hpp>
#include <ticklab/time.hpp>
#include <ticklab/time_source.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace ticklab {

class scheduler;

// What a running task is told. `due` is the run's due time in nanoseconds (time tasks) or its
// due count (tick/frame/render tasks).
struct task_context {
    scheduler& tasks;
    task_handle self;
    std::int64_t due;
    void terminate() const;  // ends this task after the current run
};

using task_function = std::function<void(task_context&)>;

struct time_task_options {
    nanoseconds start{0};     // virtual time of the first run; earlier than now() means now()
    nanoseconds interval{0};  // between runs; 0 = run once
    nanoseconds duration{0};  // runs start in [start, start + duration); 0 = forever
    int priority = 0;         // [min_priority, max_priority]; higher runs first at equal time
    nanoseconds budget{0};    // CPU time allowed per run on average; 0 = unlimited
    std::string name{};       // shown in snapshots
};

// Tick and frame tasks. Counts are tick or frame indices as fixed_loop numbers them (first = 1).
struct count_task_options {
    std::uint64_t start = 0;     // first tick/frame to run on; earlier than the current one means the next call
    std::uint64_t interval = 1;  // every N ticks/frames; 0 = run once
    std::uint64_t duration = 0;  // runs start in [start, start + duration); 0 = forever
    int priority = 0;
    nanoseconds budget{0};
    std::string name{};
};

struct render_task_options {
    int priority = 0;  // higher renders first (so lower priorities draw on top)
    nanoseconds budget{0};
    std::string name{};
};

struct scheduler_config {
    // Measures run costs; nullptr = a steady clock owned by the scheduler. Not owned; must outlive it.
    const time_source* cost_clock = nullptr;
    // Measure run costs for the statistics: a task's first run, then one run in
    // `measure_sample_period` (two clock reads cost about a third of a cheap dispatch). Runs of
    // tasks with a budget are always measured.
    bool measure_costs = true;
};

inline constexpr std::uint64_t measure_sample_period = 8;

// One run (or budget skip) of a task, as told to a run observer (scheduler::set_run_observer).
struct task_run {
    task_handle handle;
    std::string_view name;  // valid during the call only
    task_kind kind = task_kind::time;
    std::int64_t due = 0;     // ns for time tasks, else a count
    nanoseconds begin{0};     // the cost clock when the run began (a skip: when it was skipped)
    nanoseconds cost{0};      // measured for every run while an observer is set; 0 for a skip
    bool skipped = false;     // skipped to stay within budget
};
using task_run_observer = std::function<void(const task_run&)>;

struct task_info {
    task_handle handle;
    std::string name{};
    task_kind kind = task_kind::time;
    int priority = 0;
    std::int64_t interval = 0;  // ns for time tasks, else ticks/frames/passes
    std::int64_t next_due = 0;  // ns for time tasks, else a count
    std::uint64_t runs = 0;
    std::uint64_t skips = 0;      // runs skipped to stay within budget
    nanoseconds last_cost{0};     // of the last measured run
    nanoseconds average_cost{0};  // over the measured runs (sampled: see measure_sample_period)
    nanoseconds max_cost{0};
    nanoseconds budget{0};
    bool paused = false;
};

class scheduler {
public:
    explicit scheduler(scheduler_config config = {});
    scheduler(const scheduler&) = delete;
    scheduler& operator=(const scheduler&) = delete;
    ~scheduler();

    // Scheduling. `fn` is called as fn(task_context&) or fn(); it is owned by the scheduler until
    // the task ends.
    template <typename F>
    task_handle schedule_time(time_task_options options, F&& fn) {
        return add_time(std::move(options), wrap(std::forward<F>(fn)));
    }
    template <typename F>
    task_handle schedule_tick(count_task_options options, F&& fn) {
        return add_count(task_kind::tick, std::move(options), wrap(std::forward<F>(fn)));
    }
    template <typename F>
    task_handle schedule_frame(count_task_options options, F&& fn) {
        return add_count(task_kind::frame, std::move(options), wrap(std::forward<F>(fn)));
    }
    template <typename F>
    task_handle schedule_render(render_task_options options, F&& fn) {
        return add_render(std::move(options), wrap(std::forward<F>(fn)));
    }

    // Driving (see the per-frame order above). Times and counts never go back: an earlier value
    // throws std::invalid_argument.
    void advance_to(nanoseconds virtual_time);  // time tasks due <= virtual_time; leaves now() == it
    void on_tick(std::uint64_t tick_index);     // tick tasks due <= tick_index (call after the tick)
    void run_frame(std::uint64_t frame_index);  // frame tasks due <= frame_index
    void run_render();                          // every render task, once

    // By handle; false (and no effect) for a stale or null handle.
    bool terminate(task_handle handle);
    bool pause(task_handle handle);
    bool resume(task_handle handle);  // a time task resumes on its original grid, skipping missed runs
    bool set_interval(task_handle handle, nanoseconds interval);    // time tasks only
    bool set_interval(task_handle handle, std::uint64_t interval);  // tick and frame tasks only
    bool set_priority(task_handle handle, int priority);
    bool set_budget(task_handle handle, nanoseconds budget);
    [[nodiscard]] bool valid(task_handle handle) const noexcept;

    // Introspection.
    [[nodiscard]] std::optional<task_info> info(task_handle handle) const;
    void snapshot(std::vector<task_info>& out) const;  // clears `out`, then one entry per live task
    [[nodiscard]] std::size_t size() const noexcept { return live_; }

    [[nodiscard]] nanoseconds now() const noexcept { return nanoseconds{counters_[kind_index(task_kind::time)]}; }
    [[nodiscard]] std::uint64_t tick() const noexcept { return count(task_kind::tick); }
    [[nodiscard]] std::uint64_t frame() const noexcept { return count(task_kind::frame); }
    [[nodiscard]] std::uint64_t render_pass() const noexcept { return count(task_kind::render); }
    // Due time of the next time task (queued, not paused), or nullopt when there is none.
    [[nodiscard]] std::optional<nanoseconds> next_time_due() const;
    [[nodiscard]] std::optional<nanoseconds> time_until_next() const;
    [[nodiscard]] std::uint64_t dispatches() const noexcept { return dispatches_; }

    // Told about every run and budget skip, after it, while set (traces: --trace). Every run is
    // then measured. Unset (the default, or an empty function) it costs one test per dispatch.
    // The observer must not drive or change the scheduler.
    void set_run_observer(task_run_observer observer) { observer_ = std::move(observer); }

private:
    enum class slot_state : std::uint8_t { free, queued, paused, running, running_paused, zombie };

    // One task. Everything a dispatch touches (including the callable and the cost figures) sits in
    // one 128-byte, 64-aligned block: two cache lines, which run_due prefetches a few runs ahead.
    struct alignas(64) slot {
        std::uint64_t queued_seq = 0;  // seq of this slot's live queue entry; 0 = none
        std::int64_t next_due = 0;
        std::int64_t interval = 0;
        std::int64_t end = 0;  // exclusive end of the run window
        std::uint64_t runs = 0;
        std::uint32_t generation = 1;
        int priority = 0;
        task_kind kind = task_kind::time;
        slot_state state = slot_state::free;
        std::uint32_t measured = 0;  // runs whose cost is in total_cost (fits the padding here)
        task_function function;
        std::int64_t budget = 0;
        std::int64_t credit = 0;  // budget credit, <= budget
        std::int64_t last_cost = 0;
        std::int64_t max_cost = 0;
        std::int64_t total_cost = 0;  // over `measured` runs
    };
    struct cold {
        std::string name;
        std::uint64_t skips = 0;
    };
    // Slots in fixed chunks: adding tasks (also from inside a running task) never moves a slot, so a
    // running task's slot and callable stay put.
    class slot_pool {
    public:
        [[nodiscard]] slot& operator[](std::uint32_t i) noexcept { return chunks_[i >> chunk_bits][i & chunk_mask]; }
        [[nodiscard]] const slot& operator[](std::uint32_t i) const noexcept {
            return chunks_[i >> chunk_bits][i & chunk_mask];
        }
        [[nodiscard]] std::uint32_t size() const noexcept { return size_; }
        std::uint32_t grow() {
            if ((size_ & chunk_mask) == 0) chunks_.push_back(std::make_unique<slot[]>(std::size_t{1} << chunk_bits));
            return size_++;
        }

    private:
        static constexpr std::uint32_t chunk_bits = 8;
        static constexpr std::uint32_t chunk_mask = (1u << chunk_bits) - 1;
        std::vector<std::unique_ptr<slot[]>> chunks_;
        std::uint32_t size_ = 0;
    };

    template <typename F>
    static task_function wrap(F&& fn) {
        if constexpr (std::is_invocable_v<F&, task_context&>) {
            return task_function{std::forward<F>(fn)};
        } else {
            static_assert(std::is_invocable_v<F&>, "a task is callable as fn(task_context&) or fn()");
            return [f = std::forward<F>(fn)](task_context&) mutable { f(); };
        }
    }

    static constexpr std::size_t kind_index(task_kind kind) noexcept { return static_cast<std::size_t>(kind); }
    [[nodiscard]] std::uint64_t count(task_kind kind) const noexcept {
        return static_cast<std::uint64_t>(counters_[kind_index(kind)]);
    }

    task_handle add_time(time_task_options options, task_function fn);
    task_handle add_count(task_kind kind, count_task_options options, task_function fn);
    task_handle add_render(render_task_options options, task_function fn);
    task_handle add(task_kind kind, std::int64_t start, std::int64_t interval, std::int64_t duration, int priority,
                    nanoseconds budget, std::string name, task_function fn);

    void run_due(task_kind kind, std::int64_t until);
    // Runs (or budget-skips) one due run. True when the task is to be queued again at `next`.
    bool dispatch(std::uint32_t index, std::int64_t due, std::int64_t& next);
    void queue(std::uint32_t index, std::int64_t due);
    void unqueue(std::uint32_t index);
    void retire(std::uint32_t index, bool bump_generation);
    [[nodiscard]] slot* find(task_handle handle) noexcept;
    [[nodiscard]] const slot* find(task_handle handle) const noexcept;
    void prune_top(task_kind kind) const;
    [[nodiscard]] std::int64_t earliest(task_kind kind) const noexcept;
    class driving_scope;

    slot_pool slots_;
    std::vector<cold> cold_;  // by slot index; only snapshots and budget skips touch it
    std::vector<std::uint32_t> free_;
    // Time tasks in buckets of 2^20 ns (about 1 ms); counts one per bucket.
    mutable std::array<task_queue, 4> queues_{task_queue{20}, task_queue{}, task_queue{}, task_queue{}};
    mutable std::array<std::size_t, 4> stale_{};
    std::array<std::int64_t, 4> counters_{};  // now (ns), tick, frame, render pass
    std::uint64_t next_seq_ = 1;
    std::uint64_t dispatches_ = 0;
    std::size_t live_ = 0;
    const time_source* cost_clock_;
    steady_time_source own_clock_;
    bool measure_costs_;
    task_run_observer observer_;
    int driving_kind_ = -1;  // the kind being dispatched, -1 outside advance_to/on_tick/run_*
};

inline void task_context::terminate() const {
    tasks.terminate(self);
}

}  // namespace ticklab

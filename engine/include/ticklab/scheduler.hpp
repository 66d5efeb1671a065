#pragma once
// Tasks on one virtual timeline: time tasks (virtual nanoseconds), tick, frame and render tasks
// (counts), combined frame/time events, idle tasks, with priorities, CPU budgets, by-handle
// control and statistics.
//
// Usage (the game's session drives one frame in the order below, game/session/session.cpp; a loop of its own may
// make the same calls):
//
//   ticklab::scheduler tasks;
//   tasks.schedule_time({.start = 5ms, .interval = 5ms, .name = "balls"},
//                       [](ticklab::task_context& ctx) { /* ctx.tasks.now() == this run's due time */ });
//   tasks.schedule_frame({.interval = 3}, [] { /* every third frame */ });
//   tasks.schedule_render({.name = "hud"}, [] { /* every frame, after everything else */ });
//
//   // Per frame, in this order (text 002's ExecuteFrame):
//   tasks.begin_frame({.index = f, .start = t0, .end = t1});  // optional: per-frame budgets, combined events
//   tasks.advance_to(tick_time); sim.step(); tasks.on_tick(k); // per tick: time tasks <= the tick, then tick tasks
//   tasks.advance_to(t1);                                      // the rest of the frame's time tasks
//   tasks.run_frame(f);                                        // frame tasks
//   tasks.run_render();                                        // render tasks, then after-render frame tasks
//   tasks.run_idle(time_left);                                 // idle tasks while time is left
//
// Contracts:
// - Order: within one call, runs go by due time, then higher priority first, then FIFO: the run
//   that was queued first goes first. A run is queued when its task is scheduled, after the previous
//   run (so equal-period peers take turns as in text 002's round robin), on resume() and on
//   set_priority().
// - Time tasks run at their exact due time: while one runs, now() reads its due time, also when the
//   interval is not a multiple of the tick. A time task due exactly at a tick's time runs before
//   that tick (fixed_loop calls advance_to(tick time) first). Virtual time the loop drops (MAX_LOOPS)
//   is never passed to advance_to, so it is skipped for every time task alike; nothing bursts.
// - A paused clock means advance_to is called with an unchanged time: time tasks (and script waits)
//   stop, tick tasks stop with the ticks, frame and render tasks keep running.
// - Passes: each driving call (advance_to, on_tick, run_frame, run_render, run_idle) is one pass.
//   Nothing posted during a pass runs at the instant the pass is dispatching, so a call that
//   re-posts itself with no delay cannot keep a pass (and the frame) from ending:
//   * A time task due at now() posted during advance_to (a zero-delay deferred call, wait(0s), a
//     `start` not later than now) is held until the next tick: on_tick() releases it and it runs
//     first in the next advance_to, with now() at that tick's time. So zero-delay work posted in
//     the time passes leading up to tick k runs after tick k, whatever the frame boundaries (text
//     000: a call posted while the executor runs waits for its next run). With the clock paused
//     there is no tick: it waits, as every time task does. A scheduler that has never been ticked
//     (tick() == 0) releases it when the advance_to that held it ends.
//   * A count task posted during its own lane's pass for the current count runs in the next one.
//   A time task posted for a later time inside the advance_to in progress runs in it, at that time.
//   Outside a pass, `start` earlier than the current time or count means the next pass. Count
//   tasks that fall behind (a frame index jumps) run once and skip the missed runs; time tasks
//   never fall behind.
// - `duration`: runs start in [start, start + duration); 0 = forever; or `last`, inclusive.
//   `interval` 0 = run once. set_duration/set_last change the window later (a run already past it
//   ends the task).
// - Handles: every task gets a unique handle; after a task ends (expired, terminated, threw) its
//   handle is stale forever: every by-handle call returns false and touches nothing.
// - Tasks may schedule, terminate (themselves too), pause, resume and retune tasks while running.
// - Errors: an exception that leaves a task ends that task only (its handle goes stale) and never
//   the driving call: the others run on. The scheduler counts such errors and keeps the last one
//   (task_errors(), last_task_error()) for whoever shows them; it has no I/O of its own. Hosts of
//   work that runs outside a dispatch (script_host) count their errors here too (record_error).
// - Budget (task_options.hpp, budget_rules): a task with a budget gets `budget` of credit per due
//   run (the default) or per frame (text 002), banks at most `cap` (default one budget), and runs
//   only while its credit is positive (or, with `threshold`, covers its last cost); each run's
//   measured cost is charged. A 2 ms task that costs 3 ms runs 2 periods of 3 (table 1.1.2).
//   Skipped runs count as `skips` and still move the task to its next due time.
// - begin_frame() starts a frame: it sets the frame's virtual window (now .. end, known before its
//   ticks run), starts a new period for per-frame budgets and places the combined events. Without
//   it per-frame budgets start their period at run_frame() and combined events never run.
// - set_interval takes effect after the pending run; set_priority re-queues the pending run.
// Bad arguments throw std::invalid_argument; driving calls made from inside a task throw std::logic_error
// (which, not caught in the task, ends it as any error does).

#include <ticklab/task_handle.hpp>
#include <ticklab/task_options.hpp>
#include <ticklab/task_queue.hpp>
#include <ticklab/time.hpp>
#include <ticklab/time_source.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <exception>
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
    std::int64_t due = 0;  // ns for time tasks, else a count
    nanoseconds begin{0};  // the cost clock when the run began (a skip: when it was skipped)
    nanoseconds cost{0};   // measured for every run while an observer is set; 0 for a skip
    bool skipped = false;  // skipped to stay within budget
};
using task_run_observer = std::function<void(const task_run&)>;

// An exception that ended a task or a script, as the scheduler keeps it.
struct task_error {
    std::string task;  // the task's name ("" when it has none)
    std::string what;  // the exception's what(), or a line saying it was not a std::exception
};

struct task_info {
    task_handle handle;
    std::string name{};
    task_kind kind = task_kind::time;
    int priority = 0;
    std::int64_t interval = 0;    // ns for time tasks, else ticks/frames/passes (offset ns / runs a frame: combined)
    std::int64_t next_due = 0;    // ns for time tasks, else a count
    std::uint64_t runs = 0;       // from the options' runs_so_far on (a script's wake-ups: script.hpp)
    std::uint64_t skips = 0;      // runs skipped to stay within budget
    nanoseconds last_cost{0};     // of the last measured run
    nanoseconds average_cost{0};  // over the measured runs (sampled: see measure_sample_period)
    nanoseconds max_cost{0};
    nanoseconds budget{0};
    budget_rules budgeting{};
    bool paused = false;
    bool after_render = false;  // a frame task that runs after the render tasks
};

// One frame's place on the virtual timeline: frame `index` covers virtual time (start, end].
struct frame_window {
    std::uint64_t index = 0;
    nanoseconds start{0};
    nanoseconds end{0};
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
    // Combined events (text 002): once a frame at its start + offset, or per_frame times spread
    // evenly over its virtual time. Placed by begin_frame(), from the next frame on.
    template <typename F>
    task_handle schedule_frame_offset(frame_offset_options options, F&& fn) {
        return add_frame_offset(std::move(options), wrap(std::forward<F>(fn)));
    }
    template <typename F>
    task_handle schedule_frame_spread(frame_spread_options options, F&& fn) {
        return add_frame_spread(std::move(options), wrap(std::forward<F>(fn)));
    }
    // Idle tasks (text 002): run only with time left in the frame (run_idle).
    template <typename F>
    task_handle schedule_idle(idle_task_options options, F&& fn) {
        return add_idle(std::move(options), wrap(std::forward<F>(fn)));
    }

    // Driving (see the per-frame order above). Times and counts never go back: an earlier value
    // throws std::invalid_argument.
    void begin_frame(frame_window window);      // window.start must be now(); end >= start
    void advance_to(nanoseconds virtual_time);  // time tasks due <= virtual_time; leaves now() == it
    void on_tick(std::uint64_t tick_index);     // tick tasks due <= tick_index (call after the tick)
    void run_frame(std::uint64_t frame_index);  // frame tasks due <= frame_index
    void run_render();                          // every render task once, then after-render frame tasks
    // Idle tasks, each at most once, while less than `time_left` has passed on the cost clock since
    // the call began; returns how many ran. time_left <= 0 runs none.
    std::size_t run_idle(nanoseconds time_left);

    // By handle; false (and no effect) for a stale or null handle.
    bool terminate(task_handle handle);
    bool pause(task_handle handle);
    bool resume(task_handle handle);  // a time task resumes on its original grid, skipping missed runs
    bool set_interval(task_handle handle, nanoseconds interval);    // time tasks only
    bool set_interval(task_handle handle, std::uint64_t interval);  // tick and frame tasks only
    // The run window, measured from the task's first due time, as schedule's `duration` (0 =
    // forever) or `last` (inclusive). A pending run outside the new window ends the task at once
    // (after its current run, if it is running).
    bool set_duration(task_handle handle, nanoseconds duration);    // time tasks only
    bool set_duration(task_handle handle, std::uint64_t duration);  // tick and frame tasks only
    bool set_last(task_handle handle, nanoseconds last);            // time tasks only
    bool set_last(task_handle handle, std::uint64_t last);          // tick and frame tasks only
    bool set_priority(task_handle handle, int priority);
    bool set_budget(task_handle handle, nanoseconds budget);
    bool set_budget_rules(task_handle handle, budget_rules rules);
    [[nodiscard]] bool valid(task_handle handle) const noexcept;

    // Introspection.
    [[nodiscard]] std::optional<task_info> info(task_handle handle) const;
    void snapshot(std::vector<task_info>& out) const;  // clears `out`, then one entry per live task
    [[nodiscard]] std::size_t size() const noexcept { return live_; }

    [[nodiscard]] nanoseconds now() const noexcept { return nanoseconds{counters_[lane_index(lane::time)]}; }
    [[nodiscard]] std::uint64_t tick() const noexcept { return count(lane::tick); }
    [[nodiscard]] std::uint64_t frame() const noexcept { return count(lane::frame); }
    [[nodiscard]] std::uint64_t render_pass() const noexcept { return count(lane::render); }
    // The frame begin_frame() started last: known before its ticks run.
    [[nodiscard]] const frame_window& current_frame() const noexcept { return frame_; }
    // Due time of the next time task (queued, not paused), or nullopt when there is none.
    [[nodiscard]] std::optional<nanoseconds> next_time_due() const;
    [[nodiscard]] std::optional<nanoseconds> time_until_next() const;
    [[nodiscard]] std::uint64_t dispatches() const noexcept { return dispatches_; }

    // Errors (see Contracts): how many tasks and scripts an exception has ended, and the last one.
    [[nodiscard]] std::uint64_t task_errors() const noexcept { return task_errors_; }
    [[nodiscard]] const std::optional<task_error>& last_task_error() const noexcept { return last_error_; }
    // Counts `error` as the error that ended the task or script named `task`. Called by the
    // scheduler for its own tasks, and by hosts (script_host) for work that throws outside a dispatch.
    void record_error(std::string_view task, const std::exception_ptr& error);
    // The clock that measures run costs (budgets, idle time).
    [[nodiscard]] const time_source& cost_clock() const noexcept { return *cost_clock_; }

    // Told about every run and budget skip, after it, while set (traces: --trace). Every run is
    // then measured. Unset (the default, or an empty function) it costs one test per dispatch.
    // The observer must not drive or change the scheduler.
    void set_run_observer(task_run_observer observer) { observer_ = std::move(observer); }

private:
    // held: queued in held_ (posted for the instant advance_to was dispatching), not in a queue yet.
    enum class slot_state : std::uint8_t {
        free,
        queued,
        held,
        paused,
        running,
        running_paused,
        zombie,
        between_frames
    };
    // Which queue a task is in: the task kinds, with frame tasks split by when they run.
    enum class lane : std::uint8_t { time, tick, frame, render, after_render, idle };
    static constexpr std::size_t lane_count = 6;
    // How a time task's next run is found: by its interval, or by the frame window (combined events).
    enum class timing : std::uint8_t { interval, frame_offset, frame_spread };

    // One task. Everything a dispatch touches (including the callable and the cost figures) sits in
    // one 128-byte, 64-aligned block: two cache lines, which run_due prefetches a few runs ahead.
    struct alignas(64) slot {
        std::uint64_t queued_seq = 0;  // seq of this slot's live queue entry; 0 = none
        std::int64_t next_due = 0;
        std::int64_t interval = 0;  // frame_offset: the offset (ns); frame_spread: runs a frame
        std::int64_t end = 0;       // exclusive end of the run window
        std::uint64_t runs = 0;
        std::uint32_t generation = 1;
        int priority = 0;
        task_kind kind = task_kind::time;
        slot_state state = slot_state::free;
        lane queue_lane = lane::time;
        timing next_run = timing::interval;
        std::uint32_t measured = 0;  // runs whose cost is in total_cost (fits the padding here)
        task_function function;
        std::int64_t budget = 0;
        std::int64_t credit = 0;  // budget credit, <= the cap
        std::int64_t last_cost = 0;
        std::int64_t max_cost = 0;
        std::int64_t total_cost = 0;  // over `measured` runs
    };
    static_assert(sizeof(slot) == 128, "a slot is two cache lines");
    // What only snapshots, budgets, windows and combined events touch.
    struct cold {
        std::string name;
        std::uint64_t skips = 0;
        std::int64_t first_due = 0;  // where the run window starts
        budget_rules budgeting{};
        std::uint64_t credit_period = ~std::uint64_t{0};  // budget_period::frame: last frame credited
        std::uint32_t spread_step = 0;                    // frame_spread: runs placed this frame
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
    struct task_spec {
        task_kind kind;
        lane queue_lane;
        timing next_run = timing::interval;
        std::int64_t start = 0;
        std::int64_t interval = 0;
        std::int64_t duration = 0;           // 0 = forever
        std::optional<std::int64_t> last{};  // or the last start, inclusive
        int priority = 0;
        nanoseconds budget{0};
        budget_rules budgeting{};
        std::string name{};
        std::uint64_t runs_so_far = 0;
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

    static constexpr std::size_t lane_index(lane l) noexcept { return static_cast<std::size_t>(l); }
    [[nodiscard]] std::uint64_t count(lane l) const noexcept {
        return static_cast<std::uint64_t>(counters_[lane_index(l)]);
    }

    task_handle add_time(time_task_options options, task_function fn);
    task_handle add_count(task_kind kind, count_task_options options, task_function fn);
    task_handle add_render(render_task_options options, task_function fn);
    task_handle add_frame_offset(frame_offset_options options, task_function fn);
    task_handle add_frame_spread(frame_spread_options options, task_function fn);
    task_handle add_idle(idle_task_options options, task_function fn);
    task_handle add(task_spec spec, task_function fn);

    template <bool timed>
    void run_due(lane l, std::int64_t until, std::int64_t deadline = 0);
    // Runs (or budget-skips) one due run. True when the task is to be queued again at `next`.
    bool dispatch(std::uint32_t index, std::int64_t due, std::int64_t& next);
    // After a combined event's run: its next run in this frame, if any.
    bool next_in_frame(slot& s, std::uint32_t index, std::int64_t due, std::int64_t& next);
    [[nodiscard]] bool within_budget(slot& s, std::uint32_t index);
    void place_in_frame(std::uint32_t index);
    void queue(std::uint32_t index, std::int64_t due);
    void hold(std::uint32_t index, std::int64_t due);
    void release_held(std::int64_t due);
    void unqueue(std::uint32_t index);
    void retire(std::uint32_t index, bool bump_generation);
    bool change_window(task_handle handle, bool time_task, std::int64_t end, const char* where);
    [[nodiscard]] slot* find(task_handle handle) noexcept;
    [[nodiscard]] const slot* find(task_handle handle) const noexcept;
    void prune_top(lane l) const;
    [[nodiscard]] std::int64_t earliest(lane l) const noexcept;
    class driving_scope;

    slot_pool slots_;
    std::vector<cold> cold_;  // by slot index; only snapshots, budgets and combined events touch it
    std::vector<std::uint32_t> free_;
    // Time tasks in buckets of 2^20 ns (about 1 ms); counts one per bucket.
    mutable std::array<task_queue, lane_count> queues_{task_queue{20}, task_queue{}, task_queue{},
                                                       task_queue{},   task_queue{}, task_queue{}};
    mutable std::array<std::size_t, lane_count> stale_{};
    // now (ns), tick, frame, render pass, frame (after render), idle pass
    std::array<std::int64_t, lane_count> counters_{};
    // Runs posted during advance_to for the instant it is dispatching: queued when it ends.
    std::vector<task_queue::entry> held_;
    // Combined events as (slot, generation); stale ones are dropped by begin_frame.
    std::vector<task_handle> framed_;
    frame_window frame_;
    std::uint64_t budget_period_ = 0;  // the frame per-frame budgets are credited for
    std::uint64_t next_seq_ = 1;
    std::uint64_t dispatches_ = 0;
    std::size_t live_ = 0;
    const time_source* cost_clock_;
    steady_time_source own_clock_;
    bool measure_costs_;
    task_run_observer observer_;
    int driving_lane_ = -1;  // the lane being dispatched, -1 outside a driving call
    std::uint64_t task_errors_ = 0;
    std::optional<task_error> last_error_;
};

inline void task_context::terminate() const {
    tasks.terminate(self);
}

}  // namespace ticklab

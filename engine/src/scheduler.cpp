#include <ticklab/scheduler.hpp>

#include <algorithm>
#include <exception>
#include <span>
#include <stdexcept>
#include <string>

namespace ticklab {

namespace {

constexpr std::int64_t forever = std::numeric_limits<std::int64_t>::max();
// Runs between a slot's prefetch and its dispatch: a dispatch takes tens of ns, a miss ~100 ns.
constexpr std::size_t prefetch_distance = 16;
// Counts above this are refused so that due + interval arithmetic cannot overflow.
constexpr std::uint64_t max_count = std::uint64_t{1} << 62;
// Runs a frame of a spread event, at most: keeps the placement arithmetic within 64 bits.
constexpr std::uint32_t max_spread = 1'000'000;

[[noreturn]] void bad(const std::string& what) {
    throw std::invalid_argument(what);
}

void check_priority(const char* where, int priority) {
    if (priority < min_priority || priority > max_priority) {
        bad(std::string(where) + ": priority " + std::to_string(priority) +
            " is out of range; allowed: " + std::to_string(min_priority) + " to " + std::to_string(max_priority));
    }
}

void check_non_negative(const char* where, const char* what, nanoseconds value) {
    if (value < nanoseconds{0}) {
        bad(std::string(where) + ": " + what + " " + std::to_string(value.count()) + " ns is negative; allowed: >= 0");
    }
}

void check_count(const char* where, const char* what, std::uint64_t value) {
    if (value > max_count) {
        bad(std::string(where) + ": " + what + " " + std::to_string(value) + " is too large; allowed: <= 2^62");
    }
}

std::int64_t saturating_add(std::int64_t a, std::int64_t b) noexcept {
    return a > forever - b ? forever : a + b;
}

// Point `step` of `runs` spread evenly over (start, end]: start + floor((end - start) * step / runs),
// without overflow (runs <= max_spread).
std::int64_t spread_point(std::int64_t start, std::int64_t end, std::int64_t step, std::int64_t runs) noexcept {
    const std::int64_t span = end - start;
    return start + span / runs * step + span % runs * step / runs;
}

// First point of the grid due + k * interval (k >= 0) that is >= floor.
std::int64_t catch_up(std::int64_t due, std::int64_t interval, std::int64_t floor) noexcept {
    if (due >= floor) return due;
    if (interval == 0) return floor;
    const std::int64_t steps = (floor - due + interval - 1) / interval;
    return due + steps * interval;
}

}  // namespace

// Marks which lane is being dispatched, refuses re-entrant driving, and clears the mark even when a
// task throws.
class scheduler::driving_scope {
public:
    driving_scope(scheduler& s, int lane, const char* what) : s_{s} {
        if (s_.driving_lane_ >= 0) {
            throw std::logic_error(std::string(what) + " called from inside a running task");
        }
        s_.driving_lane_ = lane;
    }
    ~driving_scope() { s_.driving_lane_ = -1; }
    driving_scope(const driving_scope&) = delete;
    driving_scope& operator=(const driving_scope&) = delete;

private:
    scheduler& s_;
};

scheduler::scheduler(scheduler_config config)
    : cost_clock_{config.cost_clock != nullptr ? config.cost_clock : &own_clock_},
      measure_costs_{config.measure_costs} {}

scheduler::~scheduler() = default;

namespace {

void check_budget(const char* where, nanoseconds budget, const budget_rules& rules) {
    check_non_negative(where, "budget", budget);
    check_non_negative(where, "budget cap", rules.cap);
    if (rules.cap > nanoseconds{0} && rules.cap < budget) {
        bad(std::string(where) + ": budget cap " + std::to_string(rules.cap.count()) + " ns is below the budget " +
            std::to_string(budget.count()) + " ns; allowed: 0 (one budget) or >= the budget");
    }
}

}  // namespace

task_handle scheduler::add_time(time_task_options options, task_function fn) {
    constexpr const char* where = "schedule_time";
    check_non_negative(where, "start", options.start);
    check_non_negative(where, "interval", options.interval);
    check_non_negative(where, "duration", options.duration);
    task_spec spec{.kind = task_kind::time,
                   .queue_lane = lane::time,
                   .start = options.start.count(),
                   .interval = options.interval.count(),
                   .duration = options.duration.count(),
                   .priority = options.priority,
                   .budget = options.budget,
                   .budgeting = options.budgeting,
                   .name = std::move(options.name),
                   .runs_so_far = options.runs_so_far};
    if (options.last) {
        if (options.duration != nanoseconds{0})
            bad("schedule_time: both duration and last given; allowed: one of them");
        if (*options.last < options.start) {
            bad("schedule_time: last " + std::to_string(options.last->count()) + " ns is before start " +
                std::to_string(options.start.count()) + " ns; allowed: >= start");
        }
        spec.last = options.last->count();
    }
    return add(std::move(spec), std::move(fn));
}

task_handle scheduler::add_count(task_kind kind, count_task_options options, task_function fn) {
    const char* where = kind == task_kind::tick ? "schedule_tick" : "schedule_frame";
    check_count(where, "start", options.start);
    check_count(where, "interval", options.interval);
    check_count(where, "duration", options.duration);
    if (options.after_render && kind != task_kind::frame) {
        bad(std::string(where) + ": after_render is for frame tasks; allowed: false for tick tasks");
    }
    task_spec spec{.kind = kind,
                   .queue_lane = kind == task_kind::tick ? lane::tick
                                 : options.after_render  ? lane::after_render
                                                         : lane::frame,
                   .start = static_cast<std::int64_t>(options.start),
                   .interval = static_cast<std::int64_t>(options.interval),
                   .duration = static_cast<std::int64_t>(options.duration),
                   .priority = options.priority,
                   .budget = options.budget,
                   .budgeting = options.budgeting,
                   .name = std::move(options.name),
                   .runs_so_far = options.runs_so_far};
    if (options.last) {
        check_count(where, "last", *options.last);
        if (options.duration != 0) bad(std::string(where) + ": both duration and last given; allowed: one of them");
        if (*options.last < options.start) {
            bad(std::string(where) + ": last " + std::to_string(*options.last) + " is before start " +
                std::to_string(options.start) + "; allowed: >= start");
        }
        spec.last = static_cast<std::int64_t>(*options.last);
    }
    return add(std::move(spec), std::move(fn));
}

task_handle scheduler::add_render(render_task_options options, task_function fn) {
    return add({.kind = task_kind::render,
                .queue_lane = lane::render,
                .interval = 1,
                .priority = options.priority,
                .budget = options.budget,
                .budgeting = options.budgeting,
                .name = std::move(options.name)},
               std::move(fn));
}

task_handle scheduler::add_frame_offset(frame_offset_options options, task_function fn) {
    check_non_negative("schedule_frame_offset", "offset", options.offset);
    return add({.kind = task_kind::time,
                .queue_lane = lane::time,
                .next_run = timing::frame_offset,
                .interval = options.offset.count(),
                .priority = options.priority,
                .budget = options.budget,
                .budgeting = options.budgeting,
                .name = std::move(options.name)},
               std::move(fn));
}

task_handle scheduler::add_frame_spread(frame_spread_options options, task_function fn) {
    if (options.per_frame < 1 || options.per_frame > max_spread) {
        bad("schedule_frame_spread: per_frame " + std::to_string(options.per_frame) +
            " is out of range; allowed: 1 to " + std::to_string(max_spread));
    }
    return add({.kind = task_kind::time,
                .queue_lane = lane::time,
                .next_run = timing::frame_spread,
                .interval = options.per_frame,
                .priority = options.priority,
                .budget = options.budget,
                .budgeting = options.budgeting,
                .name = std::move(options.name)},
               std::move(fn));
}

task_handle scheduler::add_idle(idle_task_options options, task_function fn) {
    return add({.kind = task_kind::idle,
                .queue_lane = lane::idle,
                .interval = 1,
                .priority = options.priority,
                .name = std::move(options.name)},
               std::move(fn));
}

task_handle scheduler::add(task_spec spec, task_function fn) {
    const char* where = "schedule";
    check_priority(where, spec.priority);
    check_budget(where, spec.budget, spec.budgeting);
    if (!fn) bad("schedule: the task function is empty; allowed: any callable");
    const std::int64_t due = std::max(spec.start, earliest(spec.queue_lane));
    if (spec.last && *spec.last < due) {
        bad("schedule: last " + std::to_string(*spec.last) + " is before the first run, " + std::to_string(due) +
            "; allowed: a window that is not over yet");
    }

    std::uint32_t index = 0;
    if (free_.empty()) {
        index = slots_.grow();
        cold_.emplace_back();
    } else {
        index = free_.back();
        free_.pop_back();
    }
    slot& s = slots_[index];
    s.interval = spec.interval;
    if (spec.last) {
        s.end = *spec.last + 1;
    } else {
        s.end = spec.duration == 0 ? forever : saturating_add(due, spec.duration);
    }
    s.budget = spec.budget.count();
    s.credit = 0;
    s.runs = spec.runs_so_far;
    s.last_cost = 0;
    s.max_cost = 0;
    s.total_cost = 0;
    s.measured = 0;
    s.priority = spec.priority;
    s.kind = spec.kind;
    s.queue_lane = spec.queue_lane;
    s.next_run = spec.next_run;
    s.function = std::move(fn);
    cold_[index] = cold{.name = std::move(spec.name), .first_due = due, .budgeting = spec.budgeting};
    ++live_;
    const task_handle handle{index, s.generation};
    if (spec.next_run == timing::interval) {
        queue(index, due);
    } else {
        s.state = slot_state::between_frames;  // placed by the next begin_frame()
        s.next_due = 0;
        s.queued_seq = 0;
        framed_.push_back(handle);
    }
    return handle;
}

std::int64_t scheduler::earliest(lane l) const noexcept {
    const std::int64_t current = counters_[lane_index(l)];
    // Time: now (a run posted during advance_to for now is held for the next pass by queue()).
    // Counts: the next pass, also when posted during a pass of the same lane.
    return l == lane::time ? current : current + 1;
}

void scheduler::queue(std::uint32_t index, std::int64_t due) {
    slot& s = slots_[index];
    if (s.queue_lane == lane::time && driving_lane_ == static_cast<int>(lane::time) &&
        due <= counters_[lane_index(lane::time)]) {
        hold(index, due);  // posted for the instant being dispatched: the next pass
        return;
    }
    const std::uint64_t seq = next_seq_++;
    s.queued_seq = seq;
    s.next_due = due;
    s.state = slot_state::queued;
    queues_[lane_index(s.queue_lane)].push({.due = due, .key = task_queue::make_key(s.priority, seq), .slot = index});
}

void scheduler::hold(std::uint32_t index, std::int64_t due) {
    slot& s = slots_[index];
    const std::uint64_t seq = next_seq_++;
    s.queued_seq = seq;
    s.next_due = due;
    s.state = slot_state::held;
    held_.push_back({.due = due, .key = task_queue::make_key(s.priority, seq), .slot = index});
}

void scheduler::release_held(std::int64_t due) {
    task_queue& q = queues_[lane_index(lane::time)];
    std::size_t& stale = stale_[lane_index(lane::time)];
    for (const task_queue::entry& e : held_) {
        slot& s = slots_[e.slot];
        if (s.queued_seq != task_queue::seq_of(e.key)) {  // terminated, paused or re-queued meanwhile
            if (stale > 0) --stale;
            continue;
        }
        s.next_due = due;
        s.state = slot_state::queued;
        q.push({.due = due, .key = e.key, .slot = e.slot});
    }
    held_.clear();
}

void scheduler::unqueue(std::uint32_t index) {
    slot& s = slots_[index];
    s.queued_seq = 0;  // the heap entry is now stale; it is dropped when it reaches the top
    const std::size_t k = lane_index(s.queue_lane);
    task_queue& q = queues_[k];
    if (++stale_[k] > 1024 && stale_[k] * 2 > q.size()) {
        q.remove_if(
            [this](const task_queue::entry& e) { return slots_[e.slot].queued_seq != task_queue::seq_of(e.key); });
        stale_[k] = 0;
    }
}

void scheduler::retire(std::uint32_t index, bool bump_generation) {
    slot& s = slots_[index];
    if (s.state == slot_state::queued || s.state == slot_state::held) unqueue(index);
    if (bump_generation) {
        ++s.generation;
        --live_;
    }
    s.state = slot_state::free;
    s.queued_seq = 0;
    if (s.generation != 0) free_.push_back(index);  // a wrapped generation retires the slot for good
    // Destroy the callable last: its captures' destructors may call back into the scheduler.
    task_function dead = std::move(s.function);
    s.function = nullptr;
}

scheduler::slot* scheduler::find(task_handle handle) noexcept {
    return const_cast<slot*>(std::as_const(*this).find(handle));
}

const scheduler::slot* scheduler::find(task_handle handle) const noexcept {
    if (handle.generation == 0 || handle.index >= slots_.size()) return nullptr;
    const slot& s = slots_[handle.index];
    if (s.generation != handle.generation || s.state == slot_state::free || s.state == slot_state::zombie) {
        return nullptr;
    }
    return &s;
}

bool scheduler::valid(task_handle handle) const noexcept {
    return find(handle) != nullptr;
}

void scheduler::begin_frame(frame_window window) {
    if (window.end < window.start) {
        bad("begin_frame: end " + std::to_string(window.end.count()) + " ns is before start " +
            std::to_string(window.start.count()) + " ns; allowed: end >= start");
    }
    if (window.start < now()) {
        bad("begin_frame: start " + std::to_string(window.start.count()) +
            " ns is before now() = " + std::to_string(now().count()) + " ns; allowed: >= now()");
    }
    driving_scope scope{*this, static_cast<int>(lane_count), "begin_frame"};
    frame_ = window;
    budget_period_ = std::max(budget_period_, window.index);
    std::erase_if(framed_, [this](task_handle h) { return find(h) == nullptr; });
    for (const task_handle h : framed_) place_in_frame(h.index);
}

void scheduler::place_in_frame(std::uint32_t index) {
    slot& s = slots_[index];
    if (s.state == slot_state::paused) return;  // resume() puts it back between frames
    if (s.state == slot_state::queued || s.state == slot_state::held)
        unqueue(index);  // a run the last frame did not reach
    const std::int64_t start = frame_.start.count();
    const std::int64_t end = frame_.end.count();
    std::int64_t due = 0;
    if (s.next_run == timing::frame_offset) {
        due = saturating_add(start, s.interval);
        if (due > end) {
            s.state = slot_state::between_frames;  // no run in a frame shorter than the offset
            return;
        }
    } else {
        if (end == start) {
            s.state = slot_state::between_frames;  // no virtual time to spread over (paused)
            return;
        }
        cold_[index].spread_step = 1;
        due = spread_point(start, end, 1, s.interval);
    }
    queue(index, std::max(due, now().count()));
}

void scheduler::advance_to(nanoseconds virtual_time) {
    if (virtual_time < now()) {
        bad("advance_to: time " + std::to_string(virtual_time.count()) +
            " ns is before now() = " + std::to_string(now().count()) + " ns; allowed: >= now()");
    }
    driving_scope scope{*this, static_cast<int>(lane::time), "advance_to"};
    // Runs held in this pass wait for the next tick (on_tick releases them). A scheduler that has not
    // been ticked has no tick to wait for: they join the queue when this pass ends, also when a
    // task throws out of it.
    struct release_on_exit {
        scheduler& s;
        ~release_on_exit() {
            if (s.tick() == 0) s.release_held(s.counters_[lane_index(lane::time)]);
        }
    } release{*this};
    run_due<false>(lane::time, virtual_time.count());
    counters_[lane_index(lane::time)] = virtual_time.count();
}

void scheduler::on_tick(std::uint64_t tick_index) {
    if (tick_index < tick() || tick_index > max_count) {
        bad("on_tick: tick " + std::to_string(tick_index) + " is before the last one, " + std::to_string(tick()) +
            "; allowed: >= it");
    }
    driving_scope scope{*this, static_cast<int>(lane::tick), "on_tick"};
    // Zero-delay runs posted in the time passes before this tick run after it, first in the next
    // advance_to, with now() at the tick's time.
    if (!held_.empty()) release_held(now().count());
    counters_[lane_index(lane::tick)] = static_cast<std::int64_t>(tick_index);
    run_due<false>(lane::tick, static_cast<std::int64_t>(tick_index));
}

void scheduler::run_frame(std::uint64_t frame_index) {
    if (frame_index < frame() || frame_index > max_count) {
        bad("run_frame: frame " + std::to_string(frame_index) + " is before the last one, " + std::to_string(frame()) +
            "; allowed: >= it");
    }
    driving_scope scope{*this, static_cast<int>(lane::frame), "run_frame"};
    counters_[lane_index(lane::frame)] = static_cast<std::int64_t>(frame_index);
    budget_period_ = std::max(budget_period_, frame_index);  // for loops that do not call begin_frame()
    run_due<false>(lane::frame, static_cast<std::int64_t>(frame_index));
}

void scheduler::run_render() {
    driving_scope scope{*this, static_cast<int>(lane::render), "run_render"};
    const std::int64_t pass = ++counters_[lane_index(lane::render)];
    run_due<false>(lane::render, pass);
    driving_lane_ = static_cast<int>(lane::after_render);
    const std::int64_t current_frame = counters_[lane_index(lane::frame)];
    counters_[lane_index(lane::after_render)] = current_frame;
    run_due<false>(lane::after_render, current_frame);
}

std::size_t scheduler::run_idle(nanoseconds time_left) {
    driving_scope scope{*this, static_cast<int>(lane::idle), "run_idle"};
    const std::int64_t pass = ++counters_[lane_index(lane::idle)];
    if (time_left <= nanoseconds{0}) return 0;
    const std::uint64_t before = dispatches_;
    run_due<true>(lane::idle, pass, saturating_add(cost_clock_->now().count(), time_left.count()));
    return static_cast<std::size_t>(dispatches_ - before);
}

template <bool timed>
void scheduler::run_due(lane l, std::int64_t until, std::int64_t deadline) {
    const std::size_t k = lane_index(l);
    task_queue& q = queues_[k];
    // A run's task slot is usually out of cache (100,000 slots are 12.8 MB). The sorted bucket says
    // which runs come next, so their slots are fetched `prefetch_distance` runs ahead: far enough to
    // cover a miss, near enough that the lines are still in L1 when the run comes.
    const auto prefetch = [this](const task_queue::entry& n) {
        const char* p = reinterpret_cast<const char*>(&slots_[n.slot]);
        __builtin_prefetch(p);
        __builtin_prefetch(p + 64);
    };
    std::uint64_t pours = q.pours() - 1;  // differs: the first runs are fetched on entry too
    while (!q.empty() && q.top().due <= until) {
        if constexpr (timed) {
            if (cost_clock_->now().count() >= deadline) break;  // idle time is up
        }
        const std::span<const task_queue::entry> ahead = q.near_entries();
        if (q.pours() != pours) {
            pours = q.pours();
            for (std::size_t i = 0; i < std::min(ahead.size(), prefetch_distance); ++i) prefetch(ahead[i]);
        }
        if (ahead.size() > prefetch_distance) prefetch(ahead[prefetch_distance]);
        const task_queue::entry e = q.top();
        slot& s = slots_[e.slot];
        if (s.queued_seq != task_queue::seq_of(e.key)) {
            q.pop();
            if (stale_[k] > 0) --stale_[k];
            continue;
        }
        if (l == lane::time) counters_[k] = e.due;  // the clock reads the run's exact due time
        // The entry stays at the top while the task runs, so that a periodic task can be re-keyed in
        // place with one sift-down.
        std::int64_t next = 0;
        const bool again = dispatch(e.slot, e.due, next);
        if (!q.empty() && q.top().key == e.key) {  // keys are unique: still our entry
            if (again) {
                const std::uint64_t seq = next_seq_++;
                s.queued_seq = seq;
                s.next_due = next;
                s.state = slot_state::queued;
                q.replace_top({.due = next, .key = task_queue::make_key(s.priority, seq), .slot = e.slot});
            } else {
                q.pop();
            }
        } else {
            // A run queued during the task went ahead of it (or the queue was compacted): the old
            // entry, if still there, is stale now.
            ++stale_[k];
            if (again) queue(e.slot, next);
        }
    }
}

// Out of line (and below, next_in_frame): dispatch is the hot path and most tasks need neither.
[[gnu::noinline]] bool scheduler::within_budget(slot& s, std::uint32_t index) {
    cold& c = cold_[index];
    const std::int64_t cap = c.budgeting.cap > nanoseconds{0} ? c.budgeting.cap.count() : s.budget;
    bool credit_now = true;
    if (c.budgeting.per == budget_period::frame) {
        credit_now = c.credit_period != budget_period_;  // once a frame, whatever the runs in it
        c.credit_period = budget_period_;
    }
    if (credit_now) s.credit = std::min(saturating_add(s.credit, s.budget), cap);
    if (c.budgeting.threshold) return s.credit > 0 && s.credit >= s.last_cost;
    return s.credit > 0;
}

bool scheduler::dispatch(std::uint32_t index, std::int64_t due, std::int64_t& next) {
    slot* s = &slots_[index];
    s->queued_seq = 0;
    s->state = slot_state::running;
    ++dispatches_;

    const bool run = __builtin_expect(s->budget == 0, 1) || within_budget(*s, index);
    if (run) {
        // Budgets need every run's cost; statistics make do with a sample (first run, then 1 in N).
        const bool observed = static_cast<bool>(observer_);
        // measured == 0: the first run of a task whose count starts at runs_so_far is measured too.
        const bool measure =
            s->budget > 0 || (measure_costs_ && (s->runs % measure_sample_period == 0 || s->measured == 0)) || observed;
        const nanoseconds begin = measure ? cost_clock_->now() : nanoseconds{0};
        task_context context{*this, task_handle{index, s->generation}, due};
        try {
            s->function(context);  // slots never move, so `s` stays valid whatever the task does
        } catch (...) {
            // The task ends here; the pass goes on with the others (see Contracts, Errors).
            record_error(cold_[index].name, std::current_exception());
            retire(index, s->state != slot_state::zombie);
            return false;
        }
        ++s->runs;
        if (measure) {
            const std::int64_t cost = std::max<std::int64_t>(0, (cost_clock_->now() - begin).count());
            s->last_cost = cost;
            s->max_cost = std::max(s->max_cost, cost);
            if (s->measured < std::numeric_limits<std::uint32_t>::max()) {
                s->total_cost += cost;
                ++s->measured;
            }
            if (s->budget > 0) s->credit -= cost;
            if (observed) {
                observer_(task_run{task_handle{index, s->generation}, cold_[index].name, s->kind, due, begin,
                                   nanoseconds{cost}, false});
            }
        }
    } else {
        ++cold_[index].skips;
        if (observer_) {
            observer_(task_run{task_handle{index, s->generation}, cold_[index].name, s->kind, due, cost_clock_->now(),
                               nanoseconds{0}, true});
        }
    }

    if (s->state == slot_state::zombie) {  // terminated while running
        retire(index, false);
        return false;
    }
    if (__builtin_expect(s->next_run != timing::interval, 0)) return next_in_frame(*s, index, due, next);
    if (s->interval == 0) {
        retire(index, true);
        return false;
    }
    next = due + s->interval;
    if (s->queue_lane != lane::time) {
        next = catch_up(next, s->interval, counters_[lane_index(s->queue_lane)] + 1);  // no burst of missed counts
    }
    if (next >= s->end) {
        retire(index, true);
        return false;
    }
    if (s->state == slot_state::running_paused) {
        s->state = slot_state::paused;
        s->next_due = next;
        return false;
    }
    return true;
}

[[gnu::noinline]] bool scheduler::next_in_frame(slot& s, std::uint32_t index, std::int64_t due, std::int64_t& next) {
    bool more = false;
    if (s.next_run == timing::frame_spread) {
        std::uint32_t& step = cold_[index].spread_step;
        if (step < s.interval) {
            ++step;
            next = std::max(due, spread_point(frame_.start.count(), frame_.end.count(), step, s.interval));
            more = true;
        }
    }
    if (s.state == slot_state::running_paused) {
        s.state = slot_state::paused;  // resumed between frames, from the next begin_frame() on
        return false;
    }
    if (!more) s.state = slot_state::between_frames;
    return more;
}

bool scheduler::terminate(task_handle handle) {
    slot* s = find(handle);
    if (s == nullptr) return false;
    if (s->state == slot_state::running || s->state == slot_state::running_paused) {
        // The callable is executing: make the handle stale now, free the slot when it returns.
        ++s->generation;
        --live_;
        s->state = slot_state::zombie;
        return true;
    }
    retire(handle.index, true);
    return true;
}

bool scheduler::pause(task_handle handle) {
    slot* s = find(handle);
    if (s == nullptr) return false;
    if (s->state == slot_state::queued || s->state == slot_state::held) {
        unqueue(handle.index);
        s->state = slot_state::paused;
    } else if (s->state == slot_state::running) {
        s->state = slot_state::running_paused;
    } else if (s->state == slot_state::between_frames) {
        s->state = slot_state::paused;
    }
    return true;
}

bool scheduler::resume(task_handle handle) {
    slot* s = find(handle);
    if (s == nullptr) return false;
    if (s->state == slot_state::running_paused) {
        s->state = slot_state::running;
    } else if (s->state == slot_state::paused) {
        if (s->next_run != timing::interval) {
            s->state = slot_state::between_frames;
            return true;
        }
        const std::int64_t next = catch_up(s->next_due, s->interval, earliest(s->queue_lane));
        if (next >= s->end) {
            retire(handle.index, true);  // its window closed while it was paused
        } else {
            queue(handle.index, next);
        }
    }
    return true;
}

bool scheduler::set_interval(task_handle handle, nanoseconds interval) {
    check_non_negative("set_interval", "interval", interval);
    slot* s = find(handle);
    if (s == nullptr) return false;
    if (s->kind != task_kind::time || s->next_run != timing::interval) {
        bad(std::string("set_interval: task is a ") + to_string(s->kind) +
            (s->kind == task_kind::time ? " task placed by the frame" : " task") +
            ", given nanoseconds; allowed: time tasks scheduled with schedule_time");
    }
    s->interval = interval.count();
    return true;
}

bool scheduler::set_interval(task_handle handle, std::uint64_t interval) {
    check_count("set_interval", "interval", interval);
    slot* s = find(handle);
    if (s == nullptr) return false;
    if (s->kind == task_kind::time) {
        bad("set_interval: task is a time task, given a count; allowed: nanoseconds for time tasks");
    }
    s->interval = static_cast<std::int64_t>(interval);
    return true;
}

bool scheduler::change_window(task_handle handle, bool time_task, std::int64_t end, const char* where) {
    slot* s = find(handle);
    if (s == nullptr) return false;
    const bool is_time = s->kind == task_kind::time;
    if (is_time != time_task || s->next_run != timing::interval ||
        (!is_time && s->kind != task_kind::tick && s->kind != task_kind::frame)) {
        bad(std::string(where) + ": task is a " + to_string(s->kind) + " task" +
            (is_time && s->next_run != timing::interval ? " placed by the frame" : "") +
            "; allowed: nanoseconds for time tasks, a count for tick and frame tasks");
    }
    s->end = end;
    const bool waiting =
        s->state == slot_state::queued || s->state == slot_state::held || s->state == slot_state::paused;
    if (waiting && s->next_due >= end) retire(handle.index, true);  // its pending run is outside the window
    return true;
}

bool scheduler::set_duration(task_handle handle, nanoseconds duration) {
    check_non_negative("set_duration", "duration", duration);
    const slot* s = find(handle);
    if (s == nullptr) return false;
    const std::int64_t first = cold_[handle.index].first_due;
    return change_window(handle, true, duration.count() == 0 ? forever : saturating_add(first, duration.count()),
                         "set_duration");
}

bool scheduler::set_duration(task_handle handle, std::uint64_t duration) {
    check_count("set_duration", "duration", duration);
    const slot* s = find(handle);
    if (s == nullptr) return false;
    const std::int64_t first = cold_[handle.index].first_due;
    return change_window(handle, false, duration == 0 ? forever : first + static_cast<std::int64_t>(duration),
                         "set_duration");
}

bool scheduler::set_last(task_handle handle, nanoseconds last) {
    check_non_negative("set_last", "last", last);
    return change_window(handle, true, saturating_add(last.count(), 1), "set_last");
}

bool scheduler::set_last(task_handle handle, std::uint64_t last) {
    check_count("set_last", "last", last);
    return change_window(handle, false, static_cast<std::int64_t>(last) + 1, "set_last");
}

bool scheduler::set_priority(task_handle handle, int priority) {
    check_priority("set_priority", priority);
    slot* s = find(handle);
    if (s == nullptr) return false;
    s->priority = priority;
    if (s->state == slot_state::queued || s->state == slot_state::held) {
        // Re-keyed: behind runs already queued at its due time; a held run stays held.
        const bool held = s->state == slot_state::held;
        unqueue(handle.index);
        if (held) {
            hold(handle.index, s->next_due);
        } else {
            queue(handle.index, s->next_due);
        }
    }
    return true;
}

bool scheduler::set_budget(task_handle handle, nanoseconds budget) {
    slot* s = find(handle);
    check_budget("set_budget", budget, s != nullptr ? cold_[handle.index].budgeting : budget_rules{});
    if (s == nullptr) return false;
    s->budget = budget.count();
    const nanoseconds cap = cold_[handle.index].budgeting.cap;
    s->credit = std::min(s->credit, cap > nanoseconds{0} ? cap.count() : s->budget);
    return true;
}

bool scheduler::set_budget_rules(task_handle handle, budget_rules rules) {
    slot* s = find(handle);
    check_budget("set_budget_rules", nanoseconds{s != nullptr ? s->budget : 0}, rules);
    if (s == nullptr) return false;
    cold_[handle.index].budgeting = rules;
    s->credit = std::min(s->credit, rules.cap > nanoseconds{0} ? rules.cap.count() : s->budget);
    return true;
}

void scheduler::record_error(std::string_view task, const std::exception_ptr& error) {
    std::string what;
    try {
        if (error) std::rethrow_exception(error);
        what = "no exception";
    } catch (const std::exception& e) {
        what = e.what();
    } catch (...) {
        what = "an exception that is not a std::exception";
    }
    ++task_errors_;
    last_error_ = task_error{.task = std::string{task}, .what = std::move(what)};
}

std::optional<task_info> scheduler::info(task_handle handle) const {
    const slot* s = find(handle);
    if (s == nullptr) return std::nullopt;
    const cold& c = cold_[handle.index];
    const std::int64_t measured = s->measured;
    return task_info{
        .handle = handle,
        .name = c.name,
        .kind = s->kind,
        .priority = s->priority,
        .interval = s->interval,
        .next_due = s->next_due,
        .runs = s->runs,
        .skips = c.skips,
        .last_cost = nanoseconds{s->last_cost},
        .average_cost = nanoseconds{measured == 0 ? 0 : s->total_cost / measured},
        .max_cost = nanoseconds{s->max_cost},
        .budget = nanoseconds{s->budget},
        .budgeting = c.budgeting,
        .paused = s->state == slot_state::paused || s->state == slot_state::running_paused,
        .after_render = s->queue_lane == lane::after_render,
    };
}

void scheduler::snapshot(std::vector<task_info>& out) const {
    out.clear();
    for (std::uint32_t i = 0; i < slots_.size(); ++i) {
        if (auto entry = info({i, slots_[i].generation})) out.push_back(std::move(*entry));
    }
}

void scheduler::prune_top(lane l) const {
    const std::size_t k = lane_index(l);
    task_queue& q = queues_[k];
    while (!q.empty() && slots_[q.top().slot].queued_seq != task_queue::seq_of(q.top().key)) {
        q.pop();
        if (stale_[k] > 0) --stale_[k];
    }
}

std::optional<nanoseconds> scheduler::next_time_due() const {
    prune_top(lane::time);
    const task_queue& q = queues_[lane_index(lane::time)];
    if (q.empty()) return std::nullopt;
    return nanoseconds{q.top().due};
}

std::optional<nanoseconds> scheduler::time_until_next() const {
    const auto due = next_time_due();
    if (!due) return std::nullopt;
    return std::max(*due - now(), nanoseconds{0});
}

}  // namespace ticklab

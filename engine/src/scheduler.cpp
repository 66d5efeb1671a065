#include <ticklab/scheduler.hpp>

#include <algorithm>
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

// First point of the grid due + k * interval (k >= 0) that is >= floor.
std::int64_t catch_up(std::int64_t due, std::int64_t interval, std::int64_t floor) noexcept {
    if (due >= floor) return due;
    if (interval == 0) return floor;
    const std::int64_t steps = (floor - due + interval - 1) / interval;
    return due + steps * interval;
}

}  // namespace

// Marks which kind is being dispatched, refuses re-entrant driving, and clears the mark even when a
// task throws.
class scheduler::driving_scope {
public:
    driving_scope(scheduler& s, task_kind kind, const char* what) : s_{s} {
        if (s_.driving_kind_ >= 0) {
            throw std::logic_error(std::string(what) + " called from inside a running task");
        }
        s_.driving_kind_ = static_cast<int>(kind);
    }
    ~driving_scope() { s_.driving_kind_ = -1; }
    driving_scope(const driving_scope&) = delete;
    driving_scope& operator=(const driving_scope&) = delete;

private:
    scheduler& s_;
};

scheduler::scheduler(scheduler_config config)
    : cost_clock_{config.cost_clock != nullptr ? config.cost_clock : &own_clock_},
      measure_costs_{config.measure_costs} {}

scheduler::~scheduler() = default;

task_handle scheduler::add_time(time_task_options options, task_function fn) {
    constexpr const char* where = "schedule_time";
    check_non_negative(where, "start", options.start);
    check_non_negative(where, "interval", options.interval);
    check_non_negative(where, "duration", options.duration);
    return add(task_kind::time, options.start.count(), options.interval.count(), options.duration.count(),
               options.priority, options.budget, std::move(options.name), std::move(fn));
}

task_handle scheduler::add_count(task_kind kind, count_task_options options, task_function fn) {
    const char* where = kind == task_kind::tick ? "schedule_tick" : "schedule_frame";
    check_count(where, "start", options.start);
    check_count(where, "interval", options.interval);
    check_count(where, "duration", options.duration);
    return add(kind, static_cast<std::int64_t>(options.start), static_cast<std::int64_t>(options.interval),
               static_cast<std::int64_t>(options.duration), options.priority, options.budget, std::move(options.name),
               std::move(fn));
}

task_handle scheduler::add_render(render_task_options options, task_function fn) {
    return add(task_kind::render, 0, 1, 0, options.priority, options.budget, std::move(options.name), std::move(fn));
}

task_handle scheduler::add(task_kind kind, std::int64_t start, std::int64_t interval, std::int64_t duration,
                           int priority, nanoseconds budget, std::string name, task_function fn) {
    const char* where = "schedule";
    check_priority(where, priority);
    check_non_negative(where, "budget", budget);
    if (!fn) bad("schedule: the task function is empty; allowed: any callable");

    std::uint32_t index = 0;
    if (free_.empty()) {
        index = slots_.grow();
        cold_.emplace_back();
    } else {
        index = free_.back();
        free_.pop_back();
    }
    slot& s = slots_[index];
    const std::int64_t due = std::max(start, earliest(kind));
    s.interval = interval;
    s.end = duration == 0 ? forever : saturating_add(due, duration);
    s.budget = budget.count();
    s.credit = 0;
    s.runs = 0;
    s.last_cost = 0;
    s.max_cost = 0;
    s.total_cost = 0;
    s.measured = 0;
    s.priority = priority;
    s.kind = kind;
    s.function = std::move(fn);
    cold_[index] = cold{.name = std::move(name)};
    ++live_;
    queue(index, due);
    return {index, s.generation};
}

std::int64_t scheduler::earliest(task_kind kind) const noexcept {
    const std::int64_t current = counters_[kind_index(kind)];
    if (kind == task_kind::time || driving_kind_ == static_cast<int>(kind)) return current;
    return current + 1;  // the next on_tick/run_frame/run_render call
}

void scheduler::queue(std::uint32_t index, std::int64_t due) {
    slot& s = slots_[index];
    const std::uint64_t seq = next_seq_++;
    s.queued_seq = seq;
    s.next_due = due;
    s.state = slot_state::queued;
    queues_[kind_index(s.kind)].push({.due = due, .key = task_queue::make_key(s.priority, seq), .slot = index});
}

void scheduler::unqueue(std::uint32_t index) {
    slot& s = slots_[index];
    s.queued_seq = 0;  // the heap entry is now stale; it is dropped when it reaches the top
    const std::size_t k = kind_index(s.kind);
    task_queue& q = queues_[k];
    if (++stale_[k] > 1024 && stale_[k] * 2 > q.size()) {
        q.remove_if(
            [this](const task_queue::entry& e) { return slots_[e.slot].queued_seq != task_queue::seq_of(e.key); });
        stale_[k] = 0;
    }
}

void scheduler::retire(std::uint32_t index, bool bump_generation) {
    slot& s = slots_[index];
    if (s.state == slot_state::queued) unqueue(index);
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

void scheduler::advance_to(nanoseconds virtual_time) {
    if (virtual_time < now()) {
        bad("advance_to: time " + std::to_string(virtual_time.count()) +
            " ns is before now() = " + std::to_string(now().count()) + " ns; allowed: >= now()");
    }
    driving_scope scope{*this, task_kind::time, "advance_to"};
    run_due(task_kind::time, virtual_time.count());
    counters_[kind_index(task_kind::time)] = virtual_time.count();
}

void scheduler::on_tick(std::uint64_t tick_index) {
    if (tick_index < tick() || tick_index > max_count) {
        bad("on_tick: tick " + std::to_string(tick_index) + " is before the last one, " + std::to_string(tick()) +
            "; allowed: >= it");
    }
    driving_scope scope{*this, task_kind::tick, "on_tick"};
    counters_[kind_index(task_kind::tick)] = static_cast<std::int64_t>(tick_index);
    run_due(task_kind::tick, static_cast<std::int64_t>(tick_index));
}

void scheduler::run_frame(std::uint64_t frame_index) {
    if (frame_index < frame() || frame_index > max_count) {
        bad("run_frame: frame " + std::to_string(frame_index) + " is before the last one, " + std::to_string(frame()) +
            "; allowed: >= it");
    }
    driving_scope scope{*this, task_kind::frame, "run_frame"};
    counters_[kind_index(task_kind::frame)] = static_cast<std::int64_t>(frame_index);
    run_due(task_kind::frame, static_cast<std::int64_t>(frame_index));
}

void scheduler::run_render() {
    driving_scope scope{*this, task_kind::render, "run_render"};
    const std::int64_t pass = ++counters_[kind_index(task_kind::render)];
    run_due(task_kind::render, pass);
}

void scheduler::run_due(task_kind kind, std::int64_t until) {
    const std::size_t k = kind_index(kind);
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
        if (kind == task_kind::time) counters_[k] = e.due;  // the clock reads the run's exact due time
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

bool scheduler::dispatch(std::uint32_t index, std::int64_t due, std::int64_t& next) {
    slot* s = &slots_[index];
    s->queued_seq = 0;
    s->state = slot_state::running;
    ++dispatches_;

    bool run = true;
    if (s->budget > 0) {
        s->credit = std::min(s->credit + s->budget, s->budget);  // no banking beyond one run's worth
        run = s->credit > 0;
    }
    if (run) {
        // Budgets need every run's cost; statistics make do with a sample (first run, then 1 in N).
        const bool observed = static_cast<bool>(observer_);
        const bool measure =
            s->budget > 0 || (measure_costs_ && s->runs % measure_sample_period == 0) || observed;
        const nanoseconds begin = measure ? cost_clock_->now() : nanoseconds{0};
        task_context context{*this, task_handle{index, s->generation}, due};
        try {
            s->function(context);  // slots never move, so `s` stays valid whatever the task does
        } catch (...) {
            retire(index, s->state != slot_state::zombie);
            throw;
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
            observer_(task_run{task_handle{index, s->generation}, cold_[index].name, s->kind, due,
                               cost_clock_->now(), nanoseconds{0}, true});
        }
    }

    if (s->state == slot_state::zombie) {  // terminated while running
        retire(index, false);
        return false;
    }
    if (s->interval == 0) {
        retire(index, true);
        return false;
    }
    next = due + s->interval;
    if (s->kind != task_kind::time) {
        next = catch_up(next, s->interval, counters_[kind_index(s->kind)] + 1);  // no burst of missed counts
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
    if (s->state == slot_state::queued) {
        unqueue(handle.index);
        s->state = slot_state::paused;
    } else if (s->state == slot_state::running) {
        s->state = slot_state::running_paused;
    }
    return true;
}

bool scheduler::resume(task_handle handle) {
    slot* s = find(handle);
    if (s == nullptr) return false;
    if (s->state == slot_state::running_paused) {
        s->state = slot_state::running;
    } else if (s->state == slot_state::paused) {
        const std::int64_t next = catch_up(s->next_due, s->interval, earliest(s->kind));
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
    if (s->kind != task_kind::time) {
        bad(std::string("set_interval: task is a ") + to_string(s->kind) +
            " task, given nanoseconds; allowed: a count for tick, frame and render tasks");
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

bool scheduler::set_priority(task_handle handle, int priority) {
    check_priority("set_priority", priority);
    slot* s = find(handle);
    if (s == nullptr) return false;
    s->priority = priority;
    if (s->state == slot_state::queued) {
        unqueue(handle.index);
        queue(handle.index, s->next_due);  // re-keyed: behind runs already queued at its due time
    }
    return true;
}

bool scheduler::set_budget(task_handle handle, nanoseconds budget) {
    check_non_negative("set_budget", "budget", budget);
    slot* s = find(handle);
    if (s == nullptr) return false;
    s->budget = budget.count();
    s->credit = std::min(s->credit, s->budget);
    return true;
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
        .paused = s->state == slot_state::paused || s->state == slot_state::running_paused,
    };
}

void scheduler::snapshot(std::vector<task_info>& out) const {
    out.clear();
    for (std::uint32_t i = 0; i < slots_.size(); ++i) {
        if (auto entry = info({i, slots_[i].generation})) out.push_back(std::move(*entry));
    }
}

void scheduler::prune_top(task_kind kind) const {
    const std::size_t k = kind_index(kind);
    task_queue& q = queues_[k];
    while (!q.empty() && slots_[q.top().slot].queued_seq != task_queue::seq_of(q.top().key)) {
        q.pop();
        if (stale_[k] > 0) --stale_[k];
    }
}

std::optional<nanoseconds> scheduler::next_time_due() const {
    prune_top(task_kind::time);
    const task_queue& q = queues_[kind_index(task_kind::time)];
    if (q.empty()) return std::nullopt;
    return nanoseconds{q.top().due};
}

std::optional<nanoseconds> scheduler::time_until_next() const {
    const auto due = next_time_due();
    if (!due) return std::nullopt;
    return std::max(*due - now(), nanoseconds{0});
}

}  // namespace ticklab

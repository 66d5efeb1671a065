#pragma once
// What a task is scheduled with: one options struct per way of scheduling, and the budget rules
// they share. See scheduler.hpp for the contracts.
//
// Usage:
//
//   tasks.schedule_time({.start = 5ms, .interval = 5ms, .last = 15ms}, fn);          // 5, 10, 15 ms
//   tasks.schedule_frame({.start = 200, .interval = 3, .duration = 10}, fn);         // 200, 203, 206, 209
//   tasks.schedule_frame({.budget = 2ms, .budgeting = {.per = ticklab::budget_period::frame}}, fn);
//   tasks.schedule_frame_offset({.offset = 10ms}, fn);     // 10 ms of virtual time into every frame
//   tasks.schedule_frame_spread({.per_frame = 5}, fn);     // 5 times a frame, evenly over its virtual time
//   tasks.schedule_idle({.name = "tidy"}, fn);             // only with time left in the frame budget

#include <ticklab/time.hpp>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>

namespace ticklab {

// What a budget is counted against.
enum class budget_period : std::uint8_t {
    run,    // `budget` of credit per due run (the default; see docs/scheduler.md for why)
    frame,  // `budget` of credit per frame, whatever the number of due runs in it (text 002)
};

// Credit a budget may bank when runs cost less than it: no cap at all, as text 002's cumulative
// budget against cumulative run time.
inline constexpr nanoseconds unlimited_bank{std::numeric_limits<std::int64_t>::max()};

struct budget_rules {
    budget_period per = budget_period::run;
    // Most credit the task may bank; 0 = one budget (nothing is banked beyond one period's worth).
    // `unlimited_bank` gives the text's literal cumulative budget.
    nanoseconds cap{0};
    // false: the task runs while its credit is positive and may go into debt, so it runs part of
    // the time (a 2 ms budget, 3 ms task runs 2 periods of 3). true (text 002's "threshold"): it
    // runs only when its credit covers its last measured cost, so it never goes over; a task that
    // costs more than it can ever bank does not run at all.
    bool threshold = false;
};

struct time_task_options {
    nanoseconds start{0};     // virtual time of the first run; earlier than now() means now()
    nanoseconds interval{0};  // between runs; 0 = run once
    nanoseconds duration{0};  // runs start in [start, start + duration); 0 = forever
    // Or the last time a run may start, inclusive (`5 ms to 15 ms` is .start = 5ms, .last = 15ms).
    // Not together with duration.
    std::optional<nanoseconds> last{};
    int priority = 0;       // [min_priority, max_priority]; higher runs first at equal time
    nanoseconds budget{0};  // CPU time allowed per period (see budget_rules); 0 = unlimited
    budget_rules budgeting{};
    std::string name{};  // shown in snapshots
    // Runs already counted for the work this task carries on (task_info::runs starts here): a
    // script's wake-up task carries the script's count, so its row counts across its waits.
    std::uint64_t runs_so_far = 0;
};

// Tick and frame tasks. Counts are tick or frame indices as fixed_loop numbers them (first = 1).
struct count_task_options {
    std::uint64_t start = 0;              // first tick/frame to run on; not later than the current one = the next pass
    std::uint64_t interval = 1;           // every N ticks/frames; 0 = run once
    std::uint64_t duration = 0;           // runs start in [start, start + duration); 0 = forever
    std::optional<std::uint64_t> last{};  // or the last tick/frame to run on, inclusive
    int priority = 0;
    nanoseconds budget{0};
    budget_rules budgeting{};
    // Frame tasks only: run after the render tasks (in run_render) instead of before them.
    bool after_render = false;
    std::string name{};
    std::uint64_t runs_so_far = 0;  // as time_task_options::runs_so_far
};

struct render_task_options {
    int priority = 0;  // higher renders first (so lower priorities draw on top)
    nanoseconds budget{0};
    budget_rules budgeting{};
    std::string name{};
};

// Combined events (text 002): time events placed by each frame's virtual time window, which
// scheduler::begin_frame() sets (the game's session calls it). They run in the time pass like any
// time task, with now() at their time.
struct frame_offset_options {
    nanoseconds offset{0};  // run at the frame's start + offset; no run in a frame shorter than that
    int priority = 0;
    nanoseconds budget{0};
    budget_rules budgeting{};
    std::string name{};
};

struct frame_spread_options {
    // Runs a frame, at start + span * i / per_frame for i = 1 .. per_frame (the last at the frame's
    // end); none in a frame with no virtual time (a paused one).
    std::uint32_t per_frame = 1;
    int priority = 0;
    nanoseconds budget{0};
    budget_rules budgeting{};
    std::string name{};
};

// Idle tasks run in run_idle(time_left), after everything else in the frame, one at a time while
// time is left, each at most once a call; the ones not reached go first in the next call.
struct idle_task_options {
    int priority = 0;
    std::string name{};
};

}  // namespace ticklab

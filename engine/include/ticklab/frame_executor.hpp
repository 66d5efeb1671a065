#pragma once
// One call that executes a frame as text 002's ExecuteFrame(): begin the frame, run the time
// events up to the frame's end with the clock at each event's time (and the fixed ticks among
// them), then the frame events, then render; then idle tasks with the time left in the frame.
//
// Usage:
//
//   ticklab::fixed_loop loop{source, {.tick_rate_hz = 60}};
//   ticklab::scheduler tasks;
//   ticklab::frame_executor frames{loop, tasks, {.frame_budget = 16ms}};
//   while (running) {
//       const ticklab::frame_stats& f = frames.execute_frame(simulation);  // simulation: a loop_client
//       draw(f.alpha);
//   }
//
// Order inside execute_frame (the same calls a hand-written loop makes; see scheduler.hpp):
//   1. loop.begin_frame(): read the clock once and plan the frame: its ticks and target time.
//   2. tasks.begin_frame({index, start, target}): the frame's window is known before any tick runs;
//      per-frame budgets start a new period; combined events are placed.
//   3. loop.finish_frame(): for each tick, tasks.advance_to(tick time) (time events due by then,
//      the clock at each one's time), simulation.advance_to(tick time), simulation.tick(k),
//      tasks.on_tick(k); then tasks.advance_to(target) for the rest of the frame.
//   4. tasks.run_frame(index): frame events (before render).
//   5. tasks.run_render(): render tasks, then frame events that run after render.
//   6. With a frame budget: the frame's cost so far (scheduler cost clock, from step 1) feeds the
//      load governor, and idle tasks run while the rest of the budget lasts.
// The loop and the scheduler are not owned and must outlive the executor; the executor adds
// nothing to them, so a hand-written loop can keep driving them the old way.

#include <ticklab/fixed_loop.hpp>
#include <ticklab/load_governor.hpp>
#include <ticklab/scheduler.hpp>
#include <ticklab/time.hpp>

#include <cstddef>
#include <optional>

namespace ticklab {

struct frame_executor_config {
    // CPU time a frame may use (the scheduler's cost clock). 0 = none: no idle tasks run and the
    // load is not governed.
    nanoseconds frame_budget{0};
    // Move a load level towards the idle band each frame (needs a frame budget).
    bool govern_load = false;
    load_governor_config governor{};
};

// What the last frame cost, against its budget.
struct frame_load {
    nanoseconds busy{0};       // from begin_frame to the end of render (idle tasks excluded)
    nanoseconds idle_time{0};  // spent in idle tasks
    std::size_t idle_runs = 0;
    double level = 1.0;  // the load governor's level (1 without one)
};

class frame_executor {
public:
    // Throws std::invalid_argument for a negative budget, a governor without a budget, or a
    // governor configuration check_load_governor refuses.
    frame_executor(fixed_loop& loop, scheduler& tasks, frame_executor_config config = {});

    // The text's ExecuteFrame(); see the order above. Returns the loop's figures for the frame.
    const frame_stats& execute_frame(loop_client& simulation);

    [[nodiscard]] const frame_load& load() const noexcept { return load_; }
    [[nodiscard]] double load_level() const noexcept { return load_.level; }
    [[nodiscard]] const frame_executor_config& config() const noexcept { return config_; }

private:
    // Forwards the loop's calls to the scheduler and the simulation in the order above.
    class frame_client;

    fixed_loop& loop_;
    scheduler& tasks_;
    frame_executor_config config_;
    std::optional<load_governor> governor_;
    frame_load load_;
};

}  // namespace ticklab

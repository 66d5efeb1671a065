#pragma once
// One simulation: a scene, the scheduler its timed work runs on (tasks, coroutine scripts, deferred
// calls through scene_services) and the order of a tick. The session, the comparison ghost and each
// network peer hold one; what differs between them is only who drives it (a loop, or a peer's tick
// count) and what they add around it (input, replays, load, drawing aids).
//
// Usage (a frame as the loop runs it; text 002's ExecuteFrame):
//   simulation sim{*find_scene("balls"), options};
//   sim.begin_frame({.index = f, .start = plan.start, .end = plan.target});  // before any tick
//   sim.advance_to(due);                      // time tasks and script waits due by the tick's time
//   sim.tick(input, dt, k);                   // the scene's tick k, then tick tasks
//   sim.run_frame(f);  sim.run_render();      // frame tasks, then render tasks
//   sim.run_idle(time_left);                  // idle tasks while the frame has time left
//   sim.draw_smoothed(out, smoothing::interpolate, loop);
//
// Ownership: the scene is destroyed after its timed work (its scripts refer to it). Everything a
// scene starts through its services ends when the scene is reset or replaced, so no script resumes
// on a scene that is gone. Tasks scheduled on tasks() from outside the scene (the budget lesson's
// task) stay across resets; restore() builds a new scheduler and drops them.

#include "sim/draw_list.hpp"
#include "sim/loop_settings.hpp"
#include "sim/scene.hpp"
#include "sim/scene_services.hpp"
#include "sim/tick_input.hpp"

#include <ticklab/fixed_loop.hpp>
#include <ticklab/scheduler.hpp>
#include <ticklab/script.hpp>
#include <ticklab/time.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>

namespace ticklab::game {

// The alpha a scene is drawn at (scene::draw) for a smoothing choice, from the loop's alpha: none
// draws the latest tick, interpolation between the last two, extrapolation ahead of the latest.
// A render tick, where no partial tick runs (network peers), interpolates. Variable stepping leaves
// the state current: 1.
[[nodiscard]] double draw_alpha(smoothing mode, const ticklab::fixed_loop& loop);

class simulation {
public:
    // `config` is the scheduler's (its cost clock must outlive this).
    simulation(const scene_entry& entry, const scene_options& options, ticklab::scheduler_config config = {});
    ~simulation();
    simulation(const simulation&) = delete;
    simulation& operator=(const simulation&) = delete;

    // The frame's window on the virtual timeline, known before its ticks run: per-frame budgets
    // start a new period and combined events are placed (scheduler::begin_frame).
    void begin_frame(const ticklab::frame_window& window) { work_->tasks.begin_frame(window); }
    // Time tasks and script waits due by `virtual_time`, in time order: before the tick due then.
    void advance_to(ticklab::nanoseconds virtual_time) { work_->tasks.advance_to(virtual_time); }
    // One fixed step: the scene's tick `index` of `dt_seconds`, then the tick tasks due by it.
    void tick(const tick_input& input, double dt_seconds, std::uint64_t index);
    void run_frame(std::uint64_t frame_index) { work_->tasks.run_frame(frame_index); }
    void run_render() { work_->tasks.run_render(); }
    // Idle tasks, each at most once, while `time_left` lasts on the cost clock; how many ran.
    std::size_t run_idle(ticklab::nanoseconds time_left) { return work_->tasks.run_idle(time_left); }

    // The scene back to its initial state for `options`; its timed work starts again.
    void reset(const scene_options& options);
    // Another scene (or a new one of the same kind) made from `options`.
    void replace(const scene_entry& entry, const scene_options& options);
    // Copies the choices the user made in the scene (ball count, autopilot) into options().
    void keep_choices() { scene_->write_options(options_); }

    // Saves the scene (scene::save). restore() puts it back and starts its timed work again on a
    // new scheduler whose time is `virtual_time` (the restored tick's): a coroutine cannot be
    // copied, so scripts resume from what the scene keeps of them. Throws std::invalid_argument for
    // another kind of scene's snapshot.
    void save(std::unique_ptr<scene_snapshot>& slot) const { scene_->save(slot); }
    void restore(const scene_snapshot& snapshot, ticklab::nanoseconds virtual_time);

    // The scene at `alpha` (scene::draw).
    void draw(draw_list& out, double alpha) const { scene_->draw(out, alpha); }
    // The picture for `mode` on `loop`: a render tick runs the partial tick (alpha of the last
    // tick's dt, with the keys then held) on a copy, so the simulation never sees it.
    void draw_smoothed(draw_list& out, smoothing mode, const ticklab::fixed_loop& loop) const;

    [[nodiscard]] scene& current_scene() noexcept { return *scene_; }
    [[nodiscard]] const scene& current_scene() const noexcept { return *scene_; }
    [[nodiscard]] const scene_entry& entry() const noexcept { return *entry_; }
    [[nodiscard]] scene_options& options() noexcept { return options_; }
    [[nodiscard]] const scene_options& options() const noexcept { return options_; }
    [[nodiscard]] ticklab::scheduler& tasks() noexcept { return work_->tasks; }
    [[nodiscard]] const ticklab::scheduler& tasks() const noexcept { return work_->tasks; }
    [[nodiscard]] std::uint64_t state_hash() const { return scene_->state_hash(); }
    // How many times a scene has been started (created, reset, replaced, restored): views that
    // keep a copy of a scene's settings take it again when this changes.
    [[nodiscard]] std::uint64_t starts() const noexcept { return starts_; }

private:
    struct timed_work {
        explicit timed_work(ticklab::scheduler_config config) : tasks{config} {}
        ticklab::scheduler tasks;
        ticklab::script_host scripts{tasks};
        scene_services services{tasks, scripts};
    };
    void start_scene();
    void draw_render_tick(draw_list& out, double alpha) const;

    ticklab::scheduler_config config_;
    const scene_entry* entry_;
    scene_options options_;
    std::unique_ptr<scene> scene_;
    // After the scene, so it is destroyed first: its scripts refer to the scene.
    std::unique_ptr<timed_work> work_;
    std::uint64_t starts_ = 0;
    // The render tick's copy of the scene and the state moved into it each frame (drawing only:
    // mutable, as drawing is const); the held keys and dt of the last tick.
    mutable std::unique_ptr<scene> render_copy_;
    mutable std::unique_ptr<scene_snapshot> render_state_;
    tick_input render_input_;
    double last_tick_dt_ = 0.0;
};

}  // namespace ticklab::game

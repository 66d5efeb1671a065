#pragma once
// One run: the loop, the simulation it drives (sim/simulation.hpp: the scene, its timed work and the
// order of a tick), input, record and replay, the comparison ghost, the network game, and the
// figures a lesson reads. The same class drives the window and the headless mode; only the time
// source differs.
//
// Usage (one frame):
//   session.input().press(action::thrust);          // as events arrive
//   const auto& frame = session.advance();          // apply settings, read the clock, begin the
//                                                   // scheduler's frame, run ticks
//   session.update_frame(frame);                    // frame and render tasks, history
//   session.run_idle(time_left);                    // idle tasks with the frame's time to spare
//   session.draw(list);                             // the scene, interpolated unless turned off

#include "net/network_game.hpp"
#include "session/budgeted_task.hpp"
#include "session/comparison.hpp"
#include "session/frame_figures.hpp"
#include "session/modelled_load.hpp"
#include "session/network_strip.hpp"
#include "session/prediction_ghost.hpp"
#include "session/replay_recorder.hpp"
#include "session/spare_time.hpp"
#include "sim/draw_list.hpp"
#include "sim/frame_history.hpp"
#include "sim/input_buffer.hpp"
#include "sim/loop_settings.hpp"
#include "sim/phase_timings.hpp"
#include "sim/scene.hpp"
#include "sim/simulation.hpp"
#include "sim/timeline.hpp"

#include <ticklab/fixed_loop.hpp>
#include <ticklab/scheduler.hpp>
#include <ticklab/time_source.hpp>

#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>

namespace ticklab::game {

class session final : public ticklab::loop_client {
public:
    // Throws std::invalid_argument for an unknown scene or bad settings. `source` must outlive this.
    session(const ticklab::time_source& source, std::string_view scene_name, const scene_options& options,
            const loop_settings& settings);

    // The settings the loop runs, in range: what the panel shows. They change only through the
    // calls below, each of which pulls the values into their ranges at once (a panel can hand over
    // anything; NaN goes to the default); the loop takes a change at the start of the next frame.
    [[nodiscard]] const loop_settings& settings() const noexcept { return settings_; }
    void set_settings(const loop_settings& next);
    void set_paused(bool paused);
    // Exactly one tick at the next frame, while paused (ignored while running).
    void request_step();
    void set_time_scale(double scale);
    void set_tick_rate(std::uint32_t hz);

    // The real time since the clock started is dropped: a window calls it once it is open, so
    // the time it took to open (and to lay out its scene) is not caught up in ticks.
    void start_clock_now();
    const ticklab::frame_stats& advance();
    void update_frame(const ticklab::frame_stats& frame);
    void draw(draw_list& out) const;

    // How old the drawn picture is, and how far it is behind the latest tick's state, in ms of
    // virtual time (negative: ahead of it). Interpolation draws one whole tick late, between the
    // last two ticks; no smoothing draws the latest tick; extrapolation and a render tick draw the
    // present. With variable stepping the state is current: both are 0.
    struct picture_lag {
        double age_ms = 0.0;
        double behind_tick_ms = 0.0;
    };
    [[nodiscard]] picture_lag lag_of_picture() const;
    // settings().latest_tick_marks: a ring of this many lines in this colour around each ball where
    // the latest tick put it.
    static constexpr int latest_tick_mark_sides = 16;
    static constexpr rgba latest_tick_mark_colour{255, 225, 90, 255};

    [[nodiscard]] input_buffer& input() noexcept { return input_; }
    [[nodiscard]] scene& current_scene() noexcept { return sim_.current_scene(); }
    [[nodiscard]] const scene& current_scene() const noexcept { return sim_.current_scene(); }
    [[nodiscard]] const scene_entry& current_entry() const noexcept { return sim_.entry(); }
    [[nodiscard]] const simulation& sim() const noexcept { return sim_; }
    void switch_scene(const scene_entry& entry);
    void reset();  // the current scene back to its initial state; the clock keeps running
    // reset() with other launch choices (a ball count typed into the panel): what the scene's live
    // settings say (gravity, radii) stays, which restart() would drop with the scene.
    void reset(const scene_options& options);

    // Record and replay (sim/replay_recorder.hpp). Both start from the scene's initial state on a
    // tick boundary: at once when no virtual time has passed since the last tick (a new session, a
    // step), else at the end of the next tick, so timed scripts start at the same place relative to
    // the ticks. While either runs, the tick rate stays the recording's (dt depends on it);
    // reset() and switch_scene() end both. A replay ignores live input and, at its end, pauses and
    // holds the scene there until stop_replay().
    void start_recording();
    void stop_recording();                // the recorded ticks stay in replay_state().recorder
    void start_replay(replay recording);  // throws std::invalid_argument for an unknown scene
    void stop_replay();
    [[nodiscard]] const replay_status& replay_state() const noexcept { return replay_; }
    // switch_scene with exactly `options`, not those the old scene kept (lessons and replays).
    void restart(const scene_entry& entry, const scene_options& options);
    // How many times a scene has been started (created, reset, switched to, restarted): views that
    // keep a copy of a scene's settings take it again when this changes.
    [[nodiscard]] std::uint64_t scene_starts() const noexcept { return sim_.starts(); }

    [[nodiscard]] scene_options& options() noexcept { return sim_.options(); }
    [[nodiscard]] const ticklab::fixed_loop& loop() const noexcept { return loop_; }
    [[nodiscard]] const frame_history& history() const noexcept { return figures_.history(); }
    // The scheduler every time, tick, frame and render task and script of this session runs on.
    [[nodiscard]] ticklab::scheduler& tasks() noexcept { return sim_.tasks(); }
    [[nodiscard]] const ticklab::scheduler& tasks() const noexcept { return sim_.tasks(); }
    // Text 002's end of a frame, once it is drawn: idle tasks run with what `budget` (the frame's
    // length: the FPS cap's interval) leaves after the frame's cost so far (the scheduler's cost
    // clock since advance() began), then the load governor moves the level of the background work
    // (settings().idle_work_ms) so that 5-10 % of the budget stays idle. A budget of 0 (no cap) runs
    // no idle task and holds the level. Never changes the simulation: idle work is load only.
    void use_spare_time(ticklab::nanoseconds budget);
    [[nodiscard]] const spare_time_figures& spare() const noexcept { return spare_.figures(); }
    // The scene's; in a network game peer 0's after the last tick both peers confirmed.
    [[nodiscard]] std::uint64_t state_hash() const;
    // Ticks run: the loop's; in a network game the last tick both peers confirmed.
    [[nodiscard]] std::uint64_t ticks() const;
    // A run that ends after `ticks` ticks (--ticks): no frame runs past it, even with debt carried in
    // (keep_debt), where the loop would otherwise catch up several ticks at once.
    void stop_ticks_at(std::optional<std::uint64_t> ticks) { tick_target_ = ticks; }

    // The network game (docs/network.md): two peers play this session's scene over a simulated
    // network instead of the session running it. The session's clock is their real time (pause,
    // time scale and single step apply to both peers and the network), its input is peer 0's
    // player, its tick rate and MAX_LOOPS are both peers'; reset(), switch_scene() and restart()
    // start the game again. Throws std::invalid_argument for bad settings, or while a replay or a
    // recording runs (and those refuse to start in a network game).
    void start_network(const network_settings& network);
    void stop_network();
    [[nodiscard]] const network_game* network() const noexcept { return network_.get(); }
    // Draws peer `peer` of the network game, smoothed as the settings say (nothing without one),
    // and, for half a second after the peer corrected a misprediction, what it had predicted as a
    // fading ghost (prediction_ghost.hpp).
    void draw_peer(std::size_t peer, draw_list& out) const;
    // Each peer's frames for the timeline's network strip: ticks confirmed, predicted,
    // re-simulated and stalled (network_strip.hpp). Frozen with the timeline.
    [[nodiscard]] const network_strip& network_frames() const noexcept { return network_strip_; }
    [[nodiscard]] const prediction_ghost& peer_ghost(std::size_t peer) const { return peer_ghosts_.at(peer); }
    // Every frame's ticks, drops and alpha on a real-time axis, for the panel's timeline.
    [[nodiscard]] timeline_recorder& timeline() noexcept { return figures_.timeline(); }
    [[nodiscard]] const timeline_recorder& timeline() const noexcept { return figures_.timeline(); }
    // The ghost simulation while settings().compare is on (null otherwise).
    [[nodiscard]] const ghost_run* ghost() const noexcept { return comparison_.ghost(); }
    // Main's tick count at the tick the ghost started on (comparison::start_tick).
    [[nodiscard]] std::uint64_t ghost_start_tick() const noexcept { return comparison_.start_tick(); }
    [[nodiscard]] const ticklab::time_source& time_source() const noexcept { return *source_; }
    // Real-time cost of ticks and frames (measured here) and of rendering (added by the window).
    [[nodiscard]] phase_timings& timings() noexcept { return figures_.timings(); }
    [[nodiscard]] const phase_timings& timings() const noexcept { return figures_.timings(); }
    // Starts afresh everything a lesson's figures read (session_statistics.cpp): the loop's totals,
    // last-frame figures and debt, the frame history, the timeline, the phase timings, the budget
    // task's record and the scene's counters. For a lesson applied or its setting flipped, so no
    // figure carries over from before. Between frames; the state the ticks see (state_hash) stays.
    void restart_statistics();

    // Manual-clock runs (headless, screenshot) model the machine: the artificial tick and frame
    // load is counted, not slept, and the clock adds it to the next frame (run/frame_clock.hpp).
    // The scheduler's cost clock then counts only that load, so task budgets follow the model
    // exactly (a 3 ms task on a 2 ms budget runs in exactly two frames of three).
    void count_load(bool on) noexcept { load_.count_only(on); }
    // The load counted since the last advance() began (ms): ticks x tick load + frame load.
    [[nodiscard]] double counted_load_ms() const noexcept { return load_.counted_ms(); }
    // The budget lesson's frame task, while settings().task_load_ms > 0.
    [[nodiscard]] const budgeted_task& budget_task() const noexcept { return budget_task_; }

    // loop_client
    void advance_to(ticklab::nanoseconds virtual_time) override;
    void tick(const ticklab::tick_info& tick) override;
    [[nodiscard]] ticklab::nanoseconds counted_tick_cost() const noexcept override;
    [[nodiscard]] bool tick_cost_is_modelled() const noexcept override { return load_.counted_only(); }
    [[nodiscard]] bool holds() const noexcept override { return replay_.holding(); }

private:
    // Runs `work` (a scene built or reset: about 60 ms at 100,000 balls) without its real time turning
    // into virtual time: caught up in ticks, it made the frames after a reset (R) long.
    template <typename Work>
    void stalled(Work&& work) {
        ticklab::virtual_clock& clock = loop_.clock();
        clock.begin_stall();
        try {
            work();
        } catch (...) {
            clock.end_stall();
            throw;
        }
        clock.end_stall();
    }
    // reset(options) without the stall: the reset a comparison makes inside a tick, where its ghost
    // shares main's frame reading and must see the same time pass.
    void reset_scene(const scene_options& options);
    // The scene `entry` makes from `options`, started: what a scene switch and a restart share.
    void install_scene(const scene_entry& entry, const scene_options& options);
    // The scheduler's frame index for the loop's (or a network game's) frame `frame_index`.
    std::uint64_t next_task_frame(std::uint64_t frame_index);
    void start_pending_replay_work();  // at a tick boundary only
    void end_recording_and_replay();
    [[nodiscard]] bool replay_input(tick_input& input);  // false: a finished replay holds the scene
    const ticklab::frame_stats& advance_network();
    void restart_network();
    void draw_latest_tick_marks(draw_list& out) const;

    loop_settings settings_;
    bool settings_changed_ = true;  // the loop has not yet taken settings_
    const ticklab::time_source* source_;
    ticklab::fixed_loop loop_;
    modelled_load load_;  // before sim_, whose scheduler reads its clock
    simulation sim_;
    budgeted_task budget_task_{[this](double ms) { load_.spend(ms); }};
    spare_time spare_{[this](double ms) { load_.spend(ms); }};
    std::optional<std::uint64_t> tick_target_;  // stop_ticks_at
    // The last frame index given to tasks_.run_frame: the loop's own, shifted on when a network
    // game (which counts its own frames) ends, so the scheduler never goes back.
    std::uint64_t task_frame_ = 0;
    std::uint64_t task_frame_offset_ = 0;
    bool ran_a_frame_ = false;
    input_buffer input_;
    replay_status replay_;
    comparison comparison_;
    frame_figures figures_;
    // The network game, while one runs (session_network.cpp).
    std::optional<network_settings> network_settings_;
    std::unique_ptr<network_game> network_;
    ticklab::nanoseconds network_time_{0};  // its real time: the session clock's virtual time
    ticklab::frame_stats network_frame_;    // what advance() returns in a network game
    std::array<prediction_ghost, 2> peer_ghosts_;
    network_strip network_strip_;
};

}  // namespace ticklab::game

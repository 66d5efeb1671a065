#pragma once
// The one settings struct: the control panel and the keyboard edit it, the session reads it at the
// start of every frame (as Box2D's samples do with their Settings).

#include <ticklab/fixed_loop.hpp>

#include <cstdint>

namespace ticklab::game {

// How a frame is drawn between ticks.
enum class smoothing : std::uint8_t {
    none,         // the current tick's state: motion steps at the tick rate
    interpolate,  // between the last two ticks: smooth, one tick behind (the default)
    extrapolate,  // ahead of the current tick along its motion: no lag, overshoots at bounces
    // A partial tick for the frame's leftover time (alpha ticks), run on a copy of the scene and
    // thrown away after drawing: no lag and no overshoot, at the cost of a tick's work per frame.
    render_tick,
};

// The strategy choices a learner compares (see docs/strategies.md); the engine's enums plus smoothing.
struct loop_strategy {
    ticklab::stepping step_mode = ticklab::stepping::fixed;
    ticklab::catch_up catch_up_mode = ticklab::catch_up::drop_backlog;
    ticklab::time_scaling scaling = ticklab::time_scaling::tick_count;
    smoothing smoothing_mode = smoothing::interpolate;

    friend bool operator==(const loop_strategy&, const loop_strategy&) = default;
};

struct loop_settings {
    std::uint32_t tick_rate_hz = 60;  // 1..1000
    std::uint32_t max_loops = 8;      // 1..64
    double time_scale = 1.0;          // 0.1..16 in the panel
    bool paused = false;
    bool single_step = false;  // one-shot: the session clears it once the step is requested
    double fps_cap = 0.0;      // 0 = no cap
    bool vsync = true;
    double tick_load_ms = 0.0;   // artificial busy work inside every tick
    double frame_load_ms = 0.0;  // artificial busy work once per frame
    // A ring where the latest tick put each ball, over whatever the smoothing draws: interpolation's
    // lag (and a render tick's lead) made visible. Drawing only: no effect on the simulation.
    bool latest_tick_marks = false;
    // The budget lesson's frame task (session/budgeted_task.hpp): this much work a run, 0 = no
    // task; with this budget per run, 0 = none.
    double task_load_ms = 0.0;
    double task_budget_ms = 0.0;
    // Text 002's spare time (session::use_spare_time): an idle task that does up to this much work
    // a frame, scaled by the load governor's level so that 5-10 % of the frame stays idle; 0 = none.
    double idle_work_ms = 0.0;
    loop_strategy strategy;
    double frame_time_clamp_ms = 250.0;  // (0, 10000], for catch_up::clamp_frame_time
    // The comparison view: a ghost simulation of the same scene running `ghost_strategy` at
    // `ghost_tick_rate_hz`. It starts as a copy of main's (--compare changes only the keys it
    // names), so the ghost differs from main in nothing but what the learner asked for.
    bool compare = false;
    loop_strategy ghost_strategy;
    std::uint32_t ghost_tick_rate_hz = 0;  // 0: main's tick rate; else 1..1000

    friend bool operator==(const loop_settings&, const loop_settings&) = default;
};

}  // namespace ticklab::game

#pragma once
// The control panel's sections, one function each, called in order by control_panel::draw. Each
// is handed the part of the panel's state it keeps (app/panel/panel_state.hpp).

#include "app/input/controller.hpp"
#include "app/panel/panel_state.hpp"
#include "session/session.hpp"

#include <ticklab/scheduler.hpp>

namespace ticklab::app::panel_sections {

void clock(controller& control);
void loop(controller& control, const panel_context& context, loop_panel_state& state);
void statistics(const game::session& session);
// Stepping, catch-up, smoothing and time scaling, live; the comparison ghost's choices and hashes
// (read together at most every state_hashes' interval, see session/comparison_readout.hpp).
void strategies(controller& control, state_hashes& hashes);
// The last moments of frames, ticks, drops and alpha on a real-time strip (freeze, hover).
// In a network game, one peer's frames instead: ticks confirmed, predicted, re-simulated, stalled.
void timeline(game::session& session, timeline_panel_state& state);
// The network game's strip (panel_network_strip.cpp), spanning `span_seconds` up to its newest frame.
void network_strip(const game::session& session, timeline_panel_state& state, float span_seconds);
void scheduler(controller& control, scheduler_panel_state& state);
// The scene picker, then the running scene's own section (scene_settings).
void scene(controller& control, scene_panel_state& state);
// Named presets with their explanation; the running lesson's stays on show.
void lessons(controller& control);
// Record to a file, replay one, and the progress of either.
void replay(controller& control, replay_panel_state& state);
void help(controller& control, const panel_context& context);
// The network game: on or off, its settings (applied by restarting it), each peer's figures.
void network(controller& control, network_panel_state& state);

// The running scene's own section, from its controls (scene_section.cpp).
void scene_settings(controller& control, scene_panel_state& state);

// A size designed in points at the 15 pt text, at the text size the panel has now.
[[nodiscard]] float points(float designed);
// A label column of fixed width on the left, the widget filling the rest of the line.
void label(const char* text);
// A short tooltip on the item just drawn, for the terms the lessons use (terms::alpha, ...).
void explain(const char* text);

namespace terms {
inline constexpr const char* alpha =
    "alpha: how far real time is past the last tick, as a fraction of a tick (0 to 1). "
    "The frame draws that far between the last two tick states.";
inline constexpr const char* dropped =
    "dropped: time the loop owed but threw away because MAX_LOOPS capped the ticks in one frame. "
    "The simulation falls behind real time by that much.";
inline constexpr const char* debt = "debt: time still owed after this frame's ticks, carried to the next frame.";
inline constexpr const char* late = "late: a tick run after the moment it was due (a frame started after it).";
inline constexpr const char* burst = "burst: a frame that ran more than one tick to catch up.";
inline constexpr const char* lag =
    "Interpolation draws between the last two ticks, so the picture is one tick old and up to a "
    "tick behind the rings (the latest tick). A render tick or extrapolation draws ahead of them.";
inline constexpr const char* budget =
    "budget: the time a task may spend a run. Each run adds the budget to its credit and takes off "
    "what the run cost; a run is skipped while the credit is not positive. A 3 ms task on a 2 ms "
    "budget runs in two frames of three.";
inline constexpr const char* merged =
    "Frames under 2 px wide share a column: its coloured part is the share of them that ran a tick. "
    "Hover for the counts, or pick a shorter span.";
inline constexpr const char* confirmed =
    "confirmed: ticks whose inputs from both players are all known, so their state is final.";
inline constexpr const char* predicted =
    "predicted: ticks run past the last confirmed one on a guess of the other player's input.";
inline constexpr const char* resimulated =
    "re-simulated: ticks run again after the other player's real input proved a guess wrong (a rollback).";
inline constexpr const char* stalled =
    "stalled: ticks of time the peer waited for the other player's input instead of running.";
}  // namespace terms

}  // namespace ticklab::app::panel_sections

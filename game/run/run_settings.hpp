#pragma once
// Every setting a run ran with, as one flat JSON object, for the trace's otherData, the CSV trace's
// "# key=value" header lines and the report's "settings" (docs/inputs.md#what-a-run-says-it-ran).
//
// Usage (the runner):
//   const nlohmann::ordered_json started = run_settings(options, "headless", s);   // before the first frame
//   ... the run ...
//   const nlohmann::ordered_json changed = changed_settings(started, run_settings(options, "headless", s));
//
// Keys, in this order (settings named as in a lesson file's "settings", so one can be copied back):
// program ("ticklab VERSION"), run (headless | screenshot | window), scene, lesson (its name or path,
// or null), replay (the replay file played, or null), seed, balls, autopilot, wall, beacons,
// box_width (0: the scene's own), threads (0: one per hardware thread), tick_rate (Hz), max_loops,
// time_scale, paused, fps_cap (0: none), vsync, tick_load_ms, frame_load_ms, task_load_ms,
// task_budget_ms, stepping, catch_up, smoothing, time_scaling, frame_clamp_ms, latest_tick_marks,
// compare (false, or the ghost's settings as ghost_tick_rate, ghost_stepping, ghost_catch_up,
// ghost_smoothing, ghost_time_scaling after it), frame_ms and frame_jitter_ms (headless and
// screenshot runs: the modelled display), stop_frames and stop_ticks (--frames and --ticks, or
// null), network (lockstep | rollback, or null; with one: latency_ms, jitter_ms, loss, input_delay,
// peer_drops, peer_hitch_ms). Strategy names are the command line's words (sim/strategy_names.hpp).

#include "run/launch_options.hpp"
#include "session/session.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace ticklab::game {

// The settings of `s` now (its loop settings and scene options) with what `options` launched.
// `s` is only read (its scene options have no const accessor).
[[nodiscard]] nlohmann::ordered_json run_settings(const launch_options& options, std::string_view run_kind, session& s);

// The entries of `now` whose values differ from `started` (or that `started` lacks), in `now`'s
// order: what a window's keys and panel changed during the run. Empty when nothing did.
[[nodiscard]] nlohmann::ordered_json changed_settings(const nlohmann::ordered_json& started,
                                                      const nlohmann::ordered_json& now);

// One "# key=value" line per entry (values as in JSON, strings unquoted, null as nothing, control
// characters as '?'), each key prefixed with `prefix`.
[[nodiscard]] std::string settings_comment_lines(const nlohmann::ordered_json& settings, std::string_view prefix = {});

}  // namespace ticklab::game

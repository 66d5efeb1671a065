#pragma once
// The run report: one JSON object describing a run, for tests and scripts.
//
// Usage (the runner, at the end of every kind of run; io/output_file.hpp checks the path first):
//   if (auto error = write_report(path, session, real_seconds); !error.empty()) { ... }
//
// Keys: scene (string), tick_rate (Hz), max_loops (the setting, not the cap a --ticks run lowers for its last
// frames), time_scale, paused (bool), frames, ticks,
// virtual_time_s, real_time_s, dropped_time_s, max_ticks_per_frame, state_hash, the measured
// real-time costs tick_ms_mean, tick_ms_p99 (one simulation tick), frame_ms_mean, frame_ms_p99
// (frame start to frame start), render_ms_mean, render_ms_p99 (window runs only, else null) and
// cpu_s (the process's user + system CPU seconds), task_errors (tasks and scripts of the session's
// scheduler that an exception ended; the program went on without them), then the scene's
// own keys (the lander adds lander_state: "flying" | "landed" | "crashed", crash_reason: a string
// naming each broken limit or null, and after touchdown touchdown_s, touchdown_vy, touchdown_vx), then the comparison
// ghost's: ghost_ticks, ghost_state_hash and divergence (null without a ghost; with one also
// ghost_tick_rate and the ghost's scene keys prefixed "ghost_"). A network game's report takes the
// loop's figures and scene keys from peer 0 (the player at this screen), counts as ticks those both
// peers confirmed, and adds: network ("lockstep" | "rollback"), network_tick (the last tick both
// peers confirmed), peer_state_hashes (each peer's state_hash after network_tick, equal when in sync),
// desync_tick (the first tick whose exchanged hashes differed, or null), and per peer, as
// [peer 0, peer 1]: rollback_ticks (ticks re-simulated), stall_frames (frames held back for want of
// input), skipped_ticks (ticks dropped by a peer that breaks the rule), input_lag_ms (mean real time
// from a change of a player's input to the frame the other peer keeps it, null before any),
// local_lag_ms (the same to the frame the player's own peer first runs it), round_trip_ms and
// frames_ahead (time sync's estimates, smoothed), sync_held_ms (time held back by time sync) and
// messages_lost.
// Last, in a report the runner writes (--report): settings (every setting the run started with, as
// run/run_settings.hpp lists them) and settings_at_end (those a window's keys or panel changed
// during the run, at their end values; {} when none).
// state_hash is a string "0x" + 16 lowercase hex digits: JSON numbers lose 64-bit integers in most readers.
// Non-finite numbers are written as null, whole numbers without a decimal point. Written with
// nlohmann-json (Debian's nlohmann-json3-dev).

#include "session/session.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace ticklab::game {

// `value` as a JSON string literal, quotes included (control characters, quotes, backslashes
// escaped; UTF-8 passed through; bytes that are not UTF-8 replaced by U+FFFD).
[[nodiscard]] std::string json_string(std::string_view value);

// The report of `s` as a JSON object, keys in the order above.
[[nodiscard]] nlohmann::ordered_json report_object(const session& s, double real_time_s);

// The report of `s` as one JSON object on one line (no trailing newline): {"scene": "balls", ...},
// with the settings keys as write_report's.
[[nodiscard]] std::string report_json(const session& s, double real_time_s, const nlohmann::ordered_json& settings = {},
                                      const nlohmann::ordered_json& at_end = {});

// report_json + a newline, written atomically, ending with "settings": `settings` (what the run
// started with, run/run_settings.hpp) and "settings_at_end": `at_end` (those changed during it,
// at their end values; {} when none) when `settings` is an object.
[[nodiscard]] std::string write_report(const std::string& path, const session& s, double real_time_s,
                                       const nlohmann::ordered_json& settings = {},
                                       const nlohmann::ordered_json& at_end = {});

}  // namespace ticklab::game

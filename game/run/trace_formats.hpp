#pragma once
// --trace PATH: the run's frames written for the tools people already use.
//
//   PATH ending in .json (any case)  Chrome Trace Event format, for Perfetto (ui.perfetto.dev) and
//                                    chrome://tracing;
//   any other PATH                   CSV, one row per frame with a header, for spreadsheets and plots.
//
// Usage:
//   if (auto error = check_trace_path(path); !error.empty()) ...        // before the run: exit 2
//   if (auto error = write_trace(path, recorder); !error.empty()) ...   // after it: exit 1
//
// CSV: "# key=value" lines first: format=ticklab-trace-csv-1, then every setting the run started
// with (run/run_settings.hpp lists them), then "# at_end.KEY=VALUE" for any a window's keys or panel
// changed during the run, then "# mark=FRAME,TIME_S,WHAT" for each pause, resume or change of
// settings at the frame that first ran with it (trace_mark: WHAT is "paused", "resumed" or
// "catch_up=drop", ...); then a header row and one row per frame with the columns frame, time_s
// (the frame's reading on the time axis below, s), real_ms (the frame's own length: from its
// reading to the next frame's), ticks, alpha, dropped_ms (virtual time the cap discarded), debt_ms
// (virtual time carried to the next frame), virtual_s (virtual time at the frame's end), paused (0
// or 1). pandas reads it with read_csv(path, comment='#'); scripts/ticklab-plot draws it.
// JSON: {"traceEvents": [...], "displayTimeUnit": "ms", "otherData": {...}}, otherData holding the
// settings as the CSV's comments do (the changed ones in an "at_end" object), then frames and
// time_axis; times in microseconds on the recorder's axis (run/trace_recorder.hpp), one process
// (pid 1) with these threads:
//   tid 1 "frames"   an "X" event per frame, from its reading to the next (the last one to the run's
//                    end), args: the CSV's columns but time_s (the event's ts);
//   tid 2 "ticks"    an "X" event per frame that ran ticks, from the frame's reading for the real time
//                    spent in them (at most the frame's length), args: count, first, last;
//   tid 3 "dropped"  an "X" event per frame that dropped time, from its reading for the dropped
//                    virtual time at the frame's time scale (at most the frame's length), args: dropped_ms;
//   tid 4+ "task: NAME (KIND)"  per scheduler task name and kind, an "X" event per run, for its
//                    measured cost; a frame's runs keep their real spacing, the first at the frame's
//                    reading (all clipped to the frame), args: cost_ms;
//   counters ("C")   "loop" at every frame's reading, args alpha, ticks, dropped_ms, debt_ms (Perfetto
//                    shows a track per argument: "loop alpha", ...), and "task skips", args per task
//                    name, when a budget skipped runs;
//   marks ("i")      an instant event across the trace per mark (as the CSV's), named by WHAT, at
//                    its frame's reading, args: frame;
//   metadata ("M")   the process's and threads' names and order.
// Both are written whole or not at all (write_text_atomically).

#include "run/trace_recorder.hpp"

#include <string>
#include <string_view>

namespace ticklab::game {

enum class trace_format { csv, chrome_json };

// The CSV's first line is "# format=" this; the header row is csv_trace_columns.
inline constexpr std::string_view csv_trace_format = "ticklab-trace-csv-1";
inline constexpr std::string_view csv_trace_columns =
    "frame,time_s,real_ms,ticks,alpha,dropped_ms,debt_ms,virtual_s,paused";

[[nodiscard]] trace_format trace_format_of(const std::string& path);

// Empty when `path` can be written as a trace; else one line naming the path and what is allowed.
[[nodiscard]] std::string check_trace_path(const std::string& path);

[[nodiscard]] std::string trace_csv(const trace_recorder& trace);
[[nodiscard]] std::string trace_chrome_json(const trace_recorder& trace);

// The format chosen by the path's extension, written atomically. Empty, or one line on failure.
[[nodiscard]] std::string write_trace(const std::string& path, const trace_recorder& trace);

}  // namespace ticklab::game

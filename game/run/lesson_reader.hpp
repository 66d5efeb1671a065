#pragma once
// One lesson file read and checked (issue 26 made it strict): its text is UTF-8 JSON (run/lesson_json.hpp:
// line and column for a mistake, no key twice), and each field is checked, its settings as the command
// line's (sim/setting_table.hpp). run/lesson_library.hpp finds the files and keeps the lessons.
//
// Usage:
//   lesson l;
//   if (std::string error = read_lesson_file("/home/t/mine.json", l); !error.empty()) return error;
//
// A lesson file (docs/lessons.md#lesson-files):
//   {"name": "spiral", "title": "...", "text": "...", "claim": "...", "hud": ["fps", ...],
//    "toggle": "catch-up", "toggle_other": ..., "questions": ["..."],
//    "settings": {"scene": "balls", "balls": 300, "seed": 1, "autopilot": false, "tick_rate": 60,
//                 "max_loops": 3, "time_scale": 1, "fps_cap": 0, "vsync": false, "tick_load_ms": 20,
//                 "frame_load_ms": 0, "stepping": "fixed", "catch_up": "none", "smoothing": "none",
//                 "frame_ms": 16.7, "frame_jitter_ms": 0}}
// Every field but name, title and text may be left out (the defaults then apply). A bad file is
// refused with one line naming the file, the field and what is allowed; a lesson is only data (it
// cannot name an output file), and its settings pass the same checks as the command line's.

#include "sim/lessons.hpp"

#include <filesystem>
#include <string>
#include <string_view>

namespace ticklab::game {

// Reads `text` (the contents of `source`, for messages) into `out`. Returns "" or the one line.
[[nodiscard]] std::string parse_lesson(std::string_view text, const std::string& source, lesson& out);

// Reads the file at `path` (at most 1 MiB) into `out`. Returns "" or the one line.
[[nodiscard]] std::string read_lesson_file(const std::filesystem::path& path, lesson& out);

}  // namespace ticklab::game

#pragma once
// The lessons as data files (assets/lessons/*.json): the built-in ones, found at run time with the
// other assets (io/asset_paths.hpp), and a teacher's own file given by path.
//
// Usage:
//   lesson l;
//   if (std::string error = load_lesson("spiral", l); !error.empty()) return fail(exit_bad_input, error);
//   if (std::string error = load_lesson("/home/t/my-lesson.json", l); ...)   // a path: has '/' or ends .json
//
// A lesson file (docs/lessons.md#lesson-files):
//   {"name": "spiral", "title": "...", "text": "...", "claim": "...", "hud": ["fps", ...],
//    "toggle": "catch-up", "questions": ["..."],
//    "settings": {"scene": "balls", "balls": 300, "seed": 1, "autopilot": false, "tick_rate": 60,
//                 "max_loops": 3, "time_scale": 1, "fps_cap": 0, "vsync": false, "tick_load_ms": 20,
//                 "frame_load_ms": 0, "stepping": "fixed", "catch_up": "none", "smoothing": "none",
//                 "frame_ms": 16.7, "frame_jitter_ms": 0}}
// Every field but name, title and text may be left out (the defaults then apply). A bad file is
// refused with one line naming the file, the field and what is allowed; a lesson is only data (it
// cannot name an output file), and its settings pass the same checks as the command line's.

#include "sim/lessons.hpp"

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace ticklab::game {

// Reads `text` (the contents of `source`, for messages) into `out`. Returns "" or the one line.
[[nodiscard]] std::string parse_lesson(std::string_view text, const std::string& source, lesson& out);

// Reads the file at `path` (at most 1 MiB) into `out`. Returns "" or the one line.
[[nodiscard]] std::string read_lesson_file(const std::filesystem::path& path, lesson& out);

// A built-in lesson's name or a path to a lesson file.
[[nodiscard]] std::string load_lesson(const std::string& name_or_path, lesson& out);

// The built-in lessons, in teaching order, read once from assets/lessons/. A missing or bad file
// leaves its lesson out; lesson_table_error() then says why.
[[nodiscard]] std::span<const lesson> lesson_table();
[[nodiscard]] const std::string& lesson_table_error();
// A built-in lesson by name, or a lesson load_lesson read from a file, by the path it was given as;
// nullptr for neither.
[[nodiscard]] const lesson* find_lesson(std::string_view name);
// Where `l` stands in lesson_table(); nullopt for a lesson read from a file (or null).
[[nodiscard]] std::optional<std::size_t> built_in_index(const lesson* l);
// "basics, 10hz, ..." for error messages.
[[nodiscard]] std::string lesson_names();

}  // namespace ticklab::game

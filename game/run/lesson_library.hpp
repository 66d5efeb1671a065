#pragma once
// The lessons as data files (assets/lessons/*.json): the built-in ones, found at run time with the
// other assets (io/asset_paths.hpp), a teacher's own file given by path, and the lessons found by name
// in two folders (issue 26):
//   the share folder   the folder the built-in ones are in (e.g. /usr/share/ticklab/lessons): any other
//                      *.json there, so a school can install its lessons beside the program's
//   the user folder    $XDG_DATA_HOME/ticklab/lessons, or ~/.local/share/ticklab/lessons
// A found lesson is known by its "name" field, as a built-in one is. A name is the first file's that
// claims it (built-in, then the share folder, then the user folder, files by name): a later file with
// a taken name, like a file that cannot be read, is refused with one line (lesson_problem) that
// --lesson list prints and the panel shows; it still runs by its path.
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

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ticklab::game {

// Reads `text` (the contents of `source`, for messages) into `out`. Returns "" or the one line.
[[nodiscard]] std::string parse_lesson(std::string_view text, const std::string& source, lesson& out);

// Reads the file at `path` (at most 1 MiB) into `out`. Returns "" or the one line.
[[nodiscard]] std::string read_lesson_file(const std::filesystem::path& path, lesson& out);

// A lesson's name (built-in or found) or a path to a lesson file.
[[nodiscard]] std::string load_lesson(const std::string& name_or_path, lesson& out);

enum class lesson_origin : std::uint8_t { built_in, share_folder, user_folder, path };
// "built-in", "share folder", "user folder", "path".
[[nodiscard]] std::string_view origin_name(lesson_origin origin);

struct found_lesson {
    lesson l;
    lesson_origin origin = lesson_origin::user_folder;
    std::filesystem::path file;
};

// A lesson file that could not be used: its file name without ".json" ("" when the lessons folder
// itself is missing) and the one line that says why.
struct lesson_problem {
    std::string name;
    std::string line;
};

struct lesson_folders {
    std::optional<std::filesystem::path> share;  // the built-in lessons' folder; nullopt: not found
    std::string share_error;                     // why not (find_asset's line)
    std::optional<std::filesystem::path> user;
};

struct lesson_catalogue {
    std::vector<lesson> built_in;     // in teaching order; a bad file is left out (a problem)
    std::vector<found_lesson> found;  // the share folder's others, then the user folder's
    std::vector<lesson_problem> problems;
};

// Reads every lesson in `folders`. Tests point it at copied folders; the program reads its own once.
[[nodiscard]] lesson_catalogue read_lesson_catalogue(const lesson_folders& folders);
// $XDG_DATA_HOME/ticklab/lessons (an absolute XDG_DATA_HOME only), else $HOME/.local/share/ticklab/lessons.
[[nodiscard]] std::optional<std::filesystem::path> user_lesson_folder();
// This program's lessons: its assets' lessons folder and the user folder, read once.
[[nodiscard]] const lesson_catalogue& lessons_found();

// The built-in lessons, in teaching order, read once from assets/lessons/. A missing or bad file
// leaves its lesson out; lesson_table_error() then says why (the first such file's line).
[[nodiscard]] std::span<const lesson> lesson_table();
[[nodiscard]] const std::string& lesson_table_error();
// A lesson by name (built-in or found in a folder), or a lesson load_lesson read from a file, by the
// path it was given as; nullptr for neither.
[[nodiscard]] const lesson* find_lesson(std::string_view name);
// Where `l` stands in lesson_table(); nullopt for a lesson read from a file (or null).
[[nodiscard]] std::optional<std::size_t> built_in_index(const lesson* l);
// "basics, 10hz, ..." (then the found ones) for error messages.
[[nodiscard]] std::string lesson_names();

}  // namespace ticklab::game

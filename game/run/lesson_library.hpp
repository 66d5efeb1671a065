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
// Reading one file (the format, the checks): run/lesson_reader.hpp.

#include "run/lesson_reader.hpp"
#include "sim/lessons.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ticklab::game {

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

// Where a found lesson comes from, in full, for the panel's list: "user folder: /home/t/.local/share/
// ticklab/lessons/my-lesson.json".
[[nodiscard]] std::string source_text(const found_lesson& f);

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
// The lessons the panel lists and PageUp / PageDown walk through: the built-in ones, then those found
// in the share and user folders (lessons_found().found), in that order.
[[nodiscard]] std::size_t listed_lesson_count();
[[nodiscard]] const lesson* listed_lesson(std::size_t index);  // nullptr past the end
// Where `l` stands in that list; nullopt for a lesson read from a file by path (or null).
[[nodiscard]] std::optional<std::size_t> listed_index(const lesson* l);
// `step` places on from `from` in a list of `count`, round at either end; from a lesson outside the
// list (nullopt) a step forward goes to the first, a step back to the last. `count` > 0.
[[nodiscard]] std::size_t step_in_list(std::optional<std::size_t> from, int step, std::size_t count);
// "basics, 10hz, ..." (then the found ones) for error messages.
[[nodiscard]] std::string lesson_names();

}  // namespace ticklab::game

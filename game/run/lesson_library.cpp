#include "run/lesson_library.hpp"

#include "io/asset_paths.hpp"
#include "io/quoted_text.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <deque>
#include <vector>

namespace ticklab::game {

namespace {

// The order a learner meets them in; each is assets/lessons/NAME.json.
constexpr std::array<std::string_view, 20> builtin_names{"basics",         "10hz",
                                                         "10hz-smooth",    "interpolation-lag",
                                                         "slow-machine",   "spiral",
                                                         "scale-4x",       "autopilot-5hz",
                                                         "beat",           "overshoot",
                                                         "tunnelling",     "render-tick",
                                                         "task-budget",    "target-gone",
                                                         "euler-explodes", "orbit-follows-tick-rate",
                                                         "lockstep-waits", "rollback-hides-latency",
                                                         "peer-drops",     "time-sync"};

}  // namespace

namespace {

// Lessons read from a teacher's files, by the path they were given as: kept for the whole run, so
// the panel, the HUD and B find them as they find a built-in one (issue 26). A deque: the
// addresses find_lesson hands out stay valid as more are read.
std::deque<std::pair<std::string, lesson>>& loaded_from_files() {
    static std::deque<std::pair<std::string, lesson>> lessons;
    return lessons;
}

bool is_built_in_name(std::string_view name) {
    return std::find(builtin_names.begin(), builtin_names.end(), name) != builtin_names.end();
}

// The lesson files in `dir`, by file name: *.json but the schema (lesson.schema.json).
std::vector<std::filesystem::path> lesson_files_in(const std::filesystem::path& dir) {
    std::vector<std::filesystem::path> files;
    std::error_code ec;
    for (auto it = std::filesystem::directory_iterator{dir, ec}; !ec && it != std::filesystem::directory_iterator{};
         it.increment(ec)) {
        const std::string file = it->path().filename().string();
        if (file.ends_with(".json") && !file.ends_with(".schema.json")) files.push_back(it->path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace

std::string_view origin_name(lesson_origin origin) {
    switch (origin) {
        case lesson_origin::built_in:
            return "built-in";
        case lesson_origin::share_folder:
            return "share folder";
        case lesson_origin::user_folder:
            return "user folder";
        case lesson_origin::path:
            return "path";
    }
    return "";
}

std::string source_text(const found_lesson& f) {
    return std::string{origin_name(f.origin)} + ": " + f.file.string();
}

std::optional<std::filesystem::path> user_lesson_folder() {
    // The XDG base directory rule: a relative XDG_DATA_HOME is ignored.
    const char* data_home = std::getenv("XDG_DATA_HOME");
    if (data_home != nullptr && std::filesystem::path{data_home}.is_absolute()) {
        return std::filesystem::path{data_home} / "ticklab" / "lessons";
    }
    const char* home = std::getenv("HOME");
    if (home != nullptr && std::filesystem::path{home}.is_absolute()) {
        return std::filesystem::path{home} / ".local" / "share" / "ticklab" / "lessons";
    }
    return std::nullopt;
}

lesson_catalogue read_lesson_catalogue(const lesson_folders& folders) {
    lesson_catalogue out;
    if (!folders.share) {
        out.problems.push_back({"", folders.share_error});
    } else {
        for (const std::string_view name : builtin_names) {
            lesson l;
            if (std::string e = read_lesson_file(*folders.share / (std::string{name} + ".json"), l); !e.empty()) {
                out.problems.push_back({std::string{name}, e});
                continue;
            }
            out.built_in.push_back(std::move(l));
        }
    }
    // A name is the first file's that claims it: built-in, then the share folder, then the user's.
    const auto add_folder = [&](const std::optional<std::filesystem::path>& dir, lesson_origin origin) {
        if (!dir) return;
        for (const std::filesystem::path& file : lesson_files_in(*dir)) {
            const std::string stem = file.stem().string();
            if (origin == lesson_origin::share_folder && is_built_in_name(stem)) continue;  // read above
            lesson l;
            if (std::string e = read_lesson_file(file, l); !e.empty()) {
                out.problems.push_back({stem, e});
                continue;
            }
            const std::string where = "lesson '" + file.string() + "': name " + quoted_value(l.name, 64);
            if (is_built_in_name(l.name) || l.name == "list") {
                out.problems.push_back({stem, where + " is a built-in lesson's: give it another name (or run it by "
                                                      "its path)"});
                continue;
            }
            const auto taken = std::find_if(out.found.begin(), out.found.end(),
                                            [&](const found_lesson& f) { return f.l.name == l.name; });
            if (taken != out.found.end()) {
                out.problems.push_back({stem, where + " is taken by '" + taken->file.string() +
                                                  "': give it another name (or run it by its path)"});
                continue;
            }
            out.found.push_back({std::move(l), origin, file});
        }
    };
    add_folder(folders.share, lesson_origin::share_folder);
    if (folders.user != folders.share) add_folder(folders.user, lesson_origin::user_folder);
    return out;
}

namespace {

const lesson_catalogue& catalogue() {
    static const lesson_catalogue found = [] {
        lesson_folders folders;
        folders.share = find_asset("lessons", folders.share_error);
        folders.user = user_lesson_folder();
        return read_lesson_catalogue(folders);
    }();
    return found;
}

}  // namespace

const lesson_catalogue& lessons_found() {
    return catalogue();
}

std::string load_lesson(const std::string& name_or_path, lesson& out) {
    const bool path = name_or_path.find('/') != std::string::npos || name_or_path.ends_with(".json");
    if (path) {
        if (std::string error = read_lesson_file(name_or_path, out); !error.empty()) return error;
        auto& loaded = loaded_from_files();
        const auto known =
            std::find_if(loaded.begin(), loaded.end(), [&](const auto& k) { return k.first == name_or_path; });
        if (known != loaded.end()) {
            known->second = out;  // read again: the file may have changed
        } else {
            loaded.emplace_back(name_or_path, out);
        }
        return {};
    }
    if (const lesson* l = find_lesson(name_or_path)) {
        out = *l;
        return {};
    }
    // A file of that name that could not be read says why; a missing lessons folder says where it looked.
    for (const lesson_problem& p : catalogue().problems) {
        if (p.name == name_or_path || p.name.empty()) return p.line;
    }
    return "--lesson '" + name_or_path + "' is not known: use list, " + lesson_names() + ", or a path to a lesson file";
}

std::span<const lesson> lesson_table() {
    return catalogue().built_in;
}

const std::string& lesson_table_error() {
    static const std::string none;
    for (const lesson_problem& p : catalogue().problems) {
        if (p.name.empty() || is_built_in_name(p.name)) return p.line;
    }
    return none;
}

const lesson* find_lesson(std::string_view name) {
    for (const lesson& l : lesson_table()) {
        if (l.name == name) return &l;
    }
    for (const found_lesson& f : catalogue().found) {
        if (f.l.name == name) return &f.l;
    }
    for (const auto& [path, l] : loaded_from_files()) {
        if (path == name) return &l;
    }
    return nullptr;
}

std::optional<std::size_t> built_in_index(const lesson* l) {
    const auto table = lesson_table();
    if (l == nullptr || table.empty() || l < table.data() || l >= table.data() + table.size()) return std::nullopt;
    return static_cast<std::size_t>(l - table.data());
}

std::size_t listed_lesson_count() {
    return lesson_table().size() + catalogue().found.size();
}

const lesson* listed_lesson(std::size_t index) {
    const auto table = lesson_table();
    if (index < table.size()) return &table[index];
    const auto& found = catalogue().found;
    return index - table.size() < found.size() ? &found[index - table.size()].l : nullptr;
}

std::optional<std::size_t> listed_index(const lesson* l) {
    if (const auto index = built_in_index(l)) return index;
    const auto& found = catalogue().found;
    for (std::size_t i = 0; i < found.size() && l != nullptr; ++i) {
        if (&found[i].l == l) return lesson_table().size() + i;
    }
    return std::nullopt;
}

std::size_t step_in_list(std::optional<std::size_t> from, int step, std::size_t count) {
    const auto n = static_cast<std::ptrdiff_t>(count);
    const std::ptrdiff_t start = from ? static_cast<std::ptrdiff_t>(*from) : (step > 0 ? -1 : 0);
    return static_cast<std::size_t>(((start + step) % n + n) % n);
}

std::string lesson_names() {
    std::string names;
    for (const lesson& l : lesson_table()) names += (names.empty() ? "" : ", ") + l.name;
    for (const found_lesson& f : catalogue().found) names += (names.empty() ? "" : ", ") + f.l.name;
    return names;
}

}  // namespace ticklab::game

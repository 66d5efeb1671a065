#pragma once
// The command line's --lesson, --record and --replay, kept apart from the other flags.
//
// Usage (inside the command line's validation; each returns "" or one error line for exit 2):
//   apply_lesson_option(name, out);                 // first: the other flags then change it
//   ...the other flags...
//   finish_lesson_option(name, vsync_given, out);   // what the flags' defaults would overwrite
//   apply_record_replay_options(record, replay, given, out);

#include "run/launch_options.hpp"

#include <string>

namespace ticklab::game {

// "name  [origin]  title" lines, for --lesson list: the built-in lessons, then those found in the
// share and user folders (run/lesson_library.hpp) with their files.
[[nodiscard]] std::string lesson_list_text();
// "ticklab: <why>" lines, one per lesson file that could not be used, for stderr; "" for none
// (--lesson list then exits 2).
[[nodiscard]] std::string lesson_list_problems();

[[nodiscard]] std::string apply_lesson_option(const std::string& name, launch_options& out);
void finish_lesson_option(const std::string& name, bool vsync_given, launch_options& out);

// Which flags the user gave: a replay runs with its own scene, seed, balls and tick rate, so any
// of these that disagrees with the file is an error rather than silently ignored.
struct replay_conflicts {
    bool scene = false, seed = false, balls = false, autopilot = false, wall = false, tick_rate = false,
         beacons = false, box_width = false;
};

// `record` / `replay` null when not given. Reads the replay file (errors name it).
[[nodiscard]] std::string apply_record_replay_options(const std::string* record, const std::string* replay,
                                                      const replay_conflicts& given, launch_options& out);

}  // namespace ticklab::game

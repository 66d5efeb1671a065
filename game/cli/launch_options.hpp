#pragma once
// Everything the command line can set, after validation.
//
// Usage:
//   auto parsed = ticklab::game::parse_command_line(argc, argv);
//   if (parsed.exit_code) return *parsed.exit_code;   // --help (0) or a bad value (2), already printed
//   run(parsed.options);

#include "sim/loop_settings.hpp"
#include "sim/replay_file.hpp"
#include "sim/scene.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace ticklab::game {

struct launch_options {
    std::string scene = "balls";
    scene_options scene_settings;
    loop_settings loop;
    bool headless = false;
    bool panel = true;                    // window runs: show the control panel (F1 toggles it)
    std::optional<std::uint64_t> frames;  // stop after this many frames
    std::optional<std::uint64_t> ticks;   // stop after this many ticks
    double frame_ms = 1000.0 / 60.0;      // headless and screenshot runs: real time per frame
    double frame_jitter_ms = 0.0;         // screenshot runs: each frame's real time varies by up to +-this
    std::string screenshot_path;          // empty: none
    std::string report_path;              // empty: none; "-": stdout
    std::string trace_path;               // --trace: empty for none; .json Chrome trace, else CSV

    std::string record_path;                 // --record: empty for none; written when the run ends
    std::optional<replay> replay_recording;  // --replay: what to play (scene, options, tick rate set from it)
    std::string lesson;                      // --lesson: the lesson's name, for the panel
};

struct parse_result {
    launch_options options;
    std::optional<int> exit_code;  // set when the program should exit now (help printed, or an error)
};

// Prints help to stdout, or one line naming a bad value and what is allowed to stderr (exit code 2).
[[nodiscard]] parse_result parse_command_line(int argc, const char* const* argv);

}  // namespace ticklab::game

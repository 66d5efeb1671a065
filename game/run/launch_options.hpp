#pragma once
// Everything a run is told at launch, after validation: what the command line (cli/) fills in and
// what every runner (run/runner.hpp) reads, whichever kind of run it is.

#include "session/replay_file.hpp"
#include "sim/loop_settings.hpp"
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
    double frame_jitter_ms = 0.0;         // headless and screenshot runs: each frame's real time varies by up to +-this
    std::string screenshot_path;          // empty: none
    std::string report_path;              // empty: none; "-": stdout
    std::string trace_path;               // --trace: empty for none; .json Chrome trace, else CSV

    std::string record_path;                 // --record: empty for none; written when the run ends
    std::optional<replay> replay_recording;  // --replay: what to play (scene, options, tick rate set from it)
    std::string lesson;                      // --lesson: the lesson's name, for the panel
};

}  // namespace ticklab::game

#pragma once
// Everything a run is told at launch, after validation: what the command line (cli/) fills in and
// what every runner (run/runner.hpp) reads, whichever kind of run it is.

#include "net/sync_test.hpp"
#include "run/remote_settings.hpp"
#include "session/replay_file.hpp"
#include "sim/loop_settings.hpp"
#include "sim/network_settings.hpp"
#include "sim/scene.hpp"
#include "sim/strategy_names.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace ticklab::game {

// The HUD's and the panel's text size (1 = the designed sizes), for --text-scale and the window.
inline constexpr float min_text_scale = 0.75f;
inline constexpr float max_text_scale = 2.5f;

// The timeline's colours (--palette): the default ones, or ones told apart with any colour vision.
enum class palette_choice { standard, colour_blind };
inline constexpr std::array<named_choice<palette_choice>, 2> palette_choices{{
    {"default", "default colours", "the timeline's colours as designed", palette_choice::standard},
    {"colour-blind", "colour-blind safe", "every two timeline colours told apart with any colour vision",
     palette_choice::colour_blind},
}};

struct launch_options {
    std::string scene = "balls";
    scene_options scene_settings;
    loop_settings loop;
    bool headless = false;
    bool panel = true;        // window runs: show the control panel (F2 toggles it)
    int window_width = 1280;  // window and screenshot runs: the window's size in points
    int window_height = 720;
    bool window_size_given = false;         // --window-size: it wins over the size a window kept
    std::optional<float> text_scale;        // window and screenshot runs: --text-scale (a window keeps it)
    std::optional<palette_choice> palette;  // window and screenshot runs: --palette (a window keeps it)
    std::optional<std::uint64_t> frames;    // stop after this many frames
    std::optional<std::uint64_t> ticks;     // stop after this many ticks
    double frame_ms = 1000.0 / 60.0;        // headless and screenshot runs: real time per frame
    double frame_jitter_ms = 0.0;  // headless and screenshot runs: each frame's real time varies by up to +-this
    std::string screenshot_path;   // empty: none
    std::string report_path;       // empty: none; "-": stdout
    std::string trace_path;        // --trace: empty for none; .json Chrome trace, else CSV

    std::string record_path;                      // --record: empty for none; written when the run ends
    std::optional<replay> replay_recording;       // --replay: what to play (scene, options, tick rate set from it)
    std::string replay_path;                      // --replay: the file it came from, for traces and reports
    std::string lesson;                           // --lesson: the lesson's name, for the panel
    std::optional<network_settings> network;      // --network and its flags: two peers (docs/network.md)
    std::optional<remote_settings> remote;        // --listen / --connect: the other peer is another process
    std::optional<sync_test_settings> sync_test;  // --network synctest: one replica re-simulating each tick
};

}  // namespace ticklab::game

#pragma once
// Named presets that each show one thing about the fixed-timestep loop, with a short explanation.
//
// Usage:
//   if (const lesson* l = find_lesson("spiral")) {
//       lesson_setup setup;           // the defaults
//       l->configure(setup);          // the lesson's scene and settings
//   }
// The command line applies a lesson before its other flags (so they can still change it); the
// panel applies one to the running session. docs/lessons.md is the guided tour.

#include "sim/loop_settings.hpp"
#include "sim/network_settings.hpp"
#include "sim/scene.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace ticklab::game {

// What a lesson sets: the scene, its options and the loop settings, from their defaults.
struct lesson_setup {
    std::string scene = "balls";
    scene_options options;
    loop_settings loop;
    std::optional<double> frame_ms;           // real time per frame in headless and screenshot runs
    std::optional<network_settings> network;  // two peers over a simulated network (docs/network.md)
};

struct lesson {
    std::string_view name;         // for --lesson
    std::string_view title;        // one line, for lists
    std::string_view explanation;  // two or three sentences, shown while the lesson runs
    void (*configure)(lesson_setup& setup);
};

[[nodiscard]] std::span<const lesson> lesson_table();
// nullptr when no lesson has that name.
[[nodiscard]] const lesson* find_lesson(std::string_view name);
// "basics, 10hz, ..." for error messages.
[[nodiscard]] std::string lesson_names();

}  // namespace ticklab::game

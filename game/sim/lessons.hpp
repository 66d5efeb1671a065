#pragma once
// A lesson: a named preset that shows one thing about the fixed-timestep loop, with a short
// explanation, the claim a test proves on the real loop (tests/game/run/lesson_claims_test.cpp) and
// the figures the HUD shows while it runs. The lessons themselves are data files read by
// run/lesson_library.hpp (assets/lessons/*.json).
//
// Usage:
//   lesson_setup setup;           // the defaults
//   l.configure(setup);           // the lesson's scene and settings
// The command line applies a lesson before its other flags (so they can still change it); the
// panel applies one to the running session. docs/lessons.md is the guided tour.
//
// A lesson pins everything its claim depends on (FPS cap, vsync, tick rate, load, ball count), so it
// teaches the same on a 60, 144 or 240 Hz display: a headless run models that machine
// (run/frame_clock.hpp), and the test runs every lesson at --frame-ms 4, 8.3 and 16.7.

#include "sim/loop_settings.hpp"
#include "sim/network_settings.hpp"
#include "sim/scene.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ticklab::game {

// What a lesson sets: the scene, its options and the loop settings, from their defaults.
struct lesson_setup {
    std::string scene = "balls";
    scene_options options;
    loop_settings loop;
    std::optional<double> frame_ms;           // real time per frame in headless and screenshot runs
    std::optional<network_settings> network;  // two peers over a simulated network (docs/network.md)
    std::optional<double> frame_jitter_ms;    // headless and screenshot runs: a display's wobble
};

struct lesson {
    std::string name;         // for --lesson
    std::string title;        // one line, for lists
    std::string explanation;  // two or three sentences, shown while the lesson runs
    std::string claim;        // what the learner will see, as the lesson's test checks it
    // The figures the HUD shows for this lesson, in order: the loop's (hud_figure_names) and those
    // the scenes offer (scene_parts::figures: wall, lander_fall, ...); app/ui/hud_figures.hpp draws them.
    std::vector<std::string> hud_figures;
    // The one setting the lesson is about, flipped by the before/after key (apply_toggle): "" (none),
    // "smoothing", "catch-up", "max-loops", "frame-load", "extrapolation", "render-tick",
    // "task-budget" or "tick-rate"; "time-sync", a setting of the network game (apply_network_toggle);
    // or a toggle control of the lesson's scene ("sleeping": see apply_scene_toggle).
    std::string toggle;
    // B's other value for a numeric toggle (tick-rate in Hz, max-loops, frame-load and task-budget in
    // ms), in place of the fixed one below; nullopt: the fixed one. Never the lesson's own value.
    std::optional<double> toggle_other;
    std::vector<std::string> questions;  // for the class to discuss
    lesson_setup setup;

    void configure(lesson_setup& out) const { out = setup; }
};

// The loop's toggles a lesson may name, and the loop's figures its HUD list may hold (the scenes
// add theirs: scene_parts).
[[nodiscard]] std::span<const std::string_view> lesson_toggles();
[[nodiscard]] std::span<const std::string_view> hud_figure_names();

// Flips `toggle` in `settings` between the lesson's value (`lesson_value`) and the other side:
// smoothing none <-> interpolate, extrapolation extrapolate <-> interpolate, render-tick render_tick <-> interpolate,
// catch-up uncapped <-> drop, max-loops its value <-> 8 (or 3 when it is 8), frame-load its value <-> 0,
// task-budget its value <-> 0 (no budget), tick-rate its value <-> high_tick_rate_hz (or 10 Hz when it
// is that). Returns false for "" or an unknown toggle.
inline constexpr std::uint32_t high_tick_rate_hz = 120;
bool apply_toggle(std::string_view toggle, const loop_settings& lesson_value, loop_settings& settings);
// The same for lesson `l`, with its toggle_other (when set) as the other side: its value <-> toggle_other.
bool apply_toggle(const lesson& l, loop_settings& settings);
// The toggles toggle_other may be given for, and the setting of sim/setting_table each one sets.
[[nodiscard]] std::span<const std::string_view> toggles_with_other_value();

// B on the network game: flips the network setting `toggle` names in `settings` ("time-sync": time
// sync off <-> on). False for a toggle of the loop or a scene.
bool apply_network_toggle(std::string_view toggle, network_settings& settings);
[[nodiscard]] bool is_network_toggle(std::string_view toggle);

// B on a scene setting: flips the toggle control named `toggle` among `controls` (the running
// scene's scene_parts::controls) on `running`. False when `controls` has no toggle of that name.
bool apply_scene_toggle(std::string_view toggle, std::span<const scene_control> controls, scene& running);

// What B does in lesson `l` while `settings` run, for the panel, the HUD and B's notice: the two
// values of its toggle, the one running first, e.g. "B: render tick (now) / interpolate",
// "B: 120 Hz (now) / 10 Hz"; for a lesson without a toggle, no_before_after_text.
inline constexpr std::string_view no_before_after_text = "no before/after in this lesson";
[[nodiscard]] std::string before_after_text(const lesson& l, const loop_settings& settings);
// The same with the running scene, which a scene toggle's text reads: "B: sleeping off (now) / sleeping on".
// A network toggle's two values without the one running: "B: time sync off / time sync on".
[[nodiscard]] std::string before_after_text(const lesson& l, const loop_settings& settings,
                                            std::span<const scene_control> controls, const scene& running);
// The same with the running network game's settings (nullptr: none runs), which a network toggle's
// text reads: "B: time sync off (now) / time sync on".
[[nodiscard]] std::string before_after_text(const lesson& l, const loop_settings& settings,
                                            std::span<const scene_control> controls, const scene& running,
                                            const network_settings* network);

}  // namespace ticklab::game

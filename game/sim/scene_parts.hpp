#pragma once
// What a scene brings besides its simulation, as data the window reads without knowing the scene:
// its panel section's controls, its HUD figures, its keys and the facts the command line and the
// panel ask about (a box width, a wall, divergence's unit). A scene's entry in the registry holds its
// scene_parts; the scene object gives the current values (scene::control_value, readout, figure) and
// takes changes by name (scene::set_control). No UI here: app/panel draws the controls, app/ui the
// figures, app/input binds the keys.
//
// Usage (in a scene's header):
//   inline constexpr std::array<scene_control, 2> my_controls{{
//       {.kind = control_kind::toggle, .name = "autopilot", .label = "autopilot"},
//       {.kind = control_kind::button, .name = "restart", .label = "Restart"},
//   }};
//   inline constexpr scene_parts my_parts{.controls = my_controls};
// and in scenes/scene_registry.cpp: {"mine", "My scene", &make<my_scene>, 0, my_parts}.

#include "sim/tick_input.hpp"

#include <array>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace ticklab::game {

enum class control_kind : std::uint8_t {
    toggle,   // a checkbox: value 1 on, 0 off
    number,   // a slider from min to max, shown in `format`
    count,    // a whole number from min to max: a logarithmic slider and an exact field (+/- step, step_fast)
    range,    // two numbers, low (`name`) <= high (`high_name`), dragged as one at `step` a pixel, min..max
    button,   // starts the scene again with its launch choices and the on_reset values the panel holds
    readout,  // a line the scene writes (scene::readout), alert-coloured when it says so; none while empty
    heading,  // a separator, then `label` as a line of text
};

struct scene_control {
    control_kind kind = control_kind::toggle;
    std::string_view name = {};     // what set_control, an action and a lesson's toggle call it: "gravity"
    std::string_view label = {};    // what the panel shows: "strength"
    std::string_view tooltip = {};  // on hover, as written (its own line breaks)
    std::string_view term = {};     // or, on hover, a term's explanation wrapped to the panel's width
    double min = 0.0;
    double max = 1.0;
    const char* format = "%.2f";      // number, range, count
    double step = 1.0;                // count: the exact field's +/-; range: drag speed per pixel
    double step_fast = 10.0;          // count: the exact field's Ctrl +/-
    std::string_view high_name = {};  // range: the upper value's name
    bool same_line = false;           // on the line of the control before it
    // A launch choice (scene_options): the panel holds the value shown until a button resets the
    // scene with it (scene::set_option), and takes it again from the scene at every scene start.
    bool on_reset = false;
};

// A line the scene writes for a readout or a HUD figure.
struct scene_text {
    std::string text;
    bool alert = false;  // past a limit: shown in the alert colour
};

// A HUD figure a scene offers (its lessons' "hud" lists may name it).
struct scene_figure {
    std::string_view name;    // as lesson files name it: "lander_fall"
    std::string_view absent;  // shown when another scene runs: "speed -"
};

// A key the scene's game uses: held keys reach its ticks as tick_input's actions.
struct scene_key {
    std::array<std::string_view, 3> keys;  // SDL key names ("Up", "W"); "" where fewer
    action game_action = action::thrust;
    std::string_view keys_label;  // as the key list names them; "" for a row listed with the one before
    std::string_view meaning;
};

struct scene_parts {
    std::span<const scene_control> controls = {};
    std::span<const scene_figure> figures = {};
    std::span<const std::string_view> default_figures = {};  // without a lesson; empty: the loop's
    std::span<const scene_key> keys = {};
    bool box_width = false;  // scene_options::box_width applies (--box-width; a window fits the box)
    bool wall = false;       // scene_options::wall applies (--wall)
    std::string_view divergence_unit = "mean error";  // after the panel's divergence figure
    // What of tick_input the scene's ticks read besides its keys' held state: a network peer
    // predicts and compares nothing else (net/input_mask.hpp).
    bool reads_presses = true;
    bool reads_pointer = true;
};

// The control named `name` among `controls`, nullptr when none is (a range by either of its names).
[[nodiscard]] constexpr const scene_control* find_control(std::span<const scene_control> controls,
                                                          std::string_view name) {
    for (const scene_control& c : controls) {
        if (c.kind != control_kind::heading && (c.name == name || (!c.high_name.empty() && c.high_name == name)))
            return &c;
    }
    return nullptr;
}

// The one-line refusal of a name no control of `controls` has, e.g. "no scene setting 'gravty': use
// gravity, ...".
[[nodiscard]] inline std::invalid_argument unknown_control(std::string_view name,
                                                           std::span<const scene_control> controls) {
    std::string names;
    for (const scene_control& c : controls) {
        if (c.kind == control_kind::heading || c.kind == control_kind::readout || c.kind == control_kind::button)
            continue;
        names += (names.empty() ? "" : ", ") + std::string{c.name};
        if (!c.high_name.empty()) names += ", " + std::string{c.high_name};
    }
    std::string shown;
    for (const char ch : name.substr(0, 64)) shown += (ch < ' ' || ch == 127) ? '?' : ch;
    return std::invalid_argument{"no scene setting '" + shown +
                                 "': " + (names.empty() ? std::string{"this scene has none"} : "use " + names)};
}

}  // namespace ticklab::game

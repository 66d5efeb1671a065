#pragma once
// Everything a person can do to a running window, as data: each key, each panel button and field,
// a lesson, B, a scene switch, the text size, fullscreen, the scheduler's buttons. The keyboard and
// the panel make actions; a controller (controller.hpp) performs them, and a test can send the same
// actions with no window at all.
//
// Usage:
//   if (const auto a = action_for_key(event.key)) controller.perform(*a);
//   controller.perform(action::of(action_kind::reset));
//   for (const key_binding& k : key_table()) if (!k.keys_label.empty()) list(k.keys_label, k.meaning);

#include "scenes/scene_registry.hpp"
#include "sim/loop_settings.hpp"
#include "sim/network_settings.hpp"
#include "sim/tick_input.hpp"

#include <ticklab/task_handle.hpp>

#include <SDL.h>

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace ticklab::app {

enum class action_kind : std::uint8_t {
    none,  // a key-table row that only explains (the mouse)
    // The clock and the loop.
    toggle_pause,
    step,
    faster,
    slower,
    set_time_scale,  // value
    tick_rate_up,
    tick_rate_down,
    set_loop,  // loop: every field of the Loop and Strategies sections at once
    // The scene.
    next_scene,
    switch_scene,  // index into scene_registry()
    reset,
    reset_with,       // options: reset with other launch choices (the scene section's buttons)
    set_scene_value,  // name, value: one of the running scene's controls (scene_parts), live
    press,            // game_action: a key for the game held down
    release,          // game_action
    pointer,          // pointer: a click or a drag in the scene, in world units
    // Lessons.
    next_lesson,
    previous_lesson,
    apply_lesson,  // index into lesson_table(), then into lessons_found().found
    restart_lesson,
    lesson_toggle,     // B
    toggle_questions,  // Q: the strip shows the lesson's questions in place of its claim
    // The window.
    toggle_keys,
    toggle_panel,
    toggle_fullscreen,
    text_larger,
    text_smaller,
    text_reset,
    set_text_scale,  // value
    screenshot,
    quit,  // Escape: asks first, quits on a second press within quit_confirm_ms
    // The scheduler's table.
    pause_task,  // task
    resume_task,
    terminate_task,
    // The network game.
    start_network,  // network
    stop_network,
    // Record and replay.
    start_recording,
    stop_recording,
    stop_replay,
    count
};

[[nodiscard]] std::string_view action_name(action_kind kind);

struct action {
    action_kind kind = action_kind::none;
    double value = 0.0;  // set_time_scale, set_text_scale, set_scene_value; an index for switch_scene, apply_lesson
    ticklab::task_handle task{};                      // pause_task, resume_task, terminate_task
    game::action game_action = game::action::thrust;  // press, release
    std::optional<game::loop_settings> loop;          // set_loop
    std::optional<game::network_settings> network;    // start_network
    std::optional<game::scene_options> options;       // reset_with
    std::optional<game::pointer_event> pointer;       // pointer
    std::string name;                                 // set_scene_value: the control's name

    [[nodiscard]] static action of(action_kind kind, double value = 0.0) {
        action a;
        a.kind = kind;
        a.value = value;
        return a;
    }
    // set_scene_value: the running scene's control `name` to `value` (a toggle's 1 or 0).
    [[nodiscard]] static action scene_value(std::string_view name, double value) {
        action a = of(action_kind::set_scene_value, value);
        a.name = name;
        return a;
    }
};

// One row of the key table: the action, the keys that send it, and how the key list names them.
struct key_binding {
    action_kind kind;
    std::array<SDL_Keycode, 3> keys;  // SDLK_UNKNOWN where fewer
    bool ctrl;                        // only with Ctrl held (and the key without Ctrl is another row)
    bool repeats;                     // auto-repeat sends it again (time scale, tick rate)
    std::string_view keys_label;      // "" for a key listed with the row before it
    std::string_view meaning;
    game::action game_action = game::action::thrust;  // press rows
};

// The one table of keys: the keyboard, the F1 list, the panel's key section and the man page read
// it. The scenes' own keys (scene_parts::keys) are among its rows, after B, in the registry's order.
[[nodiscard]] std::span<const key_binding> key_table();
// The row a key press sends, if any (key-ups: release_for_key).
[[nodiscard]] const key_binding* binding_for(SDL_Keycode key, bool ctrl);
[[nodiscard]] std::optional<action> action_for_key(const SDL_KeyboardEvent& key);
[[nodiscard]] std::optional<action> release_for_key(const SDL_KeyboardEvent& key);

}  // namespace ticklab::app

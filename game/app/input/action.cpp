#include "app/input/action.hpp"

#include <algorithm>

namespace ticklab::app {

namespace {

constexpr std::string_view names[] = {
    "none",         "toggle_pause",      "step",           "faster",
    "slower",       "set_time_scale",    "tick_rate_up",   "tick_rate_down",
    "set_loop",     "next_scene",        "switch_scene",   "reset",
    "reset_with",   "set_balls_config",  "set_autopilot",  "press",
    "release",      "pointer",           "next_lesson",    "previous_lesson",
    "apply_lesson", "restart_lesson",    "lesson_toggle",  "toggle_keys",
    "toggle_panel", "toggle_fullscreen", "text_larger",    "text_smaller",
    "text_reset",   "set_text_scale",    "screenshot",     "quit",
    "pause_task",   "resume_task",       "terminate_task", "start_network",
    "stop_network", "start_recording",   "stop_recording", "stop_replay",
};
static_assert(std::size(names) == static_cast<std::size_t>(action_kind::count), "a name for every action");

constexpr SDL_Keycode no_key = SDLK_UNKNOWN;
using enum action_kind;

// In the order the key list shows them. A row with an empty label is listed with the one before.
constexpr key_binding table[] = {
    {toggle_pause, {SDLK_SPACE, no_key, no_key}, false, false, "Space", "pause / resume"},
    {step, {SDLK_PERIOD, SDLK_KP_PERIOD, no_key}, false, true, ".", "one tick (pauses first)"},
    {faster, {SDLK_PLUS, SDLK_EQUALS, SDLK_KP_PLUS}, false, true, "+ / -", "time scale x2 / /2"},
    {slower, {SDLK_MINUS, SDLK_KP_MINUS, no_key}, false, true, "", ""},
    {tick_rate_down, {SDLK_LEFTBRACKET, no_key, no_key}, false, true, "[ / ]", "tick rate down / up"},
    {tick_rate_up, {SDLK_RIGHTBRACKET, no_key, no_key}, false, true, "", ""},
    {reset, {SDLK_r, no_key, no_key}, false, false, "R", "reset the scene"},
    {next_scene, {SDLK_TAB, no_key, no_key}, false, false, "Tab", "next scene"},
    {next_lesson, {SDLK_PAGEDOWN, no_key, no_key}, false, false, "PageDown / Up", "next / previous lesson"},
    {previous_lesson, {SDLK_PAGEUP, no_key, no_key}, false, false, "", ""},
    {lesson_toggle, {SDLK_b, no_key, no_key}, false, false, "B", "lesson: before / after"},
    {press, {SDLK_UP, SDLK_w, no_key}, false, false, "Up / W", "thrust", game::action::thrust},
    {press, {SDLK_LEFT, SDLK_a, no_key}, false, false, "Left Right / A D", "rotate", game::action::rotate_left},
    {press, {SDLK_RIGHT, SDLK_d, no_key}, false, false, "", "", game::action::rotate_right},
    {none, {no_key, no_key, no_key}, false, false, "Click, drag", "push or throw a ball"},
    {toggle_keys, {SDLK_F1, no_key, no_key}, false, false, "F1", "all keys over the scene"},
    {toggle_panel, {SDLK_F2, no_key, no_key}, false, false, "F2", "hide / show the panel"},
    {toggle_fullscreen, {SDLK_F11, no_key, no_key}, false, false, "F11", "fullscreen"},
    {text_larger, {SDLK_PLUS, SDLK_EQUALS, SDLK_KP_PLUS}, true, false, "Ctrl + / - / 0", "text size"},
    {text_smaller, {SDLK_MINUS, SDLK_KP_MINUS, no_key}, true, false, "", ""},
    {text_reset, {SDLK_0, SDLK_KP_0, no_key}, true, false, "", ""},
    {screenshot, {SDLK_F12, no_key, no_key}, false, false, "F12", "screenshot"},
    {quit, {SDLK_ESCAPE, no_key, no_key}, false, false, "Esc, Esc", "quit (asks first)"},
};

}  // namespace

std::string_view action_name(action_kind kind) {
    const auto index = static_cast<std::size_t>(kind);
    return index < std::size(names) ? names[index] : "?";
}

std::span<const key_binding> key_table() {
    return table;
}

const key_binding* binding_for(SDL_Keycode key, bool ctrl) {
    if (key == no_key) return nullptr;
    // Ctrl rows first: Ctrl + is the text size, + alone the time scale.
    for (const bool want_ctrl : {true, false}) {
        if (want_ctrl && !ctrl) continue;
        for (const key_binding& row : key_table()) {
            if (row.ctrl == want_ctrl && std::ranges::find(row.keys, key) != row.keys.end()) return &row;
        }
    }
    return nullptr;
}

std::optional<action> action_for_key(const SDL_KeyboardEvent& key) {
    const key_binding* row = binding_for(key.keysym.sym, (key.keysym.mod & KMOD_CTRL) != 0);
    if (row == nullptr || row->kind == none) return std::nullopt;
    // Auto-repeat is not a new press (holding thrust is one press, held), except for the keys that
    // walk a value up or down.
    if (key.repeat != 0 && !row->repeats) return std::nullopt;
    action a = action::of(row->kind);
    a.game_action = row->game_action;
    return a;
}

std::optional<action> release_for_key(const SDL_KeyboardEvent& key) {
    const key_binding* row = binding_for(key.keysym.sym, false);
    if (row == nullptr || row->kind != press) return std::nullopt;
    action a = action::of(release);
    a.game_action = row->game_action;
    return a;
}

}  // namespace ticklab::app

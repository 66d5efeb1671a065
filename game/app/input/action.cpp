#include "app/input/action.hpp"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

namespace ticklab::app {

namespace {

constexpr std::string_view names[] = {
    "none",
    "toggle_pause",
    "step",
    "faster",
    "slower",
    "set_time_scale",
    "tick_rate_up",
    "tick_rate_down",
    "set_loop",
    "next_scene",
    "switch_scene",
    "reset",
    "reset_with",
    "set_scene_value",
    "press",
    "release",
    "pointer",
    "next_lesson",
    "previous_lesson",
    "apply_lesson",
    "restart_lesson",
    "lesson_toggle",
    "toggle_questions",
    "toggle_keys",
    "toggle_panel",
    "toggle_fullscreen",
    "text_larger",
    "text_smaller",
    "text_reset",
    "set_text_scale",
    "screenshot",
    "quit",
    "pause_task",
    "resume_task",
    "terminate_task",
    "start_network",
    "stop_network",
    "start_recording",
    "stop_recording",
    "stop_replay",
};
static_assert(std::size(names) == static_cast<std::size_t>(action_kind::count), "a name for every action");

constexpr SDL_Keycode no_key = SDLK_UNKNOWN;
using enum action_kind;

// In the order the key list shows them. A row with an empty label is listed with the one before.
// The scenes' keys come between these two parts (keys_with_scenes).
constexpr key_binding loop_keys[] = {
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
    {toggle_questions, {SDLK_q, no_key, no_key}, false, false, "Q", "lesson: claim / questions"},
};
constexpr key_binding window_keys[] = {
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

// An SDL key name ("Up", "W") as its keycode: a letter is its lower-case character.
SDL_Keycode key_named(std::string_view name) {
    if (name.empty()) return no_key;
    if (name.size() == 1) return static_cast<SDL_Keycode>(std::tolower(static_cast<unsigned char>(name[0])));
    return SDL_GetKeyFromName(std::string{name}.c_str());
}

std::vector<key_binding> keys_with_scenes() {
    std::vector<key_binding> rows{std::begin(loop_keys), std::end(loop_keys)};
    for (const game::scene_entry& entry : game::scene_registry()) {
        for (const game::scene_key& key : entry.parts.keys) {
            key_binding row{.kind = press,
                            .keys = {no_key, no_key, no_key},
                            .ctrl = false,
                            .repeats = false,
                            .keys_label = key.keys_label,
                            .meaning = key.meaning,
                            .game_action = key.game_action};
            for (std::size_t i = 0; i < key.keys.size(); ++i) row.keys[i] = key_named(key.keys[i]);
            // Two scenes may share a key for the same game action; one row sends it for both.
            const bool known = std::any_of(rows.begin(), rows.end(), [&](const key_binding& r) {
                return r.kind == press && r.game_action == row.game_action && r.keys == row.keys;
            });
            if (!known) rows.push_back(row);
        }
    }
    rows.insert(rows.end(), std::begin(window_keys), std::end(window_keys));
    return rows;
}

}  // namespace

std::string_view action_name(action_kind kind) {
    const auto index = static_cast<std::size_t>(kind);
    return index < std::size(names) ? names[index] : "?";
}

std::span<const key_binding> key_table() {
    // Built once, from the registry's constant entries: never changes afterwards.
    static const std::vector<key_binding> table = keys_with_scenes();
    return table;
}

const key_binding* binding_for(SDL_Keycode key, bool ctrl) {
    if (key == no_key) return nullptr;
    // Ctrl rows first: Ctrl + is the text size, + alone the time scale.
    for (const bool want_ctrl : {true, false}) {
        if (want_ctrl && !ctrl) continue;
        for (const key_binding& row : key_table()) {
            if (row.ctrl == want_ctrl && std::find(row.keys.begin(), row.keys.end(), key) != row.keys.end())
                return &row;
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

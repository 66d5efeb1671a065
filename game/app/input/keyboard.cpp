#include "app/input/keyboard.hpp"

#include "app/input/controls.hpp"
#include "scenes/scene_registry.hpp"

#include <span>

namespace ticklab::app {

std::optional<game::action> game_action(SDL_Keycode key) {
    switch (key) {
        case SDLK_UP:
        case SDLK_w:
            return game::action::thrust;
        case SDLK_LEFT:
        case SDLK_a:
            return game::action::rotate_left;
        case SDLK_RIGHT:
        case SDLK_d:
            return game::action::rotate_right;
        default:
            return std::nullopt;
    }
}

void switch_to_next_scene(game::session& session) {
    const auto scenes = game::scene_registry();
    if (scenes.empty()) return;
    std::size_t current = 0;
    for (std::size_t i = 0; i < scenes.size(); ++i) {
        if (scenes[i].name == session.current_entry().name) current = i;
    }
    session.switch_scene(scenes[(current + 1) % scenes.size()]);
}

void handle_key_down(const SDL_KeyboardEvent& key, game::session& session, keyboard_requests& requests) {
    if (auto action = game_action(key.keysym.sym)) {
        // Auto-repeat is not a new press: holding thrust is one press, held.
        if (key.repeat == 0) session.input().press(*action);
        return;
    }
    auto& settings = session.settings;
    // Ctrl with + - 0 is the text size, not the time scale.
    if ((key.keysym.mod & KMOD_CTRL) != 0) {
        switch (key.keysym.sym) {
            case SDLK_PLUS:
            case SDLK_EQUALS:
            case SDLK_KP_PLUS:
                requests.text_scale_step = 1;
                return;
            case SDLK_MINUS:
            case SDLK_KP_MINUS:
                requests.text_scale_step = -1;
                return;
            case SDLK_0:
            case SDLK_KP_0:
                requests.text_scale_reset = true;
                return;
            default:
                break;
        }
    }
    switch (key.keysym.sym) {
        case SDLK_SPACE:
            toggle_pause(settings);
            break;
        case SDLK_PERIOD:
        case SDLK_KP_PERIOD:
            step_once(settings);
            break;
        case SDLK_PLUS:
        case SDLK_EQUALS:  // + without shift on US layouts
        case SDLK_KP_PLUS:
            faster(settings);
            break;
        case SDLK_MINUS:
        case SDLK_KP_MINUS:
            slower(settings);
            break;
        case SDLK_RIGHTBRACKET:
            settings.tick_rate_hz = next_tick_rate(settings.tick_rate_hz);
            break;
        case SDLK_LEFTBRACKET:
            settings.tick_rate_hz = previous_tick_rate(settings.tick_rate_hz);
            break;
        case SDLK_TAB:
            if (key.repeat == 0) switch_to_next_scene(session);
            break;
        case SDLK_r:
            if (key.repeat == 0) session.reset();
            break;
        case SDLK_F12:
            if (key.repeat == 0) requests.screenshot = true;
            break;
        case SDLK_F1:
            if (key.repeat == 0) requests.toggle_keys = true;
            break;
        case SDLK_F2:
            if (key.repeat == 0) requests.toggle_panel = true;
            break;
        case SDLK_PAGEDOWN:
            if (key.repeat == 0) requests.lesson_step = 1;
            break;
        case SDLK_PAGEUP:
            if (key.repeat == 0) requests.lesson_step = -1;
            break;
        case SDLK_b:
            if (key.repeat == 0) requests.lesson_toggle = true;
            break;
        case SDLK_F11:
            if (key.repeat == 0) requests.toggle_fullscreen = true;
            break;
        case SDLK_ESCAPE:
            if (key.repeat == 0) requests.escape = true;
            break;
        default:
            break;
    }
}

void handle_key_up(const SDL_KeyboardEvent& key, game::session& session) {
    if (auto action = game_action(key.keysym.sym)) session.input().release(*action);
}

}  // namespace ticklab::app

#pragma once
// The demo's keys. Clock and loop keys edit the session's settings through the same controls the
// panel uses; game keys become actions in the session's input buffer.
//
// Usage, per SDL event (only when ImGui does not want the keyboard, except key-ups, see below):
//   keyboard_requests requests;
//   handle_key_down(event.key, session, requests);
//   if (requests.quit) ...

#include "session/session.hpp"

#include <SDL.h>

#include <optional>

namespace ticklab::app {

struct keyboard_requests {
    bool escape = false;  // asks to quit: the window quits on a second press (quit_confirm)
    bool screenshot = false;
    bool toggle_panel = false;       // F2
    int lesson_step = 0;         // PageDown: +1 (the next lesson), PageUp: -1 (the previous one)
    bool lesson_toggle = false;  // B: flip the setting the lesson is about (before/after)
    bool toggle_keys = false;        // F1: the full key list over the scene
    bool toggle_fullscreen = false;  // F11
    int text_scale_step = 0;         // Ctrl + / Ctrl -: +1 or -1
    bool text_scale_reset = false;   // Ctrl 0
};

// Escape asks before quitting: the first press starts a 3 s window in which a second press quits.
class quit_confirm {
public:
    static constexpr Uint64 window_ms = 3000;
    // True when this press quits (a second press within window_ms of the first).
    bool press(Uint64 now_ms) {
        if (asked_at_ && now_ms - *asked_at_ <= window_ms) return true;
        asked_at_ = now_ms;
        return false;
    }
    // Whether the prompt ("Press Escape again to quit") shows at `now_ms`.
    [[nodiscard]] bool asking(Uint64 now_ms) const { return asked_at_ && now_ms - *asked_at_ <= window_ms; }

private:
    std::optional<Uint64> asked_at_;
};

// The game action a key drives, if any: Up/W thrust, Left/A and Right/D rotate.
[[nodiscard]] std::optional<game::action> game_action(SDL_Keycode key);

void handle_key_down(const SDL_KeyboardEvent& key, game::session& session, keyboard_requests& requests);
// Always delivered, even while ImGui has the keyboard: a key pressed for the game and released over
// the panel must not leave the lander thrusting.
void handle_key_up(const SDL_KeyboardEvent& key, game::session& session);

// Tab: the scene after the current one in the registry, wrapping around.
void switch_to_next_scene(game::session& session);

}  // namespace ticklab::app

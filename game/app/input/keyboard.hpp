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
    bool quit = false;
    bool screenshot = false;
    bool toggle_panel = false;
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

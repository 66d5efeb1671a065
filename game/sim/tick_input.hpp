#pragma once
// What one simulation tick sees of the player.

#include "sim/draw_list.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace ticklab::game {

enum class action : std::uint8_t { thrust, rotate_left, rotate_right, count };
inline constexpr std::size_t action_count = static_cast<std::size_t>(action::count);

struct pointer_event {
    enum class kind : std::uint8_t { click, drag };
    kind type = kind::click;
    vec2 position;  // world units
    vec2 velocity;  // world units per second (drag only)
    // Whose it is in the network game's merged input (merge_inputs): 0 or 1. Only a view uses it
    // (each player's pushes in their colour); a peer's own input, as sent, is always 0.
    std::uint8_t player = 0;
};

struct tick_input {
    // Down at any moment since the previous tick: a press and release between two ticks still
    // reaches a tick as a press.
    std::array<bool, action_count> held{};
    // Went down since the previous tick: true for exactly one tick per press.
    std::array<bool, action_count> pressed{};
    std::vector<pointer_event> pointer;
    // The network game's merged input keeps each player's held controls apart as well
    // (merge_inputs), so a scene with a ship per player (scene_options::players = 2) steers each
    // with its own; `held` above stays both players' together. All false outside the network game.
    std::array<std::array<bool, action_count>, 2> held_by{};

    [[nodiscard]] bool is_held(action a) const { return held[static_cast<std::size_t>(a)]; }
    [[nodiscard]] bool was_pressed(action a) const { return pressed[static_cast<std::size_t>(a)]; }
    [[nodiscard]] bool is_held_by(std::size_t player, action a) const {
        return held_by[player & 1][static_cast<std::size_t>(a)];
    }
};

}  // namespace ticklab::game

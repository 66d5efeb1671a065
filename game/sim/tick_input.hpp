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
};

struct tick_input {
    // Down at any moment since the previous tick: a press and release between two ticks still
    // reaches a tick as a press.
    std::array<bool, action_count> held{};
    // Went down since the previous tick: true for exactly one tick per press.
    std::array<bool, action_count> pressed{};
    std::vector<pointer_event> pointer;

    [[nodiscard]] bool is_held(action a) const { return held[static_cast<std::size_t>(a)]; }
    [[nodiscard]] bool was_pressed(action a) const { return pressed[static_cast<std::size_t>(a)]; }
};

}  // namespace ticklab::game

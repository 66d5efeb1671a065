#pragma once
// Each player's colour in the network game (scene_options::players = 2): their ship, their pushes,
// their ghost. Okabe and Ito's sky blue and orange, told apart under every colour-vision
// deficiency, and both bright on the scenes' dark backgrounds.

#include "sim/draw_list.hpp"

#include <array>
#include <cstddef>

namespace ticklab::game {

inline constexpr std::array<rgba, 2> player_colours{{{86, 180, 233, 255}, {230, 159, 0, 255}}};

[[nodiscard]] constexpr rgba player_colour(std::size_t player) noexcept {
    return player_colours[player & 1];
}

// How a ship's flight ended, drawn as a mark beside it (a check, a cross) and an outline around
// it, never in place of its player's colour: two crashed ships stay told apart.
inline constexpr rgba landed_colour{6, 214, 160, 255};
inline constexpr rgba crashed_colour{239, 71, 111, 255};

}  // namespace ticklab::game

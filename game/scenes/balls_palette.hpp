#pragma once
// The balls' colours: saturated but soft, distinct on the dark background.

#include "sim/draw_list.hpp"

#include <array>
#include <cstddef>

namespace ticklab::game {

inline constexpr std::array<rgba, 8> balls_palette{{
    {239, 71, 111, 255},   // rose
    {255, 209, 102, 255},  // amber
    {6, 214, 160, 255},    // mint
    {17, 138, 178, 255},   // ocean
    {247, 140, 107, 255},  // coral
    {199, 125, 255, 255},  // lavender
    {131, 197, 190, 255},  // sage
    {237, 246, 249, 255},  // ice
}};
inline constexpr std::size_t balls_palette_size = balls_palette.size();

// The marks that stay where a brief event happened (balls_scene::deepest_overshoot): a colour no
// ball has.
inline constexpr rgba balls_mark_colour{255, 64, 255, 255};

}  // namespace ticklab::game

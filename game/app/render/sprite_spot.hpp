#pragma once
// Where a circle lands as a 1:1 sprite from the disc atlas: one rule for scene_renderer's serial
// and split paths, so that both place every circle on the same pixels.

#include "app/render/disc_atlas.hpp"
#include "app/render/geometry_batch.hpp"
#include "app/render/world_view.hpp"
#include "sim/draw_list.hpp"

#include <algorithm>
#include <cmath>

namespace ticklab::app {

struct sprite_spot {
    int diameter;  // whole pixels; 0: not a sprite (too large, or too far off the origin for ints)
    int x;         // top-left corner, in window pixels
    int y;
};

[[nodiscard]] inline sprite_spot spot_of(const game::circle_shape& circle, const world_view& view) noexcept {
    // Circles centred beyond this many pixels off the origin are left to SDL's float path (no int overflow).
    constexpr float max_coordinate = 1.0e6f;
    const game::vec2 c = view.to_screen(circle.center);
    const float diameter = 2.0f * std::max(circle.radius * view.scale(), geometry_batch::min_circle_radius_px);
    const bool on_grid = std::abs(c.x) <= max_coordinate && std::abs(c.y) <= max_coordinate;  // false for NaN
    const int d = on_grid && diameter <= disc_atlas::max_diameter ? static_cast<int>(diameter) : 0;
    if (d == 0) return {0, 0, 0};
    // Whole pixels as SDL's software renderer places a float quad: floor of the corner, truncated size.
    return {d, static_cast<int>(std::floor(c.x - 0.5f * diameter)),
            static_cast<int>(std::floor(c.y - 0.5f * diameter))};
}

}  // namespace ticklab::app

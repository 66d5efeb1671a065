#pragma once
// Maps the scene's world rectangle (y up) into a screen area (y down), keeping the aspect ratio.
//
// Usage:
//   world_view view{list.world_size, {0, 0, 900, 720}};   // screen area in renderer output pixels
//   vec2 p = view.to_screen(ball.center);
//   vec2 w = view.to_world({mouse_x, mouse_y});            // for clicks and drags

#include "sim/draw_list.hpp"

namespace ticklab::app {

struct screen_rect {
    float x = 0.0f;
    float y = 0.0f;
    float w = 0.0f;
    float h = 0.0f;

    [[nodiscard]] bool contains(game::vec2 p) const { return p.x >= x && p.x < x + w && p.y >= y && p.y < y + h; }
};

class world_view {
public:
    world_view() = default;
    // The world is centred in `area`, letterboxed on the axis with room to spare. A degenerate world
    // or area gives a view that maps everything to the area's corner rather than dividing by zero.
    // `origin` is the world point shown at the rectangle's bottom-left corner (draw_list::world_origin).
    world_view(game::vec2 world_size, screen_rect area, game::vec2 origin = {0.0f, 0.0f});

    [[nodiscard]] game::vec2 to_screen(game::vec2 world) const;
    [[nodiscard]] game::vec2 to_world(game::vec2 screen) const;
    // Output pixels per world unit, the same on both axes.
    [[nodiscard]] float scale() const noexcept { return scale_; }
    // Where the world rectangle lands on screen.
    [[nodiscard]] const screen_rect& viewport() const noexcept { return viewport_; }

private:
    float scale_ = 1.0f;
    screen_rect viewport_;
    game::vec2 origin_{0.0f, 0.0f};
};

// Where scene_renderer fits the world: `world_area` less a margin of wall_margin of its smaller
// side on every side (at least min_wall_margin pixels, at most an eighth of that side), in whole
// pixels. Shapes a little past the world's edge show there (an extrapolated ball drawn on into a
// wall) instead of being cut flat at the edge, and the edge itself never lies on the window's or
// the panel's. The margin is thin so that the world takes as much of a projected screen as it can.
// partial_redraw damages through the same view.
inline constexpr float wall_margin = 0.015f;
inline constexpr float min_wall_margin = 4.0f;
[[nodiscard]] screen_rect inside_wall_margin(screen_rect world_area);
[[nodiscard]] world_view fitted_world(game::vec2 world_size, screen_rect world_area, game::vec2 origin = {0.0f, 0.0f});

}  // namespace ticklab::app

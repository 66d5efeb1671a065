#include "app/render/world_view.hpp"

#include <algorithm>
#include <cmath>

namespace ticklab::app {

world_view::world_view(game::vec2 world_size, screen_rect area, game::vec2 origin) : origin_{origin} {
    if (world_size.x <= 0.0f || world_size.y <= 0.0f || area.w <= 0.0f || area.h <= 0.0f) {
        scale_ = 0.0f;
        viewport_ = {area.x, area.y, 0.0f, 0.0f};
        return;
    }
    scale_ = std::min(area.w / world_size.x, area.h / world_size.y);
    const float w = world_size.x * scale_;
    const float h = world_size.y * scale_;
    viewport_ = {area.x + (area.w - w) * 0.5f, area.y + (area.h - h) * 0.5f, w, h};
}

game::vec2 world_view::to_screen(game::vec2 world) const {
    // The world's origin is its bottom-left corner, the screen's is top-left.
    return {viewport_.x + (world.x - origin_.x) * scale_, viewport_.y + viewport_.h - (world.y - origin_.y) * scale_};
}

game::vec2 world_view::to_world(game::vec2 screen) const {
    if (scale_ == 0.0f) return {};
    return {origin_.x + (screen.x - viewport_.x) / scale_, origin_.y + (viewport_.y + viewport_.h - screen.y) / scale_};
}

screen_rect inside_wall_margin(screen_rect world_area) {
    const float side = std::max(0.0f, std::min(world_area.w, world_area.h));
    // At least min_wall_margin pixels while the area has room for it: a small view keeps its edge too.
    const float margin = std::min(std::max(std::floor(wall_margin * side), min_wall_margin), std::floor(side / 8.0f));
    return {world_area.x + margin, world_area.y + margin, std::max(0.0f, world_area.w - 2.0f * margin),
            std::max(0.0f, world_area.h - 2.0f * margin)};
}

world_view fitted_world(game::vec2 world_size, screen_rect world_area, game::vec2 origin) {
    return world_view{world_size, inside_wall_margin(world_area), origin};
}

}  // namespace ticklab::app

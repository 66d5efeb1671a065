#include "app/input/pointer.hpp"

#include <algorithm>

namespace ticklab::app {
namespace {

// SDL mouse events are in window points; the view works in output pixels.
game::vec2 to_pixels(int x, int y, float pixel_scale) {
    return {static_cast<float>(x) * pixel_scale, static_cast<float>(y) * pixel_scale};
}

}  // namespace

void pointer_tracker::handle(const SDL_Event& event, const world_view& view, float pixel_scale,
                             game::input_buffer& input) {
    switch (event.type) {
        case SDL_MOUSEBUTTONDOWN: {
            if (event.button.button != SDL_BUTTON_LEFT) return;
            const game::vec2 screen = to_pixels(event.button.x, event.button.y, pixel_scale);
            if (!view.viewport().contains(screen)) return;
            held_ = true;
            last_world_ = view.to_world(screen);
            last_ms_ = event.button.timestamp;
            input.pointer({game::pointer_event::kind::click, last_world_, {}});
            return;
        }
        case SDL_MOUSEBUTTONUP:
            if (event.button.button == SDL_BUTTON_LEFT) held_ = false;
            return;
        case SDL_MOUSEMOTION: {
            if (!held_ || (event.motion.state & SDL_BUTTON_LMASK) == 0) {
                held_ = false;
                return;
            }
            const game::vec2 world = view.to_world(to_pixels(event.motion.x, event.motion.y, pixel_scale));
            // Events can share a millisecond timestamp; one millisecond keeps the velocity finite.
            const float seconds = static_cast<float>(std::max<Uint32>(event.motion.timestamp - last_ms_, 1)) / 1000.0f;
            const game::vec2 velocity{(world.x - last_world_.x) / seconds, (world.y - last_world_.y) / seconds};
            input.pointer({game::pointer_event::kind::drag, world, velocity});
            last_world_ = world;
            last_ms_ = event.motion.timestamp;
            return;
        }
        default:
            return;
    }
}

}  // namespace ticklab::app

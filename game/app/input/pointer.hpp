#pragma once
// Mouse to world: a left click becomes a click at its world position, dragging with the button held
// becomes drags carrying the pointer's world velocity (what a flick imparts to a ball).
//
// Usage, per SDL mouse event the panel does not want:
//   pointer.handle(event, scene_view.view(), window.pixel_scale(), session.input());

#include "app/render/world_view.hpp"
#include "sim/input_buffer.hpp"

#include <SDL.h>

namespace ticklab::app {

class pointer_tracker {
public:
    void handle(const SDL_Event& event, const world_view& view, float pixel_scale, game::input_buffer& input);
    // The button went up somewhere we did not see (over the panel, outside the window).
    void cancel() noexcept { held_ = false; }

private:
    bool held_ = false;
    game::vec2 last_world_;
    Uint32 last_ms_ = 0;
};

}  // namespace ticklab::app

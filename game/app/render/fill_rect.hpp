#pragma once
// Filling a rectangle with one colour, as fast as the renderer allows.
//
// Usage:
//   fill_rect(renderer, {x, y, w, h}, theme::letterbox);
//
// The window's draw blend mode is SDL_BLENDMODE_BLEND (the HUD's backdrop is translucent), and SDL's
// software renderer blends every pixel of a blended fill even when alpha is 255 (several times the
// cost of a plain fill). An opaque colour looks the same either way, so it is filled without
// blending; a translucent one is blended. The renderer's draw colour and blend mode are left as
// they were.

#include "sim/draw_list.hpp"

#include <SDL.h>

namespace ticklab::app {

void fill_rect(SDL_Renderer* renderer, const SDL_FRect& rect, game::rgba color);

}  // namespace ticklab::app

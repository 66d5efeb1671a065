#pragma once
// 32-bit sprites blended 1:1 straight into 32-bit pixels, as SDL's alpha blit does them.
//
// Why: through SDL's software renderer each SDL_RenderCopy is a whole blit set-up (about 0.25 us),
// whatever the sprite's size: at 100,000 balls of two or three pixels that was 25 ms a frame.
// scene_renderer blends the disc atlas's sprites with this instead, into the window surface SDL
// renders to, after flushing what SDL has queued.
//
// Usage:
//   blend_sprite(target, clip, atlas_pixels, atlas_pitch, source_rect, x, y);
//
// Pixels are ARGB8888 words (the window surface's XRGB8888 reads the same; its top byte is set to
// 255). Per channel: (src * alpha >> 8) + (dst * (255 - alpha) >> 8), SDL's own integer arithmetic
// (checked against SDL_BlitSurface in tests/app/sprite_blit_test.cpp), so a frame looks the same
// whichever path drew it.

#include "app/render/triangle_raster.hpp"

#include <SDL.h>

#include <cstdint>

namespace ticklab::app {

// One pixel, blended as SDL_BlitSurface blends an ARGB8888 source with SDL_BLENDMODE_BLEND.
[[nodiscard]] std::uint32_t blend_pixel(std::uint32_t source, std::uint32_t destination) noexcept;

// Columns [begin, end) of one row of a sprite, counted from its left edge, whose pixels are all
// opaque: they are copied rather than blended (the same result, a plain copy). begin == end: none.
struct row_span {
    std::uint16_t begin = 0;
    std::uint16_t end = 0;
};

// Blends `source` (a rectangle of `sprite`, `sprite_pitch` words a row) with its top-left corner
// at (x, y), only inside `clip` and the target. `opaque`, when given, holds one row_span per row
// of `source`: a disc's middle is then copied a row at a time, and only its rim blended.
void blend_sprite(const pixel_target& target, raster_rect clip, const std::uint32_t* sprite, int sprite_pitch,
                  SDL_Rect source, int x, int y, const row_span* opaque = nullptr) noexcept;

}  // namespace ticklab::app

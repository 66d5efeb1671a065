#pragma once
// Blended, colour-interpolated, optionally textured triangles drawn straight into 32-bit pixels.
//
// Why: SDL's software renderer draws each blended triangle through a temporary surface of its own
// (allocated, mapped, blitted, freed): about 4 us a triangle whatever its size. The control panel's
// rounded frames and anti-aliased edges are ~1,300 such triangles a frame, 5 ms of a 6 ms frame.
// imgui_layer draws them with this instead, into the window surface SDL renders to.
//
// Usage:
//   pixel_target target{pixels, pitch_in_pixels, w, h, red_shift, green_shift, blue_shift};
//   raster_triangle(target, clip, {v0, v1, v2}, texture);   // texture.pixels may be null: white
//
// Corners are truncated to whole pixels first, as SDL's software renderer does, so the panel comes
// out as it did when SDL drew it (to within 3 levels per channel, from rounding). A pixel is drawn
// when its centre is inside the triangle (top-left rule: a centre on a shared edge belongs to
// exactly one of two neighbouring triangles). Colour and texture coordinates are interpolated at
// the centre; the texture is sampled nearest; the result is blended "over"
// (SDL_BLENDMODE_BLEND): dst = src * a + dst * (1 - a). Bits outside the colour channels are kept.

#include <array>
#include <cstdint>

namespace ticklab::app {

struct pixel_target {
    std::uint32_t* pixels = nullptr;
    int pitch = 0;  // in pixels
    int width = 0;
    int height = 0;
    int red_shift = 16;  // XRGB8888 / ARGB8888
    int green_shift = 8;
    int blue_shift = 0;
};

struct raster_rect {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // half-open: [x0, x1) x [y0, y1)
};

struct raster_vertex {
    float x = 0.0f, y = 0.0f;
    float u = 0.0f, v = 0.0f;
    std::uint8_t r = 255, g = 255, b = 255, a = 255;
};

struct texture_view {
    const std::uint8_t* rgba = nullptr;  // RGBA bytes, row-major; null for plain white
    int width = 0;
    int height = 0;
};

void raster_triangle(const pixel_target& target, raster_rect clip, const std::array<raster_vertex, 3>& v,
                     const texture_view& texture);

}  // namespace ticklab::app

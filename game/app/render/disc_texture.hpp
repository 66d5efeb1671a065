#pragma once
// The one texture every circle is drawn with: a white anti-aliased disc on transparent pixels,
// tinted per vertex, so all circles share one texture and one draw call.

#include <SDL.h>

#include <cstdint>
#include <vector>

namespace ticklab::app {

// RGBA bytes (row-major, size x size): white, alpha is the disc's coverage of each pixel, with a
// one-pixel soft edge so the disc stays round when scaled down.
[[nodiscard]] std::vector<std::uint8_t> disc_pixels(int size);

// nullptr (with SDL's error set) on failure. The caller owns the texture.
[[nodiscard]] SDL_Texture* create_disc_texture(SDL_Renderer* renderer, int size);

}  // namespace ticklab::app

// Balls blended straight into the window surface must look as SDL's own alpha blit made them.
#include "app/render/sprite_blit.hpp"

#include <SDL.h>
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <vector>

namespace {

using ticklab::app::blend_pixel;
using ticklab::app::blend_sprite;
using ticklab::app::pixel_target;
using ticklab::app::raster_rect;

// SDL_BlitSurface of one ARGB8888 pixel, blend mode BLEND, onto one XRGB8888 pixel.
std::uint32_t sdl_blend(std::uint32_t source, std::uint32_t destination) {
    SDL_Surface* from = SDL_CreateRGBSurfaceWithFormat(0, 1, 1, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Surface* to = SDL_CreateRGBSurfaceWithFormat(0, 1, 1, 32, SDL_PIXELFORMAT_RGB888);
    *static_cast<std::uint32_t*>(from->pixels) = source;
    *static_cast<std::uint32_t*>(to->pixels) = destination;
    SDL_SetSurfaceBlendMode(from, SDL_BLENDMODE_BLEND);
    SDL_BlitSurface(from, nullptr, to, nullptr);
    const std::uint32_t result = *static_cast<std::uint32_t*>(to->pixels);
    SDL_FreeSurface(from);
    SDL_FreeSurface(to);
    return result;
}

}  // namespace

TEST(SpriteBlit, BlendPixelMatchesSdlsAlphaBlit) {
    const std::array<std::uint32_t, 5> colours{0x000000u, 0xffffffu, 0x3a7fd8u, 0xd93f2bu, 0x10e060u};
    for (std::uint32_t alpha = 0; alpha <= 255; alpha += 17) {
        for (const std::uint32_t s : colours) {
            for (const std::uint32_t d : colours) {
                const std::uint32_t source = alpha << 24 | s;
                // The window surface has no alpha: compare the colour channels only.
                EXPECT_EQ(blend_pixel(source, 0xff000000u | d) & 0xffffffu, sdl_blend(source, d) & 0xffffffu)
                    << std::hex << "source " << source << " over " << d;
            }
        }
    }
}

TEST(SpriteBlit, SpriteLandsOnlyInsideTheClipAndTheTarget) {
    std::vector<std::uint32_t> pixels(8 * 6, 0xff000000u);
    const pixel_target target{pixels.data(), 8, 8, 6};
    const std::vector<std::uint32_t> sprite(4 * 4, 0xffabcdefu);  // opaque: a plain copy
    // Half the sprite hangs off the left edge; the clip also cuts its last row.
    blend_sprite(target, raster_rect{0, 0, 8, 3}, sprite.data(), 4, SDL_Rect{0, 0, 4, 4}, -2, 0);
    for (int y = 0; y < 6; ++y) {
        for (int x = 0; x < 8; ++x) {
            const bool inside = x < 2 && y < 3;
            EXPECT_EQ(pixels[static_cast<std::size_t>(y) * 8 + x], inside ? 0xffabcdefu : 0xff000000u)
                << "x " << x << " y " << y;
        }
    }
}

TEST(SpriteBlit, ReadsTheSourceRectangleOfTheAtlas) {
    // A 4 x 2 atlas: the right half is the sprite to draw, the left half must not show.
    const std::vector<std::uint32_t> atlas{0xff111111u, 0xff111111u, 0xff222222u, 0xff333333u,
                                           0xff111111u, 0xff111111u, 0xff444444u, 0xff555555u};
    std::vector<std::uint32_t> pixels(4 * 4, 0xff000000u);
    const pixel_target target{pixels.data(), 4, 4, 4};
    blend_sprite(target, raster_rect{0, 0, 4, 4}, atlas.data(), 4, SDL_Rect{2, 0, 2, 2}, 1, 1);
    EXPECT_EQ(pixels[1 * 4 + 1], 0xff222222u);
    EXPECT_EQ(pixels[1 * 4 + 2], 0xff333333u);
    EXPECT_EQ(pixels[2 * 4 + 1], 0xff444444u);
    EXPECT_EQ(pixels[2 * 4 + 2], 0xff555555u);
    EXPECT_EQ(pixels[0], 0xff000000u);
}

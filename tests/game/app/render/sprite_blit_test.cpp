// Balls blended straight into the window surface must look as SDL's own alpha blit made them.
#include "app/render/sprite_blit.hpp"

#include <SDL.h>
#include <gtest/gtest.h>

#include <array>
#include <cmath>
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

namespace {

// A disc-like sprite: transparent corners, a translucent rim, an opaque middle.
std::vector<std::uint32_t> rimmed_sprite(int size, std::vector<ticklab::app::row_span>& opaque) {
    std::vector<std::uint32_t> sprite(static_cast<std::size_t>(size * size));
    opaque.assign(static_cast<std::size_t>(size), {});
    const double r = size / 2.0;
    for (int y = 0; y < size; ++y) {
        for (int x = 0; x < size; ++x) {
            const double d = std::hypot(x + 0.5 - r, y + 0.5 - r);
            const std::uint32_t alpha = d < r - 1.5 ? 255u : d < r ? 128u : 0u;
            sprite[static_cast<std::size_t>(y * size + x)] = alpha << 24 | 0x00406080u;
        }
        int begin = 0;
        while (begin < size && sprite[static_cast<std::size_t>(y * size + begin)] >> 24 != 255u) ++begin;
        int end = begin;
        while (end < size && sprite[static_cast<std::size_t>(y * size + end)] >> 24 == 255u) ++end;
        opaque[static_cast<std::size_t>(y)] = {static_cast<std::uint16_t>(begin), static_cast<std::uint16_t>(end)};
    }
    return sprite;
}

}  // namespace

// Copying a row's opaque middle instead of blending it gives the same pixels, wherever the clip
// and the target's edges cut the sprite.
TEST(SpriteBlit, CopyingTheOpaqueMiddleLooksTheSameAsBlendingIt) {
    constexpr int size = 13;
    std::vector<ticklab::app::row_span> opaque;
    const std::vector<std::uint32_t> sprite = rimmed_sprite(size, opaque);
    for (const int x : {-9, -3, 0, 4, 11}) {
        for (const auto clip : {raster_rect{0, 0, 16, 16}, raster_rect{3, 2, 9, 14}, raster_rect{7, 0, 8, 16}}) {
            std::vector<std::uint32_t> blended(16 * 16);
            for (std::size_t i = 0; i < blended.size(); ++i) blended[i] = 0xff000000u | (i * 2654435761u & 0xffffffu);
            std::vector<std::uint32_t> copied = blended;
            blend_sprite(pixel_target{blended.data(), 16, 16, 16}, clip, sprite.data(), size, {0, 0, size, size}, x, 1);
            blend_sprite(pixel_target{copied.data(), 16, 16, 16}, clip, sprite.data(), size, {0, 0, size, size}, x, 1,
                         opaque.data());
            EXPECT_EQ(copied, blended) << "x " << x << " clip " << clip.x0 << "," << clip.y0;
        }
    }
}

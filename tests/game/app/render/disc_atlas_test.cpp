#include "app/render/disc_atlas.hpp"

#include <gtest/gtest.h>

#include <memory>

using ticklab::app::disc_atlas;
using ticklab::app::disc_sprite_pixels;
using ticklab::app::shelf_packer;
using ticklab::game::rgba;

namespace {

int alpha_at(const std::vector<std::uint8_t>& pixels, int size, int x, int y) {
    return pixels[(static_cast<std::size_t>(y) * static_cast<std::size_t>(size) + static_cast<std::size_t>(x)) * 4u +
                  3u];
}

bool overlap(const SDL_Rect& a, const SDL_Rect& b) {
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

// A software renderer on a plain surface: no window, no video driver.
struct surface_renderer {
    std::unique_ptr<SDL_Surface, decltype(&SDL_FreeSurface)> surface{
        SDL_CreateRGBSurfaceWithFormat(0, 64, 64, 32, SDL_PIXELFORMAT_ARGB8888), SDL_FreeSurface};
    std::unique_ptr<SDL_Renderer, decltype(&SDL_DestroyRenderer)> renderer{SDL_CreateSoftwareRenderer(surface.get()),
                                                                           SDL_DestroyRenderer};
};

}  // namespace

TEST(DiscAtlas, SpriteIsTheColourWithCoverageAsAlpha) {
    const auto pixels = disc_sprite_pixels(20, {200, 100, 50, 255});
    ASSERT_EQ(pixels.size(), 20u * 20u * 4u);
    EXPECT_EQ(alpha_at(pixels, 20, 10, 10), 255);
    EXPECT_EQ(alpha_at(pixels, 20, 0, 0), 0);
    EXPECT_EQ(alpha_at(pixels, 20, 19, 19), 0);
    EXPECT_EQ(alpha_at(pixels, 20, 0, 10), alpha_at(pixels, 20, 10, 0));    // round
    EXPECT_EQ(alpha_at(pixels, 20, 19, 10), alpha_at(pixels, 20, 10, 19));  // and centred
    EXPECT_EQ(pixels[0], 200);
    EXPECT_EQ(pixels[1], 100);
    EXPECT_EQ(pixels[2], 50);
}

TEST(DiscAtlas, SpriteAlphaScalesWithTheColoursAlpha) {
    const auto pixels = disc_sprite_pixels(20, {255, 255, 255, 128});
    EXPECT_EQ(alpha_at(pixels, 20, 10, 10), 128);
}

TEST(DiscAtlas, ShelfPackerNeverOverlapsAndSaysWhenFull) {
    shelf_packer packer{64, 64};
    std::vector<SDL_Rect> placed;
    int refused = 0;
    for (int i = 0; i < 1000; ++i) {
        const int size = 3 + i * 7 % 13;
        const auto r = packer.place(size, size);
        if (!r) {
            ++refused;
            continue;
        }
        EXPECT_GE(r->x, 0);
        EXPECT_GE(r->y, 0);
        EXPECT_LE(r->x + r->w, 64);
        EXPECT_LE(r->y + r->h, 64);
        for (const SDL_Rect& other : placed) EXPECT_FALSE(overlap(*r, other));
        placed.push_back(*r);
    }
    EXPECT_GT(placed.size(), 30u);
    EXPECT_GT(refused, 0);
    EXPECT_FALSE(packer.place(16, 16));  // full
    packer.reset();
    EXPECT_TRUE(packer.place(16, 16));
    EXPECT_FALSE(packer.place(65, 1));
    EXPECT_FALSE(packer.place(0, 5));
}

TEST(DiscAtlas, EachColourAndSizeIsDrawnOnceAndFoundAgain) {
    surface_renderer target;
    ASSERT_NE(target.renderer, nullptr);
    disc_atlas atlas{target.renderer.get()};
    atlas.begin_frame();
    const auto a = atlas.find_or_add({10, 20, 30, 255}, 12);
    const auto b = atlas.find_or_add({10, 20, 31, 255}, 12);
    const auto c = atlas.find_or_add({10, 20, 30, 255}, 13);
    ASSERT_TRUE(a && b && c);
    EXPECT_EQ(a->w, 12);
    EXPECT_EQ(c->w, 13);
    EXPECT_FALSE(overlap(*a, *b));
    EXPECT_FALSE(overlap(*a, *c));
    const auto again = atlas.find_or_add({10, 20, 30, 255}, 12);
    ASSERT_TRUE(again);
    EXPECT_EQ(again->x, a->x);
    EXPECT_EQ(again->y, a->y);
    EXPECT_EQ(atlas.sprites(), 3u);
}

TEST(DiscAtlas, RefusesSizesItCannotHold) {
    surface_renderer target;
    disc_atlas atlas{target.renderer.get()};
    EXPECT_FALSE(atlas.find_or_add({}, 0));
    EXPECT_FALSE(atlas.find_or_add({}, -3));
    EXPECT_FALSE(atlas.find_or_add({}, disc_atlas::max_diameter + 1));
    EXPECT_TRUE(atlas.find_or_add({}, disc_atlas::max_diameter));
}

TEST(DiscAtlas, AnOverflowedAtlasStartsAfreshNextFrame) {
    surface_renderer target;
    disc_atlas atlas{target.renderer.get()};
    atlas.begin_frame();
    // Every alpha value at the largest size: far more than one atlas holds.
    std::size_t refused = 0;
    for (int i = 0; i < 256; ++i) {
        if (!atlas.find_or_add({255, 255, 255, static_cast<std::uint8_t>(i)}, disc_atlas::max_diameter)) ++refused;
    }
    EXPECT_GT(refused, 0u);
    const std::size_t full = atlas.sprites();
    EXPECT_FALSE(atlas.find_or_add({1, 2, 3, 255}, disc_atlas::max_diameter));  // still full this frame
    atlas.begin_frame();
    EXPECT_EQ(atlas.sprites(), 0u);
    EXPECT_TRUE(atlas.find_or_add({1, 2, 3, 255}, disc_atlas::max_diameter));
    EXPECT_LT(atlas.sprites(), full);
}

// The atlas remembers the last sprites it found: after an overflow starts it afresh, a sprite found
// before must be drawn again, not found where another one now lies.
TEST(DiscAtlas, ASpriteFoundBeforeAnOverflowIsDrawnAgainAfterIt) {
    surface_renderer target;
    disc_atlas atlas{target.renderer.get()};
    atlas.begin_frame();
    constexpr rgba red{255, 0, 0, 255};
    constexpr rgba blue{0, 0, 255, 255};
    ASSERT_TRUE(atlas.find_or_add(red, 8));
    for (int i = 0; i < 256; ++i)
        (void)atlas.find_or_add({255, 255, 255, static_cast<std::uint8_t>(i)}, disc_atlas::max_diameter);
    ASSERT_TRUE(atlas.find_or_add(red, 8));  // still held while full, and remembered
    atlas.begin_frame();
    ASSERT_TRUE(atlas.find_or_add(blue, 8));  // takes the first place, where red was
    const auto again = atlas.find_or_add(red, 8);
    ASSERT_TRUE(again);
    EXPECT_EQ(atlas.sprites(), 2u);
    const std::uint32_t middle = atlas.pixels()[static_cast<std::size_t>(again->y + 4) * disc_atlas::atlas_size +
                                                static_cast<std::size_t>(again->x + 4)];
    EXPECT_EQ(middle, 0xffff0000u);  // ARGB: opaque red
}

#include "app/render/disc_texture.hpp"

#include <gtest/gtest.h>

namespace {

int alpha_at(const std::vector<std::uint8_t>& pixels, int size, int x, int y) {
    return pixels[(static_cast<std::size_t>(y) * static_cast<std::size_t>(size) + static_cast<std::size_t>(x)) * 4u +
                  3u];
}

}  // namespace

TEST(DiscTexture, OpaqueInsideTransparentOutsideSoftAtTheEdge) {
    constexpr int size = 64;
    const auto pixels = ticklab::app::disc_pixels(size);
    ASSERT_EQ(pixels.size(), static_cast<std::size_t>(size * size * 4));
    EXPECT_EQ(alpha_at(pixels, size, 32, 32), 255);
    EXPECT_EQ(alpha_at(pixels, size, 0, 0), 0);
    EXPECT_EQ(alpha_at(pixels, size, 63, 63), 0);
    // Somewhere along the row through the centre the edge is partly covered: anti-aliased.
    bool partial = false;
    for (int x = 0; x < size; ++x) {
        const int a = alpha_at(pixels, size, x, 32);
        partial = partial || (a > 0 && a < 255);
    }
    EXPECT_TRUE(partial);
    EXPECT_EQ(pixels[0], 255);  // white everywhere: colour comes from the vertices
}

TEST(DiscTexture, IsRound) {
    constexpr int size = 64;
    const auto pixels = ticklab::app::disc_pixels(size);
    EXPECT_EQ(alpha_at(pixels, size, 1, 32), alpha_at(pixels, size, 32, 1));
    EXPECT_EQ(alpha_at(pixels, size, 62, 32), alpha_at(pixels, size, 32, 62));
}

#include "app/render/triangle_raster.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <vector>

using ticklab::app::pixel_target;
using ticklab::app::raster_rect;
using ticklab::app::raster_triangle;
using ticklab::app::raster_vertex;
using ticklab::app::texture_view;

namespace {

struct canvas {
    int width;
    int height;
    std::vector<std::uint32_t> pixels;

    canvas(int w, int h) : width{w}, height{h}, pixels(static_cast<std::size_t>(w * h), 0xFF000000u) {}
    [[nodiscard]] pixel_target target() { return {pixels.data(), width, width, height, 16, 8, 0}; }
    [[nodiscard]] raster_rect all() const { return {0, 0, width, height}; }
    [[nodiscard]] int red(int x, int y) const {
        return static_cast<int>(pixels[static_cast<std::size_t>(y * width + x)] >> 16 & 0xFFu);
    }
    [[nodiscard]] int count_red() const {
        int n = 0;
        for (const std::uint32_t p : pixels) n += (p >> 16 & 0xFFu) != 0 ? 1 : 0;
        return n;
    }
};

raster_vertex at(float x, float y, std::uint8_t r = 255, std::uint8_t a = 255) {
    return {x, y, 0.0f, 0.0f, r, 0, 0, a};
}

}  // namespace

TEST(TriangleRaster, FillsThePixelsWhoseCentresAreInside) {
    canvas c{8, 8};
    raster_triangle(c.target(), c.all(), {at(0, 0), at(4, 0), at(0, 4)}, {});
    // Centres (x + 0.5, y + 0.5) with x + y + 1 < 4, plus those on the diagonal the rule keeps.
    EXPECT_EQ(c.red(0, 0), 255);
    EXPECT_EQ(c.red(2, 0), 255);
    EXPECT_EQ(c.red(3, 3), 0);
    EXPECT_EQ(c.red(5, 0), 0);
    EXPECT_GE(c.count_red(), 6);
    EXPECT_LE(c.count_red(), 10);
}

TEST(TriangleRaster, TwoHalvesOfASquareCoverEachPixelOnce) {
    canvas c{8, 8};
    // Half-transparent: a pixel drawn twice would be brighter than one drawn once.
    raster_triangle(c.target(), c.all(), {at(1, 1, 255, 128), at(7, 1, 255, 128), at(7, 7, 255, 128)}, {});
    raster_triangle(c.target(), c.all(), {at(1, 1, 255, 128), at(7, 7, 255, 128), at(1, 7, 255, 128)}, {});
    for (int y = 0; y < 8; ++y) {
        for (int x = 0; x < 8; ++x) {
            const bool inside = x >= 1 && x < 7 && y >= 1 && y < 7;
            EXPECT_EQ(c.red(x, y), inside ? 128 : 0) << x << "," << y;
        }
    }
}

TEST(TriangleRaster, WindingDoesNotMatter) {
    canvas a{8, 8};
    canvas b{8, 8};
    raster_triangle(a.target(), a.all(), {at(0, 0), at(6, 1), at(2, 7)}, {});
    raster_triangle(b.target(), b.all(), {at(0, 0), at(2, 7), at(6, 1)}, {});
    EXPECT_EQ(a.pixels, b.pixels);
    EXPECT_GT(a.count_red(), 10);
}

TEST(TriangleRaster, StaysInsideTheClipAndTheTarget) {
    canvas c{8, 8};
    raster_triangle(c.target(), {2, 2, 5, 5}, {at(-100, -100), at(100, -100), at(0, 100)}, {});
    EXPECT_EQ(c.count_red(), 9);
    EXPECT_EQ(c.red(2, 2), 255);
    EXPECT_EQ(c.red(4, 4), 255);
    EXPECT_EQ(c.red(5, 5), 0);
    canvas d{8, 8};
    raster_triangle(d.target(), d.all(), {at(-1e9f, -1e9f), at(1e9f, -1e9f), at(0, 1e9f)}, {});
    EXPECT_EQ(d.count_red(), 64);
}

TEST(TriangleRaster, DegenerateAndNonFiniteTrianglesDrawNothing) {
    canvas c{8, 8};
    raster_triangle(c.target(), c.all(), {at(0, 0), at(4, 4), at(8, 8)}, {});
    raster_triangle(c.target(), c.all(), {at(0, 0), at(std::numeric_limits<float>::quiet_NaN(), 4), at(8, 0)}, {});
    raster_triangle(c.target(), c.all(), {at(0, 0), at(std::numeric_limits<float>::infinity(), 4), at(8, 0)}, {});
    EXPECT_EQ(c.count_red(), 0);
}

TEST(TriangleRaster, BlendsOverWhatIsThere) {
    canvas c{4, 4};
    for (auto& p : c.pixels) p = 0xFF00C8FFu;  // red 0, green 200, blue 255
    raster_triangle(c.target(), c.all(), {at(0, 0, 255, 64), at(8, 0, 255, 64), at(0, 8, 255, 64)}, {});
    const std::uint32_t p = c.pixels[0];
    EXPECT_EQ(p >> 16 & 0xFFu, 64u);  // 255 * 64/255
    EXPECT_EQ(p >> 8 & 0xFFu, 150u);  // 200 * 191/255
    EXPECT_EQ(p & 0xFFu, 191u);       // 255 * 191/255
    EXPECT_EQ(p >> 24, 0xFFu);        // bits outside the colour channels are kept
}

TEST(TriangleRaster, InterpolatesColourAcrossTheTriangle) {
    canvas c{16, 1};
    // Red fades from 255 on the left to 0 on the right.
    raster_triangle(c.target(), c.all(), {at(0, -8, 255), at(16, 0, 0), at(0, 8, 255)}, {});
    EXPECT_GT(c.red(0, 0), 230);
    EXPECT_GT(c.red(4, 0), c.red(10, 0));
    EXPECT_LT(c.red(14, 0), 40);
}

TEST(TriangleRaster, SamplesTheTexture) {
    // 2x1 texture: left texel opaque, right texel transparent.
    const std::uint8_t texels[] = {255, 255, 255, 255, 255, 255, 255, 0};
    const texture_view texture{texels, 2, 1};
    canvas c{8, 8};
    auto v = [](float x, float y, float u) { return raster_vertex{x, y, u, 0.5f, 255, 0, 0, 255}; };
    raster_triangle(c.target(), c.all(), {v(0, -8, 0.0f), v(8, -8, 1.0f), v(8, 16, 1.0f)}, texture);
    raster_triangle(c.target(), c.all(), {v(0, -8, 0.0f), v(8, 16, 1.0f), v(0, 16, 0.0f)}, texture);
    EXPECT_EQ(c.red(1, 4), 255);  // u < 0.5: the opaque texel
    EXPECT_EQ(c.red(6, 4), 0);    // u > 0.5: the transparent one
}

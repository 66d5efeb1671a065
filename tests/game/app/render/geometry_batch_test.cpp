#include "app/render/geometry_batch.hpp"

#include <gtest/gtest.h>

using ticklab::app::geometry_batch;
using ticklab::app::world_view;
using ticklab::game::draw_list;

namespace {

draw_list many_balls(int count) {
    draw_list list;
    list.world_size = {100.0f, 100.0f};
    for (int i = 0; i < count; ++i) {
        list.circles.push_back(
            {{static_cast<float>(i % 100), static_cast<float>(i / 100 % 100)}, 1.0f, {10, 20, 30, 255}});
    }
    return list;
}

const world_view square_view{{100.0f, 100.0f}, {0.0f, 0.0f, 400.0f, 400.0f}};

}  // namespace

TEST(GeometryBatch, EveryCircleIsOneTexturedQuadInOneBatch) {
    geometry_batch batch;
    batch.build(many_balls(100'000), square_view, 1.0f);
    EXPECT_EQ(batch.discs.vertices.size(), 100'000u * geometry_batch::vertices_per_circle);
    EXPECT_EQ(batch.discs.indices.size(), 100'000u * geometry_batch::indices_per_circle);
    EXPECT_TRUE(batch.shapes.vertices.empty());
}

TEST(GeometryBatch, CircleQuadCoversTheDiscAndCarriesItsColour) {
    draw_list list;
    list.circles.push_back({{50.0f, 25.0f}, 5.0f, {200, 100, 50, 128}});
    geometry_batch batch;
    batch.build(list, square_view, 1.0f);
    ASSERT_EQ(batch.discs.vertices.size(), 4u);
    // Centre (200, 300) on screen, radius 20 px; texture coordinates span the whole disc texture.
    const SDL_Vertex& first = batch.discs.vertices[0];
    const SDL_Vertex& third = batch.discs.vertices[2];
    EXPECT_FLOAT_EQ(first.position.x, 180.0f);
    EXPECT_FLOAT_EQ(first.position.y, 280.0f);
    EXPECT_FLOAT_EQ(third.position.x, 220.0f);
    EXPECT_FLOAT_EQ(third.position.y, 320.0f);
    EXPECT_FLOAT_EQ(first.tex_coord.x, 0.0f);
    EXPECT_FLOAT_EQ(third.tex_coord.y, 1.0f);
    EXPECT_EQ(first.color.r, 200);
    EXPECT_EQ(first.color.a, 128);
}

TEST(GeometryBatch, TinyCirclesStayVisible) {
    draw_list list;
    list.circles.push_back({{50.0f, 50.0f}, 0.001f, {}});
    geometry_batch batch;
    batch.build(list, square_view, 1.0f);
    const float width = batch.discs.vertices[1].position.x - batch.discs.vertices[0].position.x;
    EXPECT_FLOAT_EQ(width, 2.0f * geometry_batch::min_circle_radius_px);
}

TEST(GeometryBatch, TrianglesThenLinesShareOneBatchWithLinesLast) {
    draw_list list;
    list.lines.push_back({{0.0f, 0.0f}, {10.0f, 0.0f}, {1, 2, 3, 255}});
    list.triangles.push_back({{0.0f, 0.0f}, {10.0f, 0.0f}, {0.0f, 10.0f}, {9, 9, 9, 255}});
    geometry_batch batch;
    batch.build(list, square_view, 2.0f);
    ASSERT_EQ(batch.shapes.vertices.size(), 3u + 4u);
    ASSERT_EQ(batch.shapes.indices.size(), 3u + 6u);
    EXPECT_EQ(batch.shapes.vertices[0].color.r, 9);
    EXPECT_EQ(batch.shapes.vertices[3].color.r, 1);
    // A horizontal line 2 px wide: its quad spans one pixel either side of y.
    EXPECT_FLOAT_EQ(batch.shapes.vertices[3].position.y - batch.shapes.vertices[6].position.y, 2.0f);
}

TEST(GeometryBatch, ReusesItsBuffersFrameAfterFrame) {
    const draw_list list = many_balls(1'000);
    geometry_batch batch;
    batch.build(list, square_view, 1.0f);
    const SDL_Vertex* storage = batch.discs.vertices.data();
    const auto capacity = batch.discs.vertices.capacity();
    for (int frame = 0; frame < 10; ++frame) batch.build(list, square_view, 1.0f);
    EXPECT_EQ(batch.discs.vertices.data(), storage);
    EXPECT_EQ(batch.discs.vertices.capacity(), capacity);
}

TEST(GeometryBatch, ZeroLengthLinesAreSkipped) {
    draw_list list;
    list.lines.push_back({{5.0f, 5.0f}, {5.0f, 5.0f}, {}});
    geometry_batch batch;
    batch.build(list, square_view, 1.0f);
    EXPECT_TRUE(batch.shapes.vertices.empty());
}

TEST(GeometryBatch, BuildShapesLeavesCirclesToTheCaller) {
    draw_list list = many_balls(10);
    list.triangles.push_back({{0.0f, 0.0f}, {1.0f, 0.0f}, {0.0f, 1.0f}, {}});
    geometry_batch batch;
    batch.build_shapes(list, square_view, 1.0f);
    EXPECT_TRUE(batch.discs.vertices.empty());
    EXPECT_EQ(batch.shapes.vertices.size(), 3u);
    batch.add_circle(list.circles[0], square_view);
    EXPECT_EQ(batch.discs.vertices.size(), static_cast<std::size_t>(geometry_batch::vertices_per_circle));
}

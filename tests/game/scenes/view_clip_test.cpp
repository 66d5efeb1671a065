#include "scenes/view_clip.hpp"

#include <gtest/gtest.h>

#include <cmath>

using ticklab::game::clip_to_view;
using ticklab::game::draw_list;
using ticklab::game::rgba;
using ticklab::game::vec2;

namespace {

// Shows [10, 20] x [0, 10].
draw_list view() {
    draw_list list;
    list.world_origin = {10.0f, 0.0f};
    list.world_size = {10.0f, 10.0f};
    return list;
}

double area(vec2 a, vec2 b, vec2 c) {
    return 0.5 * std::abs(static_cast<double>((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)));
}

}  // namespace

TEST(ViewClip, KeepsWhatIsInsideAndDropsWhatIsOutside) {
    draw_list list = view();
    const rgba red{255, 0, 0, 255};
    list.triangles.push_back({{11, 1}, {19, 1}, {15, 9}, red});  // inside
    list.triangles.push_back({{0, 1}, {5, 1}, {2, 9}, red});     // left of the view
    list.lines.push_back({{12, 2}, {18, 8}, red});               // inside
    list.lines.push_back({{25, 2}, {30, 8}, red});               // right of it
    const auto kept_triangle = list.triangles[0];
    const auto kept_line = list.lines[0];
    clip_to_view(list);
    ASSERT_EQ(list.triangles.size(), 1u);
    EXPECT_EQ(list.triangles[0], kept_triangle);
    ASSERT_EQ(list.lines.size(), 1u);
    EXPECT_EQ(list.lines[0], kept_line);
}

TEST(ViewClip, CutsShapesAcrossTheEdgeAtIt) {
    draw_list list = view();
    const rgba green{0, 255, 0, 255};
    // A ground slab from x 0 to 30, y 0 to 5: inside, the 10 x 5 rectangle of the view.
    list.triangles.push_back({{0, 0}, {30, 0}, {30, 5}, green});
    list.triangles.push_back({{0, 0}, {30, 5}, {0, 5}, green});
    list.lines.push_back({{0, 5}, {30, 5}, green});
    clip_to_view(list);
    double total = 0.0;
    for (const auto& t : list.triangles) {
        EXPECT_EQ(t.fill, green);
        for (const vec2 p : {t.a, t.b, t.c}) {
            EXPECT_GE(p.x, 10.0f);
            EXPECT_LE(p.x, 20.0f);
        }
        total += area(t.a, t.b, t.c);
    }
    EXPECT_NEAR(total, 50.0, 1e-3);
    ASSERT_EQ(list.lines.size(), 1u);
    EXPECT_FLOAT_EQ(list.lines[0].from.x, 10.0f);
    EXPECT_FLOAT_EQ(list.lines[0].to.x, 20.0f);
    EXPECT_FLOAT_EQ(list.lines[0].to.y, 5.0f);
}

TEST(ViewClip, LeavesShapesBeforeTheFirstOnesGivenAlone) {
    draw_list list = view();
    const rgba blue{0, 0, 255, 255};
    list.triangles.push_back({{0, 0}, {1, 0}, {0, 1}, blue});  // outside, but drawn by someone else
    list.lines.push_back({{0, 0}, {1, 1}, blue});
    list.triangles.push_back({{0, 0}, {1, 0}, {0, 1}, blue});  // outside, ours
    list.lines.push_back({{0, 0}, {1, 1}, blue});
    clip_to_view(list, 1, 1);
    EXPECT_EQ(list.triangles.size(), 1u);
    EXPECT_EQ(list.lines.size(), 1u);
}

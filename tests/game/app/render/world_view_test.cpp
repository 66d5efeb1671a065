#include "app/render/world_view.hpp"

#include <gtest/gtest.h>

using ticklab::app::screen_rect;
using ticklab::app::world_view;
using ticklab::game::vec2;

TEST(WorldView, KeepsAspectAndCentresInTheArea) {
    // A 2:1 world in a square area: full width, letterboxed top and bottom.
    const world_view view{{200.0f, 100.0f}, {0.0f, 0.0f, 400.0f, 400.0f}};
    EXPECT_FLOAT_EQ(view.scale(), 2.0f);
    EXPECT_FLOAT_EQ(view.viewport().x, 0.0f);
    EXPECT_FLOAT_EQ(view.viewport().y, 100.0f);
    EXPECT_FLOAT_EQ(view.viewport().w, 400.0f);
    EXPECT_FLOAT_EQ(view.viewport().h, 200.0f);
}

TEST(WorldView, FlipsYSoWorldUpIsScreenUp) {
    const world_view view{{100.0f, 100.0f}, {10.0f, 20.0f, 200.0f, 200.0f}};
    const vec2 bottom_left = view.to_screen({0.0f, 0.0f});
    const vec2 top_right = view.to_screen({100.0f, 100.0f});
    EXPECT_FLOAT_EQ(bottom_left.x, 10.0f);
    EXPECT_FLOAT_EQ(bottom_left.y, 220.0f);
    EXPECT_FLOAT_EQ(top_right.x, 210.0f);
    EXPECT_FLOAT_EQ(top_right.y, 20.0f);
}

TEST(WorldView, ToWorldUndoesToScreen) {
    const world_view view{{160.0f, 90.0f}, {0.0f, 0.0f, 910.0f, 720.0f}};
    const vec2 p{37.5f, 81.25f};
    const vec2 back = view.to_world(view.to_screen(p));
    EXPECT_NEAR(back.x, p.x, 1e-3f);
    EXPECT_NEAR(back.y, p.y, 1e-3f);
}

TEST(WorldView, DegenerateSizesDoNotDivideByZero) {
    const world_view view{{0.0f, 100.0f}, {0.0f, 0.0f, 100.0f, 100.0f}};
    EXPECT_EQ(view.scale(), 0.0f);
    const vec2 w = view.to_world({50.0f, 50.0f});
    EXPECT_EQ(w.x, 0.0f);
    EXPECT_EQ(w.y, 0.0f);
}

TEST(WorldView, OriginIsTheCamerasBottomLeftCorner) {
    const world_view view{{80.0f, 45.0f}, {0.0f, 0.0f, 800.0f, 450.0f}, {100.0f, 20.0f}};
    const vec2 corner = view.to_screen({100.0f, 20.0f});
    EXPECT_NEAR(corner.x, 0.0f, 1e-3f);
    EXPECT_NEAR(corner.y, 450.0f, 1e-3f);
    const vec2 back = view.to_world(view.to_screen({130.0f, 41.0f}));
    EXPECT_NEAR(back.x, 130.0f, 1e-3f);
    EXPECT_NEAR(back.y, 41.0f, 1e-3f);
}

TEST(WorldView, FittedWorldLeavesAWallMarginInsideItsArea) {
    // 1.5% of the smaller side (720): 10 whole pixels on every side, inside which a 16:9 world fits.
    const screen_rect area{0.0f, 0.0f, 910.0f, 720.0f};
    const screen_rect inner = ticklab::app::inside_wall_margin(area);
    EXPECT_EQ(inner.x, 10.0f);
    EXPECT_EQ(inner.y, 10.0f);
    EXPECT_EQ(inner.w, 910.0f - 20.0f);
    EXPECT_EQ(inner.h, 720.0f - 20.0f);
    const world_view view = ticklab::app::fitted_world({160.0f, 90.0f}, area);
    EXPECT_FLOAT_EQ(view.viewport().x, 10.0f);
    EXPECT_FLOAT_EQ(view.viewport().w, 910.0f - 20.0f);
    EXPECT_GT(view.viewport().y, 10.0f);
    // A small view keeps a margin of min_wall_margin pixels (1.5% of 100 would be 1).
    const screen_rect small = ticklab::app::inside_wall_margin({0.0f, 0.0f, 150.0f, 100.0f});
    EXPECT_EQ(small.x, ticklab::app::min_wall_margin);
    EXPECT_EQ(small.w, 150.0f - 2.0f * ticklab::app::min_wall_margin);
    const screen_rect none = ticklab::app::inside_wall_margin({5.0f, 5.0f, 0.0f, 0.0f});
    EXPECT_EQ(none.w, 0.0f);
    EXPECT_EQ(none.h, 0.0f);
}

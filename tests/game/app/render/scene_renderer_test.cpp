#include "app/render/scene_renderer.hpp"

#include "app/render/theme.hpp"

#include <gtest/gtest.h>

#include <memory>

using ticklab::app::scene_renderer;
using ticklab::app::screen_rect;

namespace {

// A software renderer on a plain surface, which starts out in a colour nothing draws.
struct surface_renderer {
    std::unique_ptr<SDL_Surface, decltype(&SDL_FreeSurface)> surface;
    std::unique_ptr<SDL_Renderer, decltype(&SDL_DestroyRenderer)> renderer;

    surface_renderer(int w, int h)
        : surface{SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888), SDL_FreeSurface},
          renderer{SDL_CreateSoftwareRenderer(surface.get()), SDL_DestroyRenderer} {
        SDL_FillRect(surface.get(), nullptr, marker);
        SDL_SetRenderDrawBlendMode(renderer.get(), SDL_BLENDMODE_BLEND);  // as the window sets it
    }
    [[nodiscard]] Uint32 pixel(int x, int y) {
        SDL_RenderFlush(renderer.get());
        return static_cast<const Uint32*>(surface->pixels)[y * surface->pitch / 4 + x];
    }
    [[nodiscard]] Uint32 map(ticklab::game::rgba c) const { return SDL_MapRGB(surface->format, c.r, c.g, c.b); }

    static constexpr Uint32 marker = 0xFFFF00FFu;
};

}  // namespace

TEST(SceneRenderer, LetterboxAndWorldCoverTheWholeAreaWithoutASeam) {
    // Fractional areas and worlds of either aspect: every pixel of the area is the letterbox or the
    // world's background, never left as it was.
    for (const screen_rect area : {screen_rect{0.0f, 0.0f, 97.0f, 61.0f}, screen_rect{3.3f, 1.7f, 90.6f, 58.9f},
                                   screen_rect{0.0f, 0.0f, 41.0f, 63.0f}}) {
        for (const ticklab::game::vec2 world : {ticklab::game::vec2{160.0f, 90.0f}, ticklab::game::vec2{33.0f, 100.0f},
                                                ticklab::game::vec2{7.0f, 3.0f}}) {
            surface_renderer target{100, 64};
            scene_renderer renderer{target.renderer.get()};
            ticklab::game::draw_list list;
            list.world_size = world;
            list.background = {12, 14, 22, 255};
            renderer.draw(list, area, 1.0f);
            const screen_rect& inside = renderer.view().viewport();
            for (int y = static_cast<int>(area.y); y < static_cast<int>(area.y) + static_cast<int>(area.h); ++y) {
                for (int x = static_cast<int>(area.x); x < static_cast<int>(area.x) + static_cast<int>(area.w); ++x) {
                    const Uint32 p = target.pixel(x, y);
                    ASSERT_NE(p, surface_renderer::marker) << x << "," << y;
                }
            }
            // The world's middle is its background; a corner of the area outside it is letterbox.
            const int cx = static_cast<int>(inside.x + inside.w / 2);
            const int cy = static_cast<int>(inside.y + inside.h / 2);
            EXPECT_EQ(target.pixel(cx, cy), target.map(list.background));
            if (inside.y - area.y >= 2.0f) {
                EXPECT_EQ(target.pixel(static_cast<int>(area.x) + 1, static_cast<int>(area.y)),
                          target.map(ticklab::app::theme::letterbox));
            }
            EXPECT_EQ(target.pixel(99, 63), surface_renderer::marker);  // outside the area: untouched
        }
    }
}

TEST(SceneRenderer, TranslucentWorldBackgroundShowsTheLetterboxThrough) {
    surface_renderer target{40, 40};
    scene_renderer renderer{target.renderer.get()};
    ticklab::game::draw_list list;
    list.world_size = {10.0f, 10.0f};
    list.background = {255, 255, 255, 0};  // fully transparent: the letterbox colour everywhere
    renderer.draw(list, {0.0f, 0.0f, 40.0f, 40.0f}, 1.0f);
    EXPECT_EQ(target.pixel(20, 20), target.map(ticklab::app::theme::letterbox));
}

TEST(SceneRenderer, ABallPastTheRightWallIsDrawnPastItButNeverRightOfTheSceneArea) {
    // Issue 22, finding 10: shapes were clipped to the box, so the overshoot lesson's ball drawn on
    // into a wall was cut flat at it, and the box's right wall was the panel's edge. Here the scene
    // area is the left 150 of 200 pixels; the rest stands for the panel.
    surface_renderer target{200, 100};
    scene_renderer renderer{target.renderer.get()};
    ticklab::game::draw_list list;
    list.world_size = {160.0f, 90.0f};
    list.background = {12, 14, 22, 255};
    constexpr ticklab::game::rgba ball{250, 60, 90, 255};
    list.circles.push_back({{162.0f, 45.0f}, 4.0f, ball});  // centred 2 units right of the wall
    const screen_rect area{0.0f, 0.0f, 150.0f, 100.0f};
    renderer.draw(list, area, 1.0f);
    const screen_rect& box = renderer.view().viewport();
    ASSERT_LT(box.x + box.w, area.w - 2.0f) << "a margin between the box's right wall and the area's edge";
    int past_the_wall = 0;
    for (int y = 0; y < 100; ++y) {
        for (int x = 0; x < 200; ++x) {
            const Uint32 p = target.pixel(x, y);
            if (x >= 150) {
                ASSERT_EQ(p, surface_renderer::marker) << "drawn right of the scene area at " << x << "," << y;
            } else if (static_cast<float>(x) > box.x + box.w + 1.0f && p == target.map(ball)) {
                ++past_the_wall;
            }
        }
    }
    EXPECT_GT(past_the_wall, 4) << "the ball's pixels right of the box's right wall";
}

TEST(SceneRenderer, ABallFarPastTheWallIsCutAtTheSceneAreaAlsoWhenDrawnInParts) {
    // A partial redraw's limit and the scene area together: nothing lands outside either.
    surface_renderer target{200, 100};
    scene_renderer renderer{target.renderer.get()};
    ticklab::game::draw_list list;
    list.world_size = {160.0f, 90.0f};
    list.background = {12, 14, 22, 255};
    list.circles.push_back({{175.0f, 45.0f}, 30.0f, {250, 60, 90, 255}});  // huge: drawn as geometry
    list.triangles.push_back({{150.0f, 0.0f}, {400.0f, 0.0f}, {400.0f, 90.0f}, {90, 250, 60, 255}});
    const SDL_Rect limit{100, 20, 100, 60};
    renderer.draw(list, {0.0f, 0.0f, 150.0f, 100.0f}, 1.0f, &limit);
    for (int y = 0; y < 100; ++y) {
        for (int x = 0; x < 200; ++x) {
            const bool inside = x >= 100 && x < 150 && y >= 20 && y < 80;
            if (!inside) {
                ASSERT_EQ(target.pixel(x, y), surface_renderer::marker) << x << "," << y;
            }
        }
    }
}

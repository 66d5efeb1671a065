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

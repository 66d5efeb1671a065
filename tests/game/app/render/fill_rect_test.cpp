#include "app/render/fill_rect.hpp"

#include <gtest/gtest.h>

#include <memory>

namespace {

struct surface_renderer {
    std::unique_ptr<SDL_Surface, decltype(&SDL_FreeSurface)> surface{
        SDL_CreateRGBSurfaceWithFormat(0, 8, 8, 32, SDL_PIXELFORMAT_ARGB8888), SDL_FreeSurface};
    std::unique_ptr<SDL_Renderer, decltype(&SDL_DestroyRenderer)> renderer{SDL_CreateSoftwareRenderer(surface.get()),
                                                                           SDL_DestroyRenderer};

    SDL_Color pixel(int x, int y) {
        SDL_RenderFlush(renderer.get());
        const auto* row = static_cast<const std::uint8_t*>(surface->pixels) + y * surface->pitch;
        SDL_Color c{};
        SDL_GetRGBA(reinterpret_cast<const Uint32*>(row)[x], surface->format, &c.r, &c.g, &c.b, &c.a);
        return c;
    }
};

}  // namespace

TEST(FillRect, OpaqueColourIsWrittenExactlyAndTheBlendModeKept) {
    surface_renderer t;
    SDL_SetRenderDrawBlendMode(t.renderer.get(), SDL_BLENDMODE_BLEND);
    ticklab::app::fill_rect(t.renderer.get(), {0, 0, 8, 8}, {200, 100, 50, 255});
    const SDL_Color c = t.pixel(3, 3);
    EXPECT_EQ(c.r, 200);
    EXPECT_EQ(c.g, 100);
    EXPECT_EQ(c.b, 50);
    SDL_BlendMode mode = SDL_BLENDMODE_NONE;
    SDL_GetRenderDrawBlendMode(t.renderer.get(), &mode);
    EXPECT_EQ(mode, SDL_BLENDMODE_BLEND);
}

TEST(FillRect, TranslucentColourBlendsOverWhatIsThere) {
    surface_renderer t;
    SDL_SetRenderDrawBlendMode(t.renderer.get(), SDL_BLENDMODE_NONE);
    ticklab::app::fill_rect(t.renderer.get(), {0, 0, 8, 8}, {200, 200, 200, 255});
    ticklab::app::fill_rect(t.renderer.get(), {0, 0, 8, 8}, {0, 0, 0, 128});
    const SDL_Color c = t.pixel(3, 3);
    EXPECT_GT(c.r, 80);  // about half of 200, not black
    EXPECT_LT(c.r, 120);
    SDL_BlendMode mode = SDL_BLENDMODE_BLEND;
    SDL_GetRenderDrawBlendMode(t.renderer.get(), &mode);
    EXPECT_EQ(mode, SDL_BLENDMODE_NONE);
}

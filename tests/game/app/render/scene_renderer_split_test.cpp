// A frame of many balls drawn on a pool of workers (game/app/render/scene_renderer_split.cpp) has
// the pixels the calling thread alone draws: in a hidden window on SDL's software renderer (SDL's
// offscreen driver), where the balls are blended straight into the window surface.
#include "app/platform/sdl_runtime.hpp"
#include "app/render/scene_renderer.hpp"

#include <ticklab/worker_pool.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

namespace {

namespace app = ticklab::app;
namespace game = ticklab::game;

constexpr int width = 640;
constexpr int height = 360;
constexpr std::uint32_t marker = 0xFFFF00FFu;

// Overlapping balls, most of them low in the box as in a landed pile (so the bands are unequal),
// some translucent, a few too large for the atlas or far outside the window.
game::draw_list many_balls(std::size_t count, int colours, std::uint32_t seed) {
    game::draw_list list;
    list.world_size = {160.0f, 90.0f};
    list.background = {12, 14, 22, 255};
    std::mt19937 random{seed};
    const auto uniform = [&](float low, float high) {
        return std::uniform_real_distribution<float>{low, high}(random);
    };
    for (std::size_t k = 0; k < count; ++k) {
        const float y = k % 4 == 0 ? uniform(0.0f, 90.0f) : uniform(0.0f, 20.0f);
        const auto c = static_cast<std::uint8_t>(random() % static_cast<unsigned>(colours));
        const std::uint8_t alpha = k % 3 == 0 ? std::uint8_t{160} : std::uint8_t{255};
        list.circles.push_back(
            {{uniform(-5.0f, 165.0f), y}, uniform(0.2f, 3.0f), {c, static_cast<std::uint8_t>(255 - c), 90, alpha}});
    }
    list.circles.push_back({{80.0f, 45.0f}, 40.0f, {250, 60, 90, 200}});    // too large: the scaled batch
    list.circles.push_back({{1.0e9f, 10.0f}, 1.0f, {250, 250, 250, 255}});  // too far for whole pixels
    return list;
}

// The window surface's pixels after each list is drawn, in turn, by one renderer on `workers`
// (null: the calling thread), within `limit` when given.
std::vector<std::vector<std::uint32_t>> draw_frames(const std::vector<game::draw_list>& lists,
                                                    ticklab::worker_pool* workers, const SDL_Rect* limit = nullptr) {
    SDL_Window* window = SDL_CreateWindow("split", 0, 0, width, height, SDL_WINDOW_HIDDEN);
    EXPECT_NE(window, nullptr) << SDL_GetError();
    SDL_Renderer* renderer = window != nullptr ? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE) : nullptr;
    EXPECT_NE(renderer, nullptr) << SDL_GetError();
    std::vector<std::vector<std::uint32_t>> frames;
    if (renderer != nullptr) {
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND);  // as the window sets it
        // A colour nothing draws: a new window's surface may hold what an earlier window left.
        SDL_FillRect(SDL_GetWindowSurface(window), nullptr, marker);
        app::scene_renderer view{renderer, workers, app::scene_renderer::split_rule::always};
        for (const game::draw_list& list : lists) {
            view.draw(list, {0.0f, 0.0f, static_cast<float>(width), static_cast<float>(height)}, 1.0f, limit);
            SDL_RenderFlush(renderer);
            const SDL_Surface* surface = SDL_GetWindowSurface(window);
            std::vector<std::uint32_t> pixels;
            for (int y = 0; y < surface->h; ++y) {
                const auto* row = static_cast<const std::uint32_t*>(surface->pixels) + y * (surface->pitch / 4);
                pixels.insert(pixels.end(), row, row + surface->w);
            }
            frames.push_back(std::move(pixels));
        }
        SDL_DestroyRenderer(renderer);
    }
    if (window != nullptr) SDL_DestroyWindow(window);
    return frames;
}

// Pixels that differ between two frames of the same size (all of them when the sizes differ).
std::size_t differing(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b) {
    if (a.size() != b.size()) return std::max(a.size(), b.size());
    std::size_t count = 0;
    for (std::size_t k = 0; k < a.size(); ++k) count += a[k] != b[k] ? 1 : 0;
    return count;
}

class SceneRendererSplit : public ::testing::Test {
protected:
    app::sdl_runtime sdl{true};
};

TEST_F(SceneRendererSplit, TwoWorkersDrawThePixelsOneDraws) {
    // Two frames: the first adds every sprite to the atlas, the second finds them all there.
    const std::vector<game::draw_list> lists{many_balls(20'000, 8, 1), many_balls(20'000, 8, 2)};
    const auto alone = draw_frames(lists, nullptr);
    const auto split = draw_frames(lists, &ticklab::shared_worker_pool(2));
    ASSERT_EQ(alone.size(), 2u);
    ASSERT_EQ(split.size(), 2u);
    for (std::size_t f = 0; f < 2; ++f) {
        EXPECT_GT(differing(alone[f], std::vector<std::uint32_t>(alone[f].size(), alone[f][0])), 10'000u)
            << "frame " << f << " shows the balls";
        EXPECT_EQ(differing(alone[f], split[f]), 0u) << "frame " << f;
    }
}

TEST_F(SceneRendererSplit, AnAtlasThatOverflowsGivesThePixelsOneThreadGives) {
    // 200 colours by about 50 diameters do not fit the atlas: the sprites it cannot take are drawn
    // the scaled way, the same circles whichever path found them missing; the next frame starts
    // the atlas again.
    const std::vector<game::draw_list> lists{many_balls(30'000, 200, 3), many_balls(30'000, 200, 4)};
    const auto alone = draw_frames(lists, nullptr);
    const auto split = draw_frames(lists, &ticklab::shared_worker_pool(2));
    ASSERT_EQ(split.size(), alone.size());
    for (std::size_t f = 0; f < alone.size(); ++f) EXPECT_EQ(differing(alone[f], split[f]), 0u) << "frame " << f;
}

TEST_F(SceneRendererSplit, APartialRedrawOnWorkersTouchesOnlyItsLimit) {
    const std::vector<game::draw_list> lists{many_balls(20'000, 8, 5)};
    const SDL_Rect limit{100, 250, 300, 80};
    const auto alone = draw_frames(lists, nullptr, &limit);
    const auto split = draw_frames(lists, &ticklab::shared_worker_pool(3), &limit);
    ASSERT_EQ(split.size(), 1u);
    EXPECT_EQ(differing(alone[0], split[0]), 0u);
    std::size_t outside_touched = 0;
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            const bool inside = x >= limit.x && x < limit.x + limit.w && y >= limit.y && y < limit.y + limit.h;
            if (!inside && split[0][static_cast<std::size_t>(y * width + x)] != marker) ++outside_touched;
        }
    }
    EXPECT_EQ(outside_touched, 0u);
}

}  // namespace

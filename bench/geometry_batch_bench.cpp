// The renderer's batch building and drawing: a balls scene's draw list turned into SDL_RenderGeometry vertex
// arrays (4 vertices and 6 indices per ball), with no SDL renderer involved.
//
//   build-perf/bench/geometry_batch_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
//
// scene_draw/N:      balls_scene::draw into a draw_list (interpolating N balls).
// batch_build/N:     geometry_batch::build of that list for a 1280x720 window's scene area.
// draw_atlas/N, draw_disc_geometry/N: the two ways of drawing the balls, on SDL's software
//                    renderer (see below).
#include "app/render/disc_texture.hpp"
#include "app/render/geometry_batch.hpp"
#include "app/render/scene_renderer.hpp"
#include "app/render/world_view.hpp"
#include "scenes/balls_scene.hpp"

#include <benchmark/benchmark.h>
#include <ticklab/worker_pool.hpp>

#include <memory>

namespace {

std::unique_ptr<ticklab::game::balls_scene> make_scene(std::uint32_t n, int ticks = 10) {
    ticklab::game::scene_options options;
    options.balls = n;
    auto scene = std::make_unique<ticklab::game::balls_scene>(options);
    const ticklab::game::tick_input none;
    for (int i = 0; i < ticks; ++i) scene->tick(none, 1.0 / 60.0);
    return scene;
}

void scene_draw(benchmark::State& state) {
    const auto n = static_cast<std::uint32_t>(state.range(0));
    const auto scene = make_scene(n);
    ticklab::game::draw_list list;
    for (auto _ : state) {
        list.clear();
        scene->draw(list, 0.5);
        benchmark::DoNotOptimize(list.circles.data());
    }
    state.SetItemsProcessed(state.iterations() * n);
}
BENCHMARK(scene_draw)->Arg(10'000)->Arg(100'000)->Unit(benchmark::kMicrosecond);

void batch_build(benchmark::State& state) {
    const auto n = static_cast<std::uint32_t>(state.range(0));
    const auto scene = make_scene(n);
    ticklab::game::draw_list list;
    scene->draw(list, 0.5);
    // 1280x720 less a 360-pixel panel, as the window lays it out.
    const ticklab::app::world_view view{list.world_size, {0.0f, 0.0f, 920.0f, 720.0f}};
    ticklab::app::geometry_batch batch;
    for (auto _ : state) {
        batch.build(list, view, 1.5f);
        benchmark::DoNotOptimize(batch.discs.vertices.data());
    }
    state.SetItemsProcessed(state.iterations() * n);
}
BENCHMARK(batch_build)->Arg(10'000)->Arg(100'000)->Unit(benchmark::kMicrosecond);

}  // namespace

// ---- drawing on SDL's software renderer -----------------------------------------------------
// The two ways of drawing the balls that the performance issue asks to compare, each a whole scene
// draw (background, balls, lines) into a 1280x720 software surface, flushed, with no window:
//
// draw_atlas/N:          scene_renderer on a renderer with no window: 1:1 copies from a disc atlas
//                        through SDL_RenderCopy.
// draw_window/N/T:       what the window does: scene_renderer on a window's software renderer,
//                        blending the atlas's sprites straight into the window surface; T = 1 on
//                        the calling thread, T = 2 on a pool of two (scene_renderer_split.cpp).
// draw_window_pile/N/T:  the same once the balls have landed (300 ticks): a pile at the bottom
//                        of the box, where bands of equal rows would not share the work.
// draw_disc_geometry/N:  the alternative: every ball a textured quad of one scaled disc texture,
//                        all in one SDL_RenderGeometry call.
namespace {

struct software_target {
    software_target() {
        surface = SDL_CreateRGBSurfaceWithFormat(0, 1280, 720, 32, SDL_PIXELFORMAT_ARGB8888);
        renderer = surface != nullptr ? SDL_CreateSoftwareRenderer(surface) : nullptr;
    }
    ~software_target() {
        if (renderer != nullptr) SDL_DestroyRenderer(renderer);
        if (surface != nullptr) SDL_FreeSurface(surface);
    }
    software_target(const software_target&) = delete;
    software_target& operator=(const software_target&) = delete;
    SDL_Surface* surface = nullptr;
    SDL_Renderer* renderer = nullptr;
};

// A balls scene of n balls, drawn halfway between two ticks.
ticklab::game::draw_list drawn_scene(std::uint32_t n) {
    ticklab::game::draw_list list;
    make_scene(n)->draw(list, 0.5);
    return list;
}

constexpr ticklab::app::screen_rect scene_area{0.0f, 0.0f, 920.0f, 720.0f};  // 1280 less the panel

void draw_atlas(benchmark::State& state) {
    const auto n = static_cast<std::uint32_t>(state.range(0));
    const ticklab::game::draw_list list = drawn_scene(n);
    software_target target;
    if (target.renderer == nullptr) {
        state.SkipWithError(SDL_GetError());
        return;
    }
    ticklab::app::scene_renderer view{target.renderer};
    for (auto _ : state) {
        view.draw(list, scene_area, 1.0f);
        SDL_RenderFlush(target.renderer);
    }
    state.SetItemsProcessed(state.iterations() * n);
}
BENCHMARK(draw_atlas)->Arg(200)->Arg(10'000)->Unit(benchmark::kMillisecond);

// A hidden 1280x720 window with SDL's software renderer (SDL_VIDEODRIVER=offscreen needs no display).
void draw_window_of(benchmark::State& state, const ticklab::game::draw_list& list) {
    const auto n = static_cast<std::uint32_t>(state.range(0));
    ticklab::worker_pool& workers = ticklab::shared_worker_pool(static_cast<unsigned>(state.range(1)));
    if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) {
        state.SkipWithError(SDL_GetError());
        return;
    }
    SDL_Window* window = SDL_CreateWindow("bench", 0, 0, 1280, 720, SDL_WINDOW_HIDDEN);
    SDL_Renderer* renderer = window != nullptr ? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE) : nullptr;
    if (renderer == nullptr) {
        state.SkipWithError(SDL_GetError());
        if (window != nullptr) SDL_DestroyWindow(window);
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
        return;
    }
    {
        ticklab::app::scene_renderer view{renderer, &workers, ticklab::app::scene_renderer::split_rule::always};
        for (auto _ : state) {
            view.draw(list, scene_area, 1.0f);
            SDL_RenderFlush(renderer);
        }
    }
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
    state.SetItemsProcessed(state.iterations() * n);
}

void draw_window(benchmark::State& state) {
    draw_window_of(state, drawn_scene(static_cast<std::uint32_t>(state.range(0))));
}
BENCHMARK(draw_window)->ArgsProduct({{10'000, 100'000}, {1, 2}})->Unit(benchmark::kMillisecond);

void draw_window_pile(benchmark::State& state) {
    const auto scene = make_scene(static_cast<std::uint32_t>(state.range(0)), 300);
    ticklab::game::draw_list list;
    scene->draw(list, 0.5);
    draw_window_of(state, list);
}
BENCHMARK(draw_window_pile)->ArgsProduct({{10'000, 100'000}, {1, 2}})->Unit(benchmark::kMillisecond);

void draw_disc_geometry(benchmark::State& state) {
    const auto n = static_cast<std::uint32_t>(state.range(0));
    const ticklab::game::draw_list list = drawn_scene(n);
    software_target target;
    SDL_Texture* disc = target.renderer != nullptr ? ticklab::app::create_disc_texture(target.renderer, 128) : nullptr;
    if (disc == nullptr) {
        state.SkipWithError(SDL_GetError());
        return;
    }
    const ticklab::app::world_view view{list.world_size, scene_area};
    ticklab::app::geometry_batch batch;
    const SDL_FRect world{view.viewport().x, view.viewport().y, view.viewport().w, view.viewport().h};
    for (auto _ : state) {
        SDL_SetRenderDrawColor(target.renderer, list.background.r, list.background.g, list.background.b, 255);
        SDL_RenderFillRectF(target.renderer, &world);
        batch.build(list, view, 1.5f);
        const auto& d = batch.discs;
        SDL_RenderGeometry(target.renderer, disc, d.vertices.data(), static_cast<int>(d.vertices.size()),
                           d.indices.data(), static_cast<int>(d.indices.size()));
        const auto& s = batch.shapes;
        SDL_RenderGeometry(target.renderer, nullptr, s.vertices.data(), static_cast<int>(s.vertices.size()),
                           s.indices.data(), static_cast<int>(s.indices.size()));
        SDL_RenderFlush(target.renderer);
    }
    SDL_DestroyTexture(disc);
    state.SetItemsProcessed(state.iterations() * n);
}
BENCHMARK(draw_disc_geometry)->Arg(10'000)->Unit(benchmark::kMillisecond);

}  // namespace

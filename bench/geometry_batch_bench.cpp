// The renderer's batch building: a balls scene's draw list turned into SDL_RenderGeometry vertex
// arrays (4 vertices and 6 indices per ball), with no SDL renderer involved.
//
//   build-perf/bench/geometry_batch_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
//
// scene_draw/N:      balls_scene::draw into a draw_list (interpolating N balls).
// batch_build/N:     geometry_batch::build of that list for a 1280x720 window's scene area.
#include "app/geometry_batch.hpp"
#include "app/world_view.hpp"
#include "scenes/balls_scene.hpp"

#include <benchmark/benchmark.h>

#include <memory>

namespace {

std::unique_ptr<ticklab::game::balls_scene> make_scene(std::uint32_t n) {
    ticklab::game::scene_options options;
    options.balls = n;
    auto scene = std::make_unique<ticklab::game::balls_scene>(options);
    const ticklab::game::tick_input none;
    for (int i = 0; i < 10; ++i) scene->tick(none, 1.0 / 60.0);
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

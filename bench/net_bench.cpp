// What rollback costs: saving and restoring a scene, and a two-peer game in rollback against the
// same game in lockstep (which never re-simulates), in one process.
//
//   build/bench/net_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
//
// scene_save/N:        a balls scene of N balls copied into a slot that already holds one (what a
//                      rollback peer does after every tick).
// scene_restore/N:     the copy back, plus the new scheduler and wave script (replica::restore).
// balls_tick/N:        one 60 Hz tick of the same scene: the unit the two above compare with.
// game_frames/M/L/N:   600 frames (10 s at 60 fps) of a two-peer balls game with N balls, mode M
//                      (0 lockstep, 1 rollback), L ms latency, 5 ms jitter, 2% loss. Lockstep uses
//                      an input delay that covers the latency, so both modes run the same ticks;
//                      rollback uses none. Counters: re-simulated ticks per confirmed tick.
#include "net/network_game.hpp"
#include "net/replica.hpp"
#include "scenes/balls_scene.hpp"
#include "scenes/scene_registry.hpp"

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <memory>

namespace {

using namespace ticklab::game;

scene_options with_balls(std::int64_t n) {
    scene_options options;
    options.balls = static_cast<std::uint32_t>(n);
    return options;
}

// A balls replica after 2 s: falling, a few asleep.
std::unique_ptr<replica> warmed(std::int64_t n) {
    auto r = std::make_unique<replica>(*find_scene("balls"), with_balls(n), 60);
    for (int t = 0; t < 120; ++t) r->run_tick({});
    return r;
}

void scene_save(benchmark::State& state) {
    const auto r = warmed(state.range(0));
    replica_state slot;
    r->save(slot);
    for (auto _ : state) {
        r->save(slot);
        benchmark::DoNotOptimize(slot.scene.get());
    }
}
BENCHMARK(scene_save)->Arg(300)->Arg(2000)->Arg(10000)->Unit(benchmark::kMicrosecond);

void scene_restore(benchmark::State& state) {
    const auto r = warmed(state.range(0));
    replica_state slot;
    r->save(slot);
    for (auto _ : state) {
        r->restore(slot);
        benchmark::DoNotOptimize(r->tick());
    }
}
BENCHMARK(scene_restore)->Arg(300)->Arg(2000)->Arg(10000)->Unit(benchmark::kMicrosecond);

void balls_tick(benchmark::State& state) {
    const auto r = warmed(state.range(0));
    replica_state start;
    r->save(start);
    int ticks = 0;
    for (auto _ : state) {
        r->run_tick({});
        if (++ticks == 60) {  // stay near the measured state
            state.PauseTiming();
            r->restore(start);
            ticks = 0;
            state.ResumeTiming();
        }
    }
}
BENCHMARK(balls_tick)->Arg(300)->Arg(2000)->Arg(10000)->Unit(benchmark::kMicrosecond);

void game_frames(benchmark::State& state) {
    const bool rollback = state.range(0) != 0;
    const double latency_ms = static_cast<double>(state.range(1));
    network_game_config c;
    c.scene = "balls";
    c.options = with_balls(state.range(2));
    c.network.mode = rollback ? net_mode::rollback : net_mode::lockstep;
    c.network.link = {.latency_ms = latency_ms, .jitter_ms = 5, .loss_percent = 2};
    // Lockstep: enough delay for the latency, the jitter and a frame of delivery, so it never waits.
    c.network.input_delay = rollback ? 0 : static_cast<std::uint32_t>(std::ceil((latency_ms + 5) * 60 / 1000)) + 2;
    std::uint64_t confirmed = 0;
    std::uint64_t resimulated = 0;
    std::uint64_t stalls = 0;
    for (auto _ : state) {
        network_game game{c};
        for (std::uint64_t f = 0; f < 600; ++f) game.frame(ticklab::tick_offset(f, 60));
        confirmed += game.common_tick();
        for (std::size_t p = 0; p < 2; ++p) {
            resimulated += game.peer_at(p).stats().rollback_ticks;
            stalls += game.peer_at(p).stats().stall_frames;
        }
    }
    state.counters["resim_per_tick"] = static_cast<double>(resimulated) / (2.0 * static_cast<double>(confirmed));
    state.counters["stall_frames"] = static_cast<double>(stalls) / static_cast<double>(state.iterations());
}
BENCHMARK(game_frames)
    ->ArgsProduct({{0, 1}, {0, 50, 150, 300}, {300}})
    ->ArgsProduct({{0, 1}, {150}, {2000}})
    ->Unit(benchmark::kMillisecond);

}  // namespace

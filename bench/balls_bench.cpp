// Balls simulation cost per tick, against a straightforward all-pairs version, and the broad
// phase alone.
//
//   build-perf/bench/balls_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
//
// balls_tick/N/G:      one 120 Hz tick of the real scene with N balls. G=1: gravity on, after 20 s
//                      of virtual time, so the balls lie in a pile that has come to rest (most of
//                      them asleep). G=0: gravity off, after 2 s (a gas: every ball moves).
// balls_tick_awake/N:  the same resting pile with sleeping turned off: every ball is ticked and
//                      tested. The baseline that shows what sleeping saves.
// balls_wave_cycle/N:  what a learner watches: a wave relaunches 40 balls from the top and the
//                      pile is ticked for the 4 s until the next one (480 ticks at 120 Hz). Time
//                      per iteration is one whole cycle; divide by 480 for the mean tick.
// all_pairs_tick/N:    the baseline: the same integration and contact response, every pair tested
//                      (O(n^2)), gravity on, after the same settling.
// ball_grid_rebuild/N/T: the counting sort of N balls into cells, alone, its cells found on T threads.
// ball_grid_rebuild_resting/N/T: the same when no ball changed cell (the sort is skipped).
// balls_from_reset/N/T: where a user starts: a reset with N balls (the splash: every ball awake
//                      and falling), then ticks 1-600 at 60 Hz (the default tick rate), each timed
//                      on its own (wall clock), on T threads (0: one per hardware thread). Time per
//                      iteration is the whole run of 600 ticks (reset excluded); the counters give
//                      the mean, p99 and worst tick in ms over all iterations' ticks, and the mean
//                      of ticks 1-60 (the first second). Counts 10,000 to 100,000 on 1 and 2
//                      threads: where a second thread starts to pay (the switch-over in pool()).
//                      Also bytes_per_ball_tick (the model below) and bound_ms: the mean tick if
//                      the passes only streamed those bytes at copy_bandwidth (memory_copy, measured
//                      in the same process), next to tick_ms_mean: how far the tick is from memory.
//                      And what the solver left after tick 600 (the pile at rest): pile_height, the
//                      balls' mean centre height (world units), and overlap_pct, the mean overlap of
//                      touching pairs as a percentage of their radii's sum (how far the pile has sunk
//                      into itself; a solver made cheaper by pushing less shows here).
// memory_copy/MB:      a STREAM-style copy of MB megabytes of doubles into another array (bytes
//                      counted: read + written); the machine's bandwidth for the bound above.
#include "scenes/ball_grid.hpp"
#include "scenes/balls_scene.hpp"
#include "sim/random.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <map>
#include <memory>
#include <utility>
#include <vector>

namespace {

using ticklab::game::balls_config;
using ticklab::game::balls_scene;
using ticklab::game::scene_options;

constexpr double dt = 1.0 / 120.0;
constexpr int rest_ticks = 20 * 120;  // long enough for 100,000 balls to come to rest
constexpr int gas_ticks = 2 * 120;
constexpr int wave_cycle_ticks = 4 * 120;

// Settling 100,000 balls takes a while: each state is made once per process and copied.
const balls_scene& settled(std::uint32_t n, bool gravity) {
    static std::map<std::pair<std::uint32_t, bool>, std::unique_ptr<balls_scene>> cache;
    auto& slot = cache[{n, gravity}];
    if (!slot) {
        scene_options options;
        options.balls = n;
        balls_config config;
        config.gravity_on = gravity;
        slot = std::make_unique<balls_scene>(options, config);
        const ticklab::game::tick_input none;
        for (int i = 0, end = gravity ? rest_ticks : gas_ticks; i < end; ++i) slot->tick(none, dt);
    }
    return *slot;
}

void balls_tick(benchmark::State& state) {
    const auto n = static_cast<std::uint32_t>(state.range(0));
    balls_scene scene = settled(n, state.range(1) != 0);
    const ticklab::game::tick_input none;
    for (auto _ : state) scene.tick(none, dt);
    state.SetItemsProcessed(state.iterations() * n);  // ball updates per second
    state.counters["asleep"] = static_cast<double>(scene.sleeping_count());
}
BENCHMARK(balls_tick)->ArgsProduct({{1'000, 2'000, 10'000, 30'000, 100'000}, {1, 0}})->Unit(benchmark::kMillisecond);

void balls_tick_awake(benchmark::State& state) {
    const auto n = static_cast<std::uint32_t>(state.range(0));
    balls_scene scene = settled(n, true);
    balls_config config = scene.config();
    config.sleeping = false;
    scene.set_config(config);
    const ticklab::game::tick_input none;
    for (auto _ : state) scene.tick(none, dt);
    state.SetItemsProcessed(state.iterations() * n);
}
BENCHMARK(balls_tick_awake)->Arg(10'000)->Arg(100'000)->Unit(benchmark::kMillisecond);

void balls_wave_cycle(benchmark::State& state) {
    const auto n = static_cast<std::uint32_t>(state.range(0));
    balls_scene scene = settled(n, true);
    const ticklab::game::tick_input none;
    for (auto _ : state) {
        scene.spawn_wave();
        for (int i = 0; i < wave_cycle_ticks; ++i) scene.tick(none, dt);
    }
    state.SetItemsProcessed(state.iterations() * n * wave_cycle_ticks);
}
BENCHMARK(balls_wave_cycle)->Arg(10'000)->Arg(100'000)->Unit(benchmark::kMillisecond);

// Bytes one awake ball costs each pass of a tick (balls_scene.cpp, balls_contacts.cpp), when the
// arrays do not fit in cache (100,000 balls: 8 doubles a ball are 6.4 MB, this VM's L3 is 8 MB):
// every array a pass reads is counted once per pass, every array it writes twice (read for
// ownership and written back). A splash ball has about 3 contacts (8 bytes each in the row lists).
//   integrate       reads x y vx vy asleep (33), writes prev_x prev_y x y vx vy (6 x 16)   129
//   grid rebuild    reads x y (16) and cell_of twice (8), writes cell_of sorted (16), counts (8)  48
//   contact search  reads sorted x y radius asleep (29), writes pairs (3 x 16) and ends (8) +
//                   collide: inv_mass (8), x y vx vy written back (32)                    125
//   relax sweep     reads pairs (24) x y radius inv_mass asleep (33), writes x y (32)          89
//   settle          reads asleep x y radius prev_x prev_y (41), writes vy marks ticks (22)    63
//   sort (1 in 16)  12 arrays read and written (about 80 x 3 / 16)                            15
constexpr double bytes_per_ball_tick = 129 + 48 + 125 + 89 + 63 + 15;

// Copy bandwidth in bytes per second: the best of 5 copies of 64 MB (read 64, written 64, plus
// the read for ownership that a plain store also costs is not counted, as STREAM does not).
double copy_bandwidth() {
    static const double measured = [] {
        const std::size_t n = (64u << 20) / sizeof(double);
        std::vector<double> from(n, 1.0), to(n, 0.0);
        double best = 0.0;
        for (int k = 0; k < 5; ++k) {
            const auto start = std::chrono::steady_clock::now();
            std::memcpy(to.data(), from.data(), n * sizeof(double));
            const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
            benchmark::DoNotOptimize(to.data());
            best = std::max(best, 2.0 * static_cast<double>(n * sizeof(double)) / took.count());
        }
        return best;
    }();
    return measured;
}

void memory_copy(benchmark::State& state) {
    const std::size_t n = (static_cast<std::size_t>(state.range(0)) << 20) / sizeof(double);
    std::vector<double> from(n, 1.0), to(n, 0.0);
    for (auto _ : state) {
        std::memcpy(to.data(), from.data(), n * sizeof(double));
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(2 * n * sizeof(double)));
}
BENCHMARK(memory_copy)->Arg(64)->UseRealTime()->Unit(benchmark::kMillisecond);

struct pile_figures {
    double height = 0.0;       // mean centre height, world units
    double overlap_pct = 0.0;  // mean overlap of touching pairs, % of their radii's sum
};

pile_figures measure_pile(const balls_scene& scene) {
    pile_figures out;
    const std::size_t n = scene.size();
    if (n == 0) return out;
    const auto x = scene.xs();
    const auto y = scene.ys();
    const auto r = scene.radii();
    ticklab::game::ball_grid grid;
    grid.rebuild(x, y, scene.config().width, scene.config().height, *std::max_element(r.begin(), r.end()));
    double overlap = 0.0;
    std::size_t pairs = 0;
    for (std::size_t i = 0; i < n; ++i) {
        out.height += y[i];
        grid.for_each_around(grid.cell_of(i), [&](std::uint32_t c) {
            for (const std::uint32_t j : grid.cell(c % grid.columns(), c / grid.columns())) {
                if (j <= i) continue;
                const double reach = r[i] + r[j];
                const double d = std::hypot(x[j] - x[i], y[j] - y[i]);
                if (d >= reach) continue;
                overlap += (reach - d) / reach;
                ++pairs;
            }
        });
    }
    out.height /= static_cast<double>(n);
    out.overlap_pct = pairs == 0 ? 0.0 : 100.0 * overlap / static_cast<double>(pairs);
    return out;
}

void balls_from_reset(benchmark::State& state) {
    constexpr int ticks = 600;
    constexpr double step = 1.0 / 60.0;
    const auto n = static_cast<std::uint32_t>(state.range(0));
    scene_options options;
    options.balls = n;
    options.seed = 1;
    options.threads = static_cast<std::uint32_t>(state.range(1));
    const ticklab::game::tick_input none;
    std::vector<double> tick_ms;
    double first_second_ms = 0.0;
    pile_figures pile;
    for (auto _ : state) {
        state.PauseTiming();
        balls_scene scene{options};
        state.ResumeTiming();
        for (int t = 0; t < ticks; ++t) {
            const auto start = std::chrono::steady_clock::now();
            scene.tick(none, step);
            const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
            tick_ms.push_back(took.count());
            if (t < 60) first_second_ms += took.count();
        }
        benchmark::DoNotOptimize(scene.state_hash());
        state.PauseTiming();
        pile = measure_pile(scene);  // the same every iteration: the run is deterministic
        state.ResumeTiming();
    }
    std::vector<double> sorted = tick_ms;
    std::sort(sorted.begin(), sorted.end());
    double sum = 0.0;
    for (const double ms : sorted) sum += ms;
    const auto count = static_cast<double>(sorted.size());
    state.counters["tick_ms_mean"] = sum / count;
    // Nearest rank, as the report's tick_ms_p99.
    state.counters["tick_ms_p99"] = sorted[static_cast<std::size_t>(std::ceil(0.99 * count)) - 1];
    state.counters["tick_ms_max"] = sorted.back();
    state.counters["first_s_ms_mean"] = first_second_ms / (count / ticks * 60.0);
    state.counters["bytes_per_ball_tick"] = bytes_per_ball_tick;
    state.counters["bound_ms"] = 1e3 * bytes_per_ball_tick * n / copy_bandwidth();
    state.counters["pile_height"] = pile.height;
    state.counters["overlap_pct"] = pile.overlap_pct;
    state.SetItemsProcessed(state.iterations() * ticks);
}
BENCHMARK(balls_from_reset)
    ->ArgsProduct({{10'000, 20'000, 30'000, 50'000, 100'000}, {1, 2}})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3)
    ->UseRealTime();

// ---- baseline: all pairs ----------------------------------------------------------------------

// The textbook loop: integrate, then test every pair and push overlapping balls apart with an
// elastic-ish impulse; walls reflect. Same box, radii and starting state as the scene.
class all_pairs_balls {
public:
    explicit all_pairs_balls(const balls_scene& from)
        : x_(from.xs().begin(), from.xs().end()),
          y_(from.ys().begin(), from.ys().end()),
          vx_(from.vxs().begin(), from.vxs().end()),
          vy_(from.vys().begin(), from.vys().end()),
          r_(from.radii().begin(), from.radii().end()),
          width_{from.config().width},
          height_{from.config().height},
          gravity_{from.config().gravity},
          e_{from.config().restitution} {}

    void tick(double step) {
        const std::size_t n = x_.size();
        for (std::size_t i = 0; i < n; ++i) {
            vy_[i] -= gravity_ * step;
            x_[i] += vx_[i] * step;
            y_[i] += vy_[i] * step;
            wall(i);
        }
        for (std::size_t i = 0; i < n; ++i) {
            for (std::size_t j = i + 1; j < n; ++j) {
                const double dx = x_[j] - x_[i];
                const double dy = y_[j] - y_[i];
                const double reach = r_[i] + r_[j];
                const double d2 = dx * dx + dy * dy;
                if (d2 >= reach * reach || d2 == 0.0) continue;
                const double d = std::sqrt(d2);
                const double nx = dx / d;
                const double ny = dy / d;
                const double wi = 1.0 / (r_[i] * r_[i]);
                const double wj = 1.0 / (r_[j] * r_[j]);
                const double push = (reach - d) / (wi + wj);
                x_[i] -= nx * push * wi;
                y_[i] -= ny * push * wi;
                x_[j] += nx * push * wj;
                y_[j] += ny * push * wj;
                const double approach = (vx_[j] - vx_[i]) * nx + (vy_[j] - vy_[i]) * ny;
                if (approach >= 0.0) continue;
                const double impulse = -(1.0 + e_) * approach / (wi + wj);
                vx_[i] -= impulse * wi * nx;
                vy_[i] -= impulse * wi * ny;
                vx_[j] += impulse * wj * nx;
                vy_[j] += impulse * wj * ny;
            }
        }
        for (std::size_t i = 0; i < n; ++i) wall(i);
    }

private:
    void wall(std::size_t i) {
        const double r = r_[i];
        if (x_[i] < r) x_[i] = r, vx_[i] = std::abs(vx_[i]) * e_;
        if (x_[i] > width_ - r) x_[i] = width_ - r, vx_[i] = -std::abs(vx_[i]) * e_;
        if (y_[i] < r) y_[i] = r, vy_[i] = std::abs(vy_[i]) * e_;
        if (y_[i] > height_ - r) y_[i] = height_ - r, vy_[i] = -std::abs(vy_[i]) * e_;
    }

    std::vector<double> x_, y_, vx_, vy_, r_;
    double width_, height_, gravity_, e_;
};

void all_pairs_tick(benchmark::State& state) {
    const auto n = static_cast<std::uint32_t>(state.range(0));
    all_pairs_balls baseline{settled(n, true)};
    for (int i = 0; i < 60; ++i) baseline.tick(dt);  // its own equilibrium
    for (auto _ : state) baseline.tick(dt);
    state.SetItemsProcessed(state.iterations() * n);
}
BENCHMARK(all_pairs_tick)->Arg(1'000)->Arg(2'000)->Unit(benchmark::kMillisecond);

// ---- broad phase alone ------------------------------------------------------------------------

// moving: every call sees balls in other cells than the call before (two copies of the pile, the
// second a cell's width to the right, in turn), so every call sorts. Resting: the same balls each call.
void rebuild_grid(benchmark::State& state, bool moving) {
    const auto n = static_cast<std::uint32_t>(state.range(0));
    const balls_scene& scene = settled(n, true);
    double largest = 0.0;
    for (const double r : scene.radii()) largest = std::max(largest, r);
    const double width = scene.config().width;
    const double height = scene.config().height;
    std::vector<double> shifted_x(scene.xs().begin(), scene.xs().end());
    for (double& x : shifted_x) x = std::min(x + 2.0 * largest, width);
    ticklab::game::ball_grid grid;
    ticklab::worker_pool& pool = ticklab::shared_worker_pool(static_cast<unsigned>(state.range(1)));
    bool shift = false;
    for (auto _ : state) {
        grid.rebuild(shift ? std::span<const double>(shifted_x) : scene.xs(), scene.ys(), width, height, largest,
                     &pool);
        shift = moving && !shift;
        benchmark::DoNotOptimize(grid.order().data());
    }
    state.SetItemsProcessed(state.iterations() * n);
}
void ball_grid_rebuild(benchmark::State& state) {
    rebuild_grid(state, true);
}
void ball_grid_rebuild_resting(benchmark::State& state) {
    rebuild_grid(state, false);
}
BENCHMARK(ball_grid_rebuild)->ArgsProduct({{10'000, 20'000, 100'000}, {1, 2}})->Unit(benchmark::kMicrosecond);
BENCHMARK(ball_grid_rebuild_resting)->ArgsProduct({{10'000, 20'000, 100'000}, {1, 2}})->Unit(benchmark::kMicrosecond);

}  // namespace

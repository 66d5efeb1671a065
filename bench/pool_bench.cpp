// The engine's worker pool against OpenMP (GCC's libgomp, or LLVM's libomp under clang), on the
// two kinds of work the balls tick splits across threads (issue 27: measure the pool against a
// maintained one before keeping it).
//
//   build/bench/pool_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
//
// fork_join/<pool|omp>/T:       an empty job on T threads: what one hand-off and join costs. A
//                               tick makes about 8 of them (integrate, settle, wake, and one per
//                               contact sweep).
// slice_pass/<pool|omp>/N/T:    one per-ball pass over N balls split in T even slices, the shape
//                               of integrate(): read x, y, vx, vy, write them back and copy the
//                               positions. The memory-bound part of a tick.
// With OpenMP unavailable (no OpenMP::OpenMP_CXX), only the pool's cases are built.
#include <ticklab/worker_pool.hpp>

#include <benchmark/benchmark.h>

#include <cstddef>
#include <vector>

#if defined(TICKLAB_BENCH_OPENMP)
#include <omp.h>
#endif

namespace {

// The integrate() shape: gravity, a move, a floor; 6 doubles read and 6 written per ball.
struct balls_arrays {
    explicit balls_arrays(std::size_t n) : x(n, 1.0), y(n, 2.0), vx(n, 0.5), vy(n, -0.25), prev_x(n), prev_y(n) {}
    void step(std::size_t begin, std::size_t end) {
        constexpr double dt = 1.0 / 60.0;
        for (std::size_t i = begin; i < end; ++i) {
            prev_x[i] = x[i];
            prev_y[i] = y[i];
            vy[i] -= 40.0 * dt;
            x[i] += vx[i] * dt;
            y[i] += vy[i] * dt;
            if (y[i] < 0.0) {
                y[i] = 0.0;
                vy[i] = -0.9 * vy[i];
            }
        }
    }
    std::vector<double> x, y, vx, vy, prev_x, prev_y;
};

void fork_join_pool(benchmark::State& state) {
    ticklab::worker_pool& pool = ticklab::shared_worker_pool(static_cast<unsigned>(state.range(0)));
    std::size_t calls = 0;
    for (auto _ : state) {
        pool.run([&](unsigned worker, unsigned) {
            if (worker == 0) ++calls;
        });
    }
    benchmark::DoNotOptimize(calls);
}
BENCHMARK(fork_join_pool)->Arg(1)->Arg(2)->UseRealTime();

void slice_pass_pool(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    ticklab::worker_pool& pool = ticklab::shared_worker_pool(static_cast<unsigned>(state.range(1)));
    balls_arrays balls{n};
    for (auto _ : state) {
        pool.run(
            [&](unsigned worker, unsigned workers) { balls.step(n * worker / workers, n * (worker + 1) / workers); });
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n));
}
BENCHMARK(slice_pass_pool)->ArgsProduct({{10'000, 100'000}, {1, 2}})->UseRealTime();

#if defined(TICKLAB_BENCH_OPENMP)
void fork_join_omp(benchmark::State& state) {
    const int threads = static_cast<int>(state.range(0));
    std::size_t calls = 0;
    for (auto _ : state) {
#pragma omp parallel num_threads(threads)
        {
            if (omp_get_thread_num() == 0) ++calls;
        }
    }
    benchmark::DoNotOptimize(calls);
}
BENCHMARK(fork_join_omp)->Arg(1)->Arg(2)->UseRealTime();

void slice_pass_omp(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const int threads = static_cast<int>(state.range(1));
    balls_arrays balls{n};
    for (auto _ : state) {
        // The same even static split as the pool's job, so both touch the same memory per thread.
#pragma omp parallel num_threads(threads)
        {
            const auto worker = static_cast<std::size_t>(omp_get_thread_num());
            const auto workers = static_cast<std::size_t>(omp_get_num_threads());
            balls.step(n * worker / workers, n * (worker + 1) / workers);
        }
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n));
}
BENCHMARK(slice_pass_omp)->ArgsProduct({{10'000, 100'000}, {1, 2}})->UseRealTime();
#endif

}  // namespace

// What waiting for the next frame costs: the frame pacer against the seed's busy-wait loop
// (`while (now() < next) {}`), both capping an otherwise empty frame at 60 FPS, in one process.
//
//   build-perf/bench/frame_pacer_bench --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
//
// One iteration is one frame. Counters: cpu_percent (CPU time over real time, of one core) and
// p99_ms / max_ms (frame-to-frame intervals; 16.67 ms is on time). Both loops do no other work, so
// these figures are the waiting alone; a real frame adds its own drawing on top.
#include <ticklab/frame_pacer.hpp>

#include <benchmark/benchmark.h>

#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <vector>

namespace {

using steady = std::chrono::steady_clock;
constexpr double fps = 60.0;
constexpr int frames = 300;  // 5 s a run

double thread_cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// Frame intervals in ms, taken at the end of each wait.
void report_intervals(benchmark::State& state, std::vector<double>& intervals) {
    std::sort(intervals.begin(), intervals.end());
    if (intervals.empty()) return;
    state.counters["p99_ms"] = intervals[static_cast<std::size_t>(0.99 * static_cast<double>(intervals.size() - 1))];
    state.counters["max_ms"] = intervals.back();
}

template <typename Wait>
void paced(benchmark::State& state, Wait wait) {
    std::vector<double> intervals;
    intervals.reserve(frames);
    auto last = steady::now();
    const auto start = last;
    const double cpu_start = thread_cpu_seconds();
    for (auto _ : state) {
        wait();
        const auto now = steady::now();
        intervals.push_back(std::chrono::duration<double, std::milli>(now - last).count());
        last = now;
    }
    const double real = std::chrono::duration<double>(steady::now() - start).count();
    state.counters["cpu_percent"] = real > 0.0 ? 100.0 * (thread_cpu_seconds() - cpu_start) / real : 0.0;
    intervals.erase(intervals.begin());  // the first interval includes the set-up
    report_intervals(state, intervals);
}

void pacer_wait_60fps(benchmark::State& state) {
    ticklab::frame_pacer pacer;
    pacer.set_fps_cap(fps);
    paced(state, [&] { pacer.wait(); });
}

void busy_wait_60fps(benchmark::State& state) {
    const auto period = std::chrono::duration_cast<steady::duration>(std::chrono::duration<double>(1.0 / fps));
    auto next = steady::now() + period;
    paced(state, [&] {
        while (steady::now() < next) {
            // The seed's loop: poll the clock until the frame is due.
        }
        next += period;
    });
}

}  // namespace

BENCHMARK(pacer_wait_60fps)->Iterations(frames)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(busy_wait_60fps)->Iterations(frames)->Unit(benchmark::kMillisecond)->UseRealTime();

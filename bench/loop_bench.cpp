// Cost of the loop's own bookkeeping per frame, with a client that does nothing.
#include <ticklab/fixed_loop.hpp>

#include <benchmark/benchmark.h>

namespace {

struct idle_client final : ticklab::loop_client {
    std::uint64_t ticks = 0;
    void tick(const ticklab::tick_info&) override { ++ticks; }
};

void loop_frame(benchmark::State& state) {
    ticklab::manual_time_source source;
    ticklab::fixed_loop loop{source, {.tick_rate_hz = 240, .max_loops = 64}};
    idle_client client;
    for (auto _ : state) {
        source.advance(std::chrono::milliseconds{state.range(0)});
        benchmark::DoNotOptimize(loop.advance(client));
    }
    state.counters["ticks"] = benchmark::Counter(static_cast<double>(client.ticks), benchmark::Counter::kIsRate);
}
BENCHMARK(loop_frame)->Arg(4)->Arg(16)->Arg(100);

}  // namespace

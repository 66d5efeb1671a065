#pragma once
// Wall-clock cost of a run's phases (one simulation tick, frame to frame, rendering), measured
// from outside the simulation so any run can be judged: the report writes each phase's mean and
// 99th percentile in milliseconds.
//
// Usage:
//   phase_timer t;                       // reads the steady clock
//   ... work ...
//   timings.tick.add(t.elapsed_ms());
//   timings.tick.mean_ms(), timings.tick.p99_ms()   // NaN when nothing was measured
//
// These are real-time figures (std::chrono::steady_clock, whatever time source drives the loop),
// never read by the simulation, so they cannot make a run non-deterministic. The mean covers every
// sample; the percentile covers the last `window` samples (a fixed ring: adding never allocates).

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ticklab::game {

class phase_series {
public:
    static constexpr std::size_t window = 1 << 16;

    void add(double ms);
    [[nodiscard]] std::uint64_t count() const noexcept { return count_; }
    [[nodiscard]] double mean_ms() const noexcept;
    [[nodiscard]] double p99_ms() const;  // nearest rank over the ring; copies it (report time only)

private:
    std::vector<float> ring_;  // grows to `window` once, then wraps
    std::size_t next_ = 0;
    std::uint64_t count_ = 0;
    double sum_ = 0.0;
};

struct phase_timings {
    phase_series tick;    // one simulation tick (scene step only)
    phase_series frame;   // real time between the starts of two consecutive frames
    phase_series render;  // drawing the scene, HUD and panel, up to and including present
};

// Measures one interval of real time.
class phase_timer {
public:
    phase_timer() noexcept : start_{std::chrono::steady_clock::now()} {}
    [[nodiscard]] double elapsed_ms() const noexcept {
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_).count();
    }

private:
    std::chrono::steady_clock::time_point start_;
};

}  // namespace ticklab::game

#pragma once
// Caps the frame rate without spinning a core: sleeps most of the wait, spins only the last sliver.
//
// Usage: call `wait()` once at the end of every frame.
//
//   ticklab::frame_pacer pacer;
//   pacer.set_fps_cap(60);   // 0 = no cap
//   while (running) { ...; pacer.wait(); }
//
// Frames are paced against a running deadline (deadline += period), not "period after the last
// frame", so the average rate is exact; if a frame overruns by more than a period the deadline is
// re-anchored instead of racing to catch up.

#include <ticklab/time.hpp>

#include <chrono>
#include <string>

namespace ticklab {

inline constexpr double max_fps_cap = 1000.0;

class frame_pacer {
public:
    // How much of the wait is spent spinning rather than sleeping: enough to absorb the
    // scheduler's wake-up latency on a desktop Linux kernel (typically 50-100 us).
    static constexpr nanoseconds spin_window = std::chrono::microseconds{1000};

    // 0 disables the cap; otherwise 1 to max_fps_cap. Throws std::invalid_argument otherwise.
    void set_fps_cap(double fps);
    [[nodiscard]] double fps_cap() const noexcept { return fps_; }

    // Blocks until the next frame is due. Returns the time spent waiting.
    nanoseconds wait();

private:
    using steady = std::chrono::steady_clock;
    double fps_ = 0.0;
    steady::time_point deadline_{};
};

[[nodiscard]] std::string check_fps_cap(double fps);

}  // namespace ticklab

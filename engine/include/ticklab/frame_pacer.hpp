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
// frame", so the average rate is exact. A frame that ends after its due time, but less than a
// period after it, does not wait, and the next one keeps its own due time: a short frame after a
// long one makes the time up, and the second still shows the cap's count of frames. If a frame
// overruns by more than a period the deadline is re-anchored at the frame's end instead of racing
// to catch up: that frame does not wait at all, and the next one is paced a period from it.
//
// The sliver spun is how much later than `late_allowance` sleeps have recently overslept
// (sleep_calibration): nothing on an idle Linux machine, where sleeps wake 0.1-0.2 ms late, rather
// than a fixed millisecond, which alone cost 5 % of a core at 60 FPS.

#include <ticklab/time.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstddef>
#include <string>

namespace ticklab {

inline constexpr double max_fps_cap = 1000.0;

// How late sleeps wake up, and so how much of a wait to spin instead of sleep: the 90th percentile
// of the last `history` oversleeps plus `margin`, within [min_window, max_window]; until the first
// oversleep is known, `initial_window`. On an idle Linux machine sleeps wake 50-100 us late (the
// default timer slack is 50 us), so the window settles near 0.2 ms. On a busy one they can wake
// milliseconds late, when a thread waits for a free core: spinning longer would not help (the
// spinning thread waits for a core just the same), so the window never exceeds the fixed
// millisecond the pacer used to spin.
class sleep_calibration {
public:
    static constexpr nanoseconds initial_window = std::chrono::microseconds{1000};
    static constexpr nanoseconds min_window = std::chrono::microseconds{100};
    static constexpr nanoseconds max_window = std::chrono::microseconds{1000};
    static constexpr nanoseconds margin = std::chrono::microseconds{50};
    static constexpr std::size_t history = 32;

    // `oversleep`: how long after the asked-for time a sleep returned (negative counts as 0).
    void add(nanoseconds oversleep) noexcept;
    [[nodiscard]] nanoseconds spin_window() const noexcept { return window_; }

private:
    std::array<nanoseconds, history> recent_{};
    std::size_t count_ = 0;
    std::size_t next_ = 0;
    nanoseconds window_ = initial_window;
};

class frame_pacer {
public:
    // 0 disables the cap; otherwise 1 to max_fps_cap. Throws std::invalid_argument otherwise.
    void set_fps_cap(double fps);
    [[nodiscard]] double fps_cap() const noexcept { return fps_; }

    // Blocks until the next frame is due. Returns the time spent waiting.
    nanoseconds wait();
    // How much of the next wait will be spun rather than slept.
    [[nodiscard]] nanoseconds spin_window() const noexcept {
        return std::max(calibration_.spin_window() - late_allowance, nanoseconds{0});
    }

    // How late a frame may start rather than spin for it: a quarter of a millisecond is 1/17 of
    // a frame even at 240 Hz, and no display shows it, while spinning it away cost 1.2-1.5 % of a
    // core at 60 FPS on a VM whose sleeps wake 0.15-0.25 ms late. Frames still keep their average
    // rate: the deadline runs on by whole periods, whenever a frame starts.
    static constexpr nanoseconds late_allowance = std::chrono::microseconds{250};

private:
    using steady = std::chrono::steady_clock;
    double fps_ = 0.0;
    steady::time_point deadline_{};
    sleep_calibration calibration_;
};

[[nodiscard]] std::string check_fps_cap(double fps);

}  // namespace ticklab

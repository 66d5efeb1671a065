#pragma once
// The FPS cap where the browser owns the frame: a page cannot sleep, so instead of waiting for the
// next frame (ticklab::frame_pacer) a capped run skips the animation frames that come before it is
// due. The deadline rule is frame_pacer's: deadlines run on by whole periods (so the average rate is
// the cap, not a whole divisor of the display's rate), and a run late by more than a period starts
// again from now instead of racing to catch up.
//
// Usage (live_output does this in a browser, once per animation frame):
//   animation_frame_pacer pacer;
//   pacer.set_fps_cap(30);                   // 0 = no cap: every animation frame runs a frame
//   if (pacer.due(now)) { ...one frame... }  // now: the animation frame's time

#include <ticklab/time.hpp>

namespace ticklab::app {

class animation_frame_pacer {
public:
    // How early a frame may start: animation frames come every 1/60 s or so but their times
    // jitter by a millisecond, so a cap equal to the display's rate must not fall to half of it
    // by missing each deadline by a hair.
    static constexpr ticklab::nanoseconds early_allowance = std::chrono::milliseconds{4};

    // 0 disables the cap; otherwise a value frame_pacer accepts (ticklab::check_fps_cap).
    void set_fps_cap(double fps) noexcept;
    [[nodiscard]] double fps_cap() const noexcept { return fps_; }

    // Whether a frame runs on the animation frame at `now`; when it does, the next deadline is set.
    [[nodiscard]] bool due(ticklab::nanoseconds now) noexcept;

private:
    double fps_ = 0.0;
    bool anchored_ = false;  // a deadline is set (the first frame after a new cap always runs)
    ticklab::nanoseconds deadline_{0};
};

}  // namespace ticklab::app

#pragma once
// What a run's panels and lessons read of its frames: the frame history (FPS, ticks, alpha,
// dropped time a frame), the timeline of frames and ticks on a real-time axis, and the real-time
// cost of ticks and frames. Display only: nothing here reaches a simulation.
//
// Usage (the session, each frame):
//   figures.begin_frame(loop);  ...ticks: figures.add_tick(due, tick_ms)...  figures.end_frame(loop);
//   figures.after_frame(stats);   // after the frame's tasks: its interval and its history sample
//   figures.restart();            // a lesson applied: every figure starts again

#include "sim/frame_history.hpp"
#include "sim/phase_timings.hpp"
#include "sim/timeline.hpp"

#include <ticklab/fixed_loop.hpp>

#include <chrono>
#include <optional>

namespace ticklab::game {

class frame_figures {
public:
    void begin_frame(const ticklab::fixed_loop& loop) { timeline_.begin_frame(loop); }
    void add_tick(ticklab::nanoseconds due, double tick_ms) {
        timeline_.add_tick(due);
        timings_.tick.add(tick_ms);
    }
    void end_frame(const ticklab::fixed_loop& loop) { timeline_.end_frame(loop, loop.clock().paused()); }
    void after_frame(const ticklab::frame_stats& frame);
    void restart();

    [[nodiscard]] const frame_history& history() const noexcept { return history_; }
    [[nodiscard]] timeline_recorder& timeline() noexcept { return timeline_; }
    [[nodiscard]] const timeline_recorder& timeline() const noexcept { return timeline_; }
    [[nodiscard]] phase_timings& timings() noexcept { return timings_; }
    [[nodiscard]] const phase_timings& timings() const noexcept { return timings_; }

private:
    frame_history history_;
    timeline_recorder timeline_;
    phase_timings timings_;
    std::optional<std::chrono::steady_clock::time_point> last_frame_;  // for timings_.frame
};

}  // namespace ticklab::game

#include "session/frame_figures.hpp"

namespace ticklab::game {

void frame_figures::after_frame(const ticklab::frame_stats& frame) {
    const auto now = std::chrono::steady_clock::now();
    if (last_frame_) timings_.frame.add(std::chrono::duration<double, std::milli>(now - *last_frame_).count());
    last_frame_ = now;
    const double frame_ms = ticklab::to_milliseconds(frame.real);
    history_.push(frame_sample{
        .fps = frame_ms > 0.0 ? static_cast<float>(1000.0 / frame_ms) : 0.0f,
        .frame_ms = static_cast<float>(frame_ms),
        .ticks = static_cast<float>(frame.ticks),
        .alpha = static_cast<float>(frame.alpha),
        .dropped_ms = static_cast<float>(ticklab::to_milliseconds(frame.dropped)),
        .tick_ms = static_cast<float>(ticklab::to_milliseconds(frame.tick_cost)),
        .ticked_ms = static_cast<float>(ticklab::to_milliseconds(frame.ticked)),
    });
}

void frame_figures::restart() {
    history_.clear();
    timeline_.clear();
    timings_ = phase_timings{};
    last_frame_.reset();  // the next frame's interval would span the change
}

}  // namespace ticklab::game

#include <ticklab/virtual_clock.hpp>

#include "format.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace ticklab {

virtual_clock::virtual_clock(const time_source& source)
    : source_{source}, last_reading_{source.now()} {}

void virtual_clock::bank() {
    const nanoseconds reading = source_.now();
    nanoseconds real = reading - last_reading_;
    last_reading_ = reading;
    if (real < nanoseconds{0}) {
        ++backward_jumps_;
        return;
    }
    real = std::min(real, max_frame_real_time);
    real_time_ += real;
    frame_real_ += real;
    if (paused_ || stalled_) return;
    running_ += real;
    const double scaled = static_cast<double>(real.count()) * scale_ + carry_ns_;
    const double whole = std::floor(scaled);
    carry_ns_ = scaled - whole;
    banked_ += nanoseconds{static_cast<std::int64_t>(whole)};
}

nanoseconds virtual_clock::take_elapsed() {
    bank();
    last_frame_real_ = std::exchange(frame_real_, nanoseconds{0});
    last_frame_running_ = std::exchange(running_, nanoseconds{0});
    return std::exchange(banked_, nanoseconds{0});
}

void virtual_clock::pause() {
    bank();
    paused_ = true;
}

void virtual_clock::resume() {
    bank();
    paused_ = false;
    step_requested_ = false;
}

void virtual_clock::begin_stall() {
    bank();
    stalled_ = true;
}

void virtual_clock::end_stall() {
    bank();
    stalled_ = false;
}

void virtual_clock::forget_banked() {
    bank();
    banked_ = nanoseconds{0};
    running_ = nanoseconds{0};
}

void virtual_clock::set_time_scale(double scale) {
    if (!std::isfinite(scale) || scale < min_time_scale || scale > max_time_scale) {
        throw std::invalid_argument("time scale " + detail::format_number(scale) + " is out of range: allowed " +
                                    detail::format_number(min_time_scale) + " to " +
                                    detail::format_number(max_time_scale));
    }
    bank();
    scale_ = scale;
}

bool virtual_clock::take_step_request() noexcept {
    const bool step = step_requested_ && paused_;
    step_requested_ = false;
    return step;
}

}  // namespace ticklab

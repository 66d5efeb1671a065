#include <ticklab/frame_pacer.hpp>

#include "format.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <thread>

namespace ticklab {

std::string check_fps_cap(double fps) {
    if (std::isfinite(fps) && (fps == 0.0 || (fps >= 1.0 && fps <= max_fps_cap))) return {};
    return "fps cap " + detail::format_number(fps) + " is not allowed: use 0 (no cap) or a value from 1 to " +
           detail::format_number(max_fps_cap);
}

void frame_pacer::set_fps_cap(double fps) {
    if (const std::string error = check_fps_cap(fps); !error.empty()) throw std::invalid_argument(error);
    if (fps != fps_) deadline_ = {};
    fps_ = fps;
}

void sleep_calibration::add(nanoseconds oversleep) noexcept {
    recent_[next_] = std::max(oversleep, nanoseconds{0});
    next_ = (next_ + 1) % history;
    count_ = std::min(count_ + 1, history);
    std::array<nanoseconds, history> sorted = recent_;
    const auto end = sorted.begin() + static_cast<std::ptrdiff_t>(count_);
    const auto p90 = sorted.begin() + static_cast<std::ptrdiff_t>(count_ * 9 / 10);
    std::nth_element(sorted.begin(), p90, end);
    window_ = std::clamp(*p90 + margin, min_window, max_window);
}

nanoseconds frame_pacer::wait() {
    const auto start = steady::now();
    if (fps_ == 0.0) return nanoseconds{0};
    const auto period = std::chrono::duration_cast<steady::duration>(std::chrono::duration<double>(1.0 / fps_));
    if (deadline_ == steady::time_point{} || start - deadline_ > 2 * period) {
        // The first frame, or one that ran past its due time by more than a period: the next frame
        // starts now and is paced from here. Waiting a period here instead (as the pacer once did)
        // added a whole frame's sleep to every frame that was already late: with 100,000 balls
        // landing, frames of 20-40 ms of work took 36-56 ms.
        deadline_ = start;
        return nanoseconds{0};
    }
    // Late by less than a period (a reset of 100,000 balls, one heavy tick): the next frame starts
    // at once and keeps its due time, so a short frame after it makes the time up and the second
    // still holds the cap's count of frames. Re-anchored here, as the pacer once did, every late
    // frame cost one frame of that second.
    deadline_ += period;
    if (start >= deadline_) return nanoseconds{0};
    const nanoseconds spin = spin_window();
    if (deadline_ - start > spin) {
        const auto wake = deadline_ - spin;
        std::this_thread::sleep_until(wake);
        calibration_.add(steady::now() - wake);
    }
    while (steady::now() < deadline_) {
        // Spin: the remaining sliver is shorter than a reliable sleep.
    }
    return steady::now() - start;
}

}  // namespace ticklab

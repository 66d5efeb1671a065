#include "app/platform/animation_frame_pacer.hpp"

#include <cmath>

namespace ticklab::app {

void animation_frame_pacer::set_fps_cap(double fps) noexcept {
    if (fps != fps_) anchored_ = false;
    fps_ = fps;
}

bool animation_frame_pacer::due(ticklab::nanoseconds now) noexcept {
    if (fps_ <= 0.0) return true;
    const ticklab::nanoseconds period{static_cast<std::int64_t>(std::llround(1e9 / fps_))};
    if (anchored_ && now + early_allowance < deadline_) return false;
    if (!anchored_ || now - deadline_ > period) deadline_ = now;
    anchored_ = true;
    deadline_ += period;
    return true;
}

}  // namespace ticklab::app

#include "session/prediction_ghost.hpp"

#include <algorithm>
#include <utility>

namespace ticklab::game {

void prediction_ghost::before_frame(const peer& p) {
    // A lockstep peer never predicts: nothing to keep (and saving costs a scene copy a frame).
    if (p.config().mode != net_mode::rollback) return;
    p.game().save(before_);
}

void prediction_ghost::after_frame(const peer& p, bool ran, ticklab::nanoseconds now) {
    if (!ran || p.config().mode != net_mode::rollback || p.stats().rollback_this_frame == 0 || !before_.scene) return;
    std::swap(before_, shown_);
    p.game().save(after_);
    shown_at_ = now;
    ++ghosts_;
}

double prediction_ghost::opacity(ticklab::nanoseconds now) const noexcept {
    if (!shown_at_ || now < *shown_at_) return 0.0;
    const double age = static_cast<double>((now - *shown_at_).count()) / static_cast<double>(shown_for.count());
    return std::clamp(1.0 - age, 0.0, 1.0);
}

const scene* prediction_ghost::predicted(ticklab::nanoseconds now) const noexcept {
    if (opacity(now) <= 0.0 || !shown_.scene) return nullptr;
    return shown_.scene->saved_scene();
}

const scene* prediction_ghost::corrected(ticklab::nanoseconds now) const noexcept {
    if (opacity(now) <= 0.0 || !after_.scene) return nullptr;
    return after_.scene->saved_scene();
}

}  // namespace ticklab::game

#include "session/modelled_load.hpp"

#include "sim/busy_wait.hpp"
#include "sim/frame_time.hpp"

namespace ticklab::game {

void modelled_load::spend(double ms) {
    if (counted_only_) {
        counted_ms_ += ms;
        clock_.add(frame_time(ms));
    } else {
        busy_wait_ms(ms);
    }
}

ticklab::nanoseconds modelled_load::counted_tick_cost(double tick_load_ms) const noexcept {
    if (!counted_only_ || tick_load_ms <= 0.0) return ticklab::nanoseconds{0};
    return frame_time(tick_load_ms);
}

}  // namespace ticklab::game

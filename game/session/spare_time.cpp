#include "session/spare_time.hpp"

namespace ticklab::game {

void spare_time::use(ticklab::scheduler& tasks, ticklab::nanoseconds budget, double idle_work_ms) {
    idle_work_ms_ = idle_work_ms;
    if (idle_work_ms_ > 0.0 && !tasks.info(background_work_)) {
        background_work_ = tasks.schedule_idle({.name = "background work (idle)"},
                                               [this] { spend_(governor_.level() * idle_work_ms_); });
    } else if (idle_work_ms_ <= 0.0) {
        tasks.terminate(background_work_);
    }
    const ticklab::nanoseconds idle_start = tasks.cost_clock().now();
    figures_.budget = budget;
    figures_.busy = idle_start - frame_start_;
    figures_.idle_runs = budget > ticklab::nanoseconds{0} ? tasks.run_idle(budget - figures_.busy) : 0;
    figures_.idle_time = tasks.cost_clock().now() - idle_start;
    if (budget > ticklab::nanoseconds{0} && idle_work_ms_ > 0.0) {
        governor_.update(figures_.busy + figures_.idle_time, budget);
    }
    figures_.level = governor_.level();
}

}  // namespace ticklab::game

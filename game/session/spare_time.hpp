#pragma once
// Text 002's end of a frame: idle tasks run with the time its budget has left after its work, and a
// load governor scales the background work (an idle task of up to `idle_work_ms` a frame) so that
// 5-10 % of the frame stays idle. The background work is load only: it never changes a simulation.
//
// Usage (the session, each frame):
//   spare.begin_frame(tasks);                                // before the frame's work
//   spare.use(tasks, budget, settings.idle_work_ms, spend);  // after drawing

#include <ticklab/load_governor.hpp>
#include <ticklab/scheduler.hpp>
#include <ticklab/time.hpp>

#include <cstddef>
#include <functional>

namespace ticklab::game {

struct spare_time_figures {
    ticklab::nanoseconds budget{0};
    ticklab::nanoseconds busy{0};       // the frame's cost before its idle tasks
    ticklab::nanoseconds idle_time{0};  // spent in idle tasks
    std::size_t idle_runs = 0;
    double level = 1.0;  // the background work's share of idle_work_ms
};

class spare_time {
public:
    // `spend` does `ms` of (modelled) work; it must outlive this.
    explicit spare_time(std::function<void(double ms)> spend) : spend_{std::move(spend)} {}

    void begin_frame(const ticklab::scheduler& tasks) { frame_start_ = tasks.cost_clock().now(); }
    // A budget of 0 (no FPS cap) runs no idle task and holds the level.
    void use(ticklab::scheduler& tasks, ticklab::nanoseconds budget, double idle_work_ms);
    [[nodiscard]] const spare_time_figures& figures() const noexcept { return figures_; }

private:
    std::function<void(double ms)> spend_;
    ticklab::load_governor governor_;
    ticklab::task_handle background_work_;  // the idle task while idle_work_ms > 0
    double idle_work_ms_ = 0.0;
    ticklab::nanoseconds frame_start_{0};
    spare_time_figures figures_;
};

}  // namespace ticklab::game

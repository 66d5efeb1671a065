#include <ticklab/frame_executor.hpp>

#include <stdexcept>
#include <string>

namespace ticklab {

class frame_executor::frame_client final : public loop_client {
public:
    frame_client(scheduler& tasks, loop_client& simulation) : tasks_{tasks}, simulation_{simulation} {}
    void advance_to(nanoseconds virtual_time) override {
        tasks_.advance_to(virtual_time);  // time events first: one due at a tick's time runs before it
        simulation_.advance_to(virtual_time);
    }
    void tick(const tick_info& tick) override {
        simulation_.tick(tick);
        tasks_.on_tick(tick.index);
    }

private:
    scheduler& tasks_;
    loop_client& simulation_;
};

frame_executor::frame_executor(fixed_loop& loop, scheduler& tasks, frame_executor_config config)
    : loop_{loop}, tasks_{tasks}, config_{config} {
    if (config_.frame_budget < nanoseconds{0}) {
        throw std::invalid_argument("frame budget " + std::to_string(config_.frame_budget.count()) +
                                    " ns is not allowed: use 0 (none) or more");
    }
    if (config_.govern_load) {
        if (config_.frame_budget == nanoseconds{0}) {
            throw std::invalid_argument("governing the load needs a frame budget: set frame_budget above 0");
        }
        governor_.emplace(config_.governor);
        load_.level = governor_->level();
    }
}

const frame_stats& frame_executor::execute_frame(loop_client& simulation) {
    const nanoseconds cost_start = tasks_.cost_clock().now();
    const frame_plan& plan = loop_.begin_frame();
    tasks_.begin_frame({.index = plan.frame_index, .start = plan.start, .end = plan.target});
    frame_client client{tasks_, simulation};
    const frame_stats& stats = loop_.finish_frame(client);
    tasks_.run_frame(stats.frame_index);
    tasks_.run_render();

    const nanoseconds render_end = tasks_.cost_clock().now();
    load_.busy = render_end - cost_start;
    load_.idle_time = nanoseconds{0};
    load_.idle_runs = 0;
    if (config_.frame_budget > nanoseconds{0}) {
        if (governor_) load_.level = governor_->update(load_.busy, config_.frame_budget);
        load_.idle_runs = tasks_.run_idle(config_.frame_budget - load_.busy);
        load_.idle_time = tasks_.cost_clock().now() - render_end;
    }
    return stats;
}

}  // namespace ticklab

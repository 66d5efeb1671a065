#include "session/budgeted_task.hpp"

#include "sim/frame_time.hpp"

namespace ticklab::game {

void budgeted_task::update(ticklab::scheduler& tasks, double load_ms, double budget_ms) {
    if (active() && load_ms == load_ms_ && budget_ms == budget_ms_) return;
    stop(tasks);
    if (load_ms <= 0.0) return;
    load_ms_ = load_ms;
    budget_ms_ = budget_ms;
    handle_ = tasks.schedule_frame(
        {.interval = 1, .budget = budget_ms > 0.0 ? frame_time(budget_ms) : ticklab::nanoseconds{0}, .name = name},
        [this](ticklab::task_context&) {
            spend_(load_ms_);
            ran_ = true;
        });
}

void budgeted_task::end_frame() {
    if (!active()) return;
    history_.push_back(ran_);
    if (history_.size() > kept_frames) history_.pop_front();
    ran_ = false;
}

void budgeted_task::stop(ticklab::scheduler& tasks) {
    if (active()) tasks.terminate(handle_);
    handle_ = {};
    history_.clear();
    ran_ = false;
}

budgeted_task::tally budgeted_task::recent(std::size_t frames) const {
    tally out;
    const std::size_t from = history_.size() > frames ? history_.size() - frames : 0;
    for (std::size_t i = from; i < history_.size(); ++i) {
        out.runs += history_[i] ? 1 : 0;
        out.pattern += history_[i] ? '#' : '-';
    }
    out.frames = history_.size() - from;
    return out;
}

}  // namespace ticklab::game

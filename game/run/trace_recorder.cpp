#include "run/trace_recorder.hpp"

#include <algorithm>
#include <utility>

namespace ticklab::game {

trace_recorder::trace_recorder(session& s) : scheduler_{&s.tasks()} {
    scheduler_->set_run_observer([this](const ticklab::task_run& run) { on_run(run); });
}

void trace_recorder::detach() noexcept {
    if (scheduler_ != nullptr) scheduler_->set_run_observer(nullptr);
    scheduler_ = nullptr;
}

void trace_recorder::on_run(const ticklab::task_run& run) {
    key_.assign(run.name).push_back('\0');
    key_.push_back(static_cast<char>(run.kind));
    auto at = task_ids_.find(key_);
    if (at == task_ids_.end()) {
        std::string name = run.name.empty() ? "task " + std::to_string(run.handle.index) : std::string{run.name};
        at = task_ids_.emplace(key_, static_cast<std::uint32_t>(tasks_.size())).first;
        tasks_.push_back({std::move(name), run.kind});
    }
    pending_.push_back({at->second, run.begin.count(), run.cost.count(), run.skipped});
}

void trace_recorder::set_settings(nlohmann::ordered_json started, nlohmann::ordered_json at_end) {
    settings_ = std::move(started);
    settings_at_end_ = std::move(at_end);
}

void trace_recorder::end_run(std::int64_t last_frame_ns) noexcept {
    if (!frames_.empty()) frames_.back().real_ns = std::max<std::int64_t>(0, last_frame_ns);
}

void trace_recorder::record(const session& s, const ticklab::frame_stats& frame) {
    const ticklab::fixed_loop& loop = s.loop();
    if (scene_.empty()) scene_ = std::string{s.current_entry().name};
    if (!frames_.empty()) {
        // frame.real is the time since the previous frame's reading: that frame's own length.
        frames_.back().real_ns = frame.real.count();
        reading_ns_ += frame.real.count();  // the first frame's reading is 0
    }

    trace_frame out;
    out.frame = frame.frame_index;
    out.reading_ns = reading_ns_;
    out.real_ns = 0;  // known at the next record() or end_run()
    out.ticks = frame.ticks;
    out.first_tick = frame.total_ticks - frame.ticks + 1;
    out.tick_cost_ns = frame.tick_cost.count();
    out.alpha = frame.alpha;
    out.dropped_ns = frame.dropped.count();
    out.debt_ns = frame.debt.count();
    out.virtual_ns = loop.virtual_now().count();
    out.time_scale = loop.clock().time_scale();
    out.paused = loop.clock().paused();
    out.first_task = static_cast<std::uint32_t>(runs_.size());
    out.task_count = static_cast<std::uint32_t>(pending_.size());
    if (!pending_.empty()) {
        const std::int64_t first = pending_.front().begin_ns;
        for (const pending_run& run : pending_) {
            runs_.push_back({run.task, std::max<std::int64_t>(0, run.begin_ns - first), run.cost_ns, run.skipped});
        }
        pending_.clear();
    }
    frames_.push_back(out);
}

}  // namespace ticklab::game

#include "run/trace_recorder.hpp"

#include "sim/strategy_names.hpp"

#include <algorithm>
#include <string_view>
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

namespace {

std::string number_text(double value) {
    return nlohmann::json(value).dump();  // as the trace's settings write it: 120, 0.5
}

// The loop settings a person changes while a run goes on, "key=value" as run_settings names them,
// that differ between `was` and `now` (pause is a mark of its own).
std::string settings_change(const loop_settings& was, const loop_settings& now) {
    std::string out;
    const auto add = [&out](std::string_view key, const std::string& value) {
        out += (out.empty() ? "" : ", ") + std::string{key} + "=" + value;
    };
    const loop_strategy& a = was.strategy;
    const loop_strategy& b = now.strategy;
    if (a.step_mode != b.step_mode) add("stepping", std::string{choice_name(stepping_choices, b.step_mode)});
    if (a.catch_up_mode != b.catch_up_mode)
        add("catch_up", std::string{choice_name(catch_up_choices, b.catch_up_mode)});
    if (a.smoothing_mode != b.smoothing_mode)
        add("smoothing", std::string{choice_name(smoothing_choices, b.smoothing_mode)});
    if (a.scaling != b.scaling) add("time_scaling", std::string{choice_name(time_scaling_choices, b.scaling)});
    if (was.tick_rate_hz != now.tick_rate_hz) add("tick_rate", std::to_string(now.tick_rate_hz));
    if (was.max_loops != now.max_loops) add("max_loops", std::to_string(now.max_loops));
    if (was.time_scale != now.time_scale) add("time_scale", number_text(now.time_scale));
    if (was.fps_cap != now.fps_cap) add("fps_cap", number_text(now.fps_cap));
    if (was.tick_load_ms != now.tick_load_ms) add("tick_load_ms", number_text(now.tick_load_ms));
    if (was.frame_load_ms != now.frame_load_ms) add("frame_load_ms", number_text(now.frame_load_ms));
    if (was.task_load_ms != now.task_load_ms) add("task_load_ms", number_text(now.task_load_ms));
    if (was.task_budget_ms != now.task_budget_ms) add("task_budget_ms", number_text(now.task_budget_ms));
    if (was.frame_time_clamp_ms != now.frame_time_clamp_ms) add("frame_clamp_ms", number_text(now.frame_time_clamp_ms));
    return out;
}

}  // namespace

void trace_recorder::mark_changes(const session& s, const trace_frame& frame) {
    const loop_settings& now = s.settings();
    const std::optional<bool> time_sync =
        s.network() != nullptr ? std::optional<bool>{s.network()->config().network.time_sync} : std::nullopt;
    if (last_settings_) {  // the first frame is what the run started with: the settings say it
        if (frame.paused != last_paused_)
            marks_.push_back({frame.frame, frame.reading_ns, frame.paused ? "paused" : "resumed"});
        std::string changed = settings_change(*last_settings_, now);
        if (time_sync && last_time_sync_ && *time_sync != *last_time_sync_) {
            changed += (changed.empty() ? "" : ", ") + std::string{"time_sync="} + (*time_sync ? "true" : "false");
        }
        if (!changed.empty()) marks_.push_back({frame.frame, frame.reading_ns, std::move(changed)});
    }
    last_settings_ = now;
    last_paused_ = frame.paused;
    last_time_sync_ = time_sync;
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
    mark_changes(s, out);
    frames_.push_back(out);
}

}  // namespace ticklab::game

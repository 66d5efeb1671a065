#pragma once
// The budget lesson's task (text 002, "time budgets"): a frame task that does `load_ms` of work
// each run, with a budget of `budget_ms` per run (0: none). The scheduler skips a run when the
// task's credit is used up, so a 3 ms task on a 2 ms budget runs in two frames of three.
//
// Usage (the session, every frame):
//   task.update(tasks, settings.task_load_ms, settings.task_budget_ms);   // before the frame pass
//   tasks.run_frame(frame);
//   task.end_frame();                                                     // after it
//   task.recent(30);                                                      // runs in the last 30 frames
//
// The task exists only while load_ms > 0; a new load or budget makes a new task (its credit and
// history start again). The work is `spend(load_ms)`: busy work in a window, counted load in a
// manual-clock run, where the scheduler's cost clock counts it too (session.hpp).

#include <ticklab/scheduler.hpp>

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <string>

namespace ticklab::game {

class budgeted_task {
public:
    explicit budgeted_task(std::function<void(double ms)> spend) : spend_{std::move(spend)} {}

    void update(ticklab::scheduler& tasks, double load_ms, double budget_ms);
    void end_frame();
    void stop(ticklab::scheduler& tasks);
    // Forgets which frames the task ran in (recent() counts from here); the task, its credit and
    // its schedule go on unchanged.
    void restart_record() noexcept { history_.clear(); }

    [[nodiscard]] bool active() const noexcept { return static_cast<bool>(handle_); }
    struct tally {
        std::size_t runs = 0;
        std::size_t frames = 0;
        std::string pattern;  // oldest first: '#' a frame it ran in, '-' one it was skipped in
    };
    // The last `frames` frames (fewer while the task is younger).
    [[nodiscard]] tally recent(std::size_t frames) const;

    static constexpr std::size_t kept_frames = 240;
    static constexpr const char* name = "budgeted work";

private:
    std::function<void(double)> spend_;
    ticklab::task_handle handle_{};
    double load_ms_ = 0.0;
    double budget_ms_ = 0.0;
    bool ran_ = false;
    std::deque<bool> history_;  // newest last, at most kept_frames
};

}  // namespace ticklab::game

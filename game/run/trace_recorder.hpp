#pragma once
// What each frame of a run did, kept for --trace: the loop's figures and every scheduler task run
// and budget skip in the frame (through the scheduler's run observer). Written at the end of the run
// (run/trace_formats.hpp), whole or not at all.
//
// Usage (any runner, once per frame, after session.update_frame):
//   trace_recorder trace{session};     // only when --trace is given: nothing is recorded otherwise
//   trace.record(session, frame);
//   trace.detach(); trace.end_run(length); write_trace(path, trace);  // at the end
// The runner does all this for --trace (run/runner.cpp), in headless, screenshot and window runs.
//
// Time axis: the loop's own clock readings, the first frame's at 0 and each later one the real time
// since the previous frame (as the loop measured it) after the one before, so a headless run's axis
// is its manual clock and a window run's the steady clock the loop read. A frame's work (its ticks,
// frame and render tasks, drawing, pacing) starts at its reading and lasts until the next one: its
// own length, which the loop only measures at the next frame (frame_stats::real is the previous
// frame's), so each frame's length is filled in by the next record() and the last one's by
// end_run(). Memory: about 100 bytes a frame plus 24 bytes per task run (and a line per mark).

#include "session/session.hpp"

#include <ticklab/fixed_loop.hpp>
#include <ticklab/scheduler.hpp>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ticklab::game {

struct trace_frame {
    std::uint64_t frame = 0;        // the loop's frame index (1 for the first)
    std::int64_t reading_ns = 0;    // the clock reading that started this frame's work (see above)
    std::int64_t real_ns = 0;       // the frame's own length: real time from its reading to the next
    std::uint32_t ticks = 0;        // ticks run in the frame
    std::uint64_t first_tick = 0;   // index of its first tick (1-based), when ticks > 0
    std::int64_t tick_cost_ns = 0;  // real time spent inside them (steady clock)
    double alpha = 0.0;
    std::int64_t dropped_ns = 0;  // virtual time the cap discarded
    std::int64_t debt_ns = 0;     // virtual time carried to the next frame
    std::int64_t virtual_ns = 0;  // virtual time at the frame's end
    double time_scale = 1.0;      // virtual per real, to show dropped virtual time on the real axis
    bool paused = false;
    std::uint32_t first_task = 0;  // this frame's entries in trace_recorder::task_runs()
    std::uint32_t task_count = 0;
};

struct trace_task_run {
    std::uint32_t task = 0;      // index into trace_recorder::tasks()
    std::int64_t offset_ns = 0;  // after the frame's reading: its runs keep their real spacing, the first at 0
    std::int64_t cost_ns = 0;    // measured (steady clock); 0 for a skip
    bool skipped = false;        // skipped to stay within budget
};

// A change a person made during the run, at the frame that first ran with it: a pause, a resume, or
// loop settings changed (B in a lesson, a key, the panel), e.g. "catch_up=drop" or "tick_rate=120,
// max_loops=8" (the settings' names and values as the trace's settings give them, run_settings.hpp),
// or the network game's time sync ("time_sync=true").
struct trace_mark {
    std::uint64_t frame = 0;      // the loop's frame index
    std::int64_t reading_ns = 0;  // that frame's reading, on the trace's time axis
    std::string what;             // "paused", "resumed", or "key=value" changes joined by ", "
};

// Runs are grouped by task name and kind: a script's successive waits are one-shot tasks of one name.
struct trace_task {
    std::string name;  // the task's name, "task N" when it has none
    ticklab::task_kind kind = ticklab::task_kind::time;
};

class trace_recorder {
public:
    // Observes `s`'s scheduler from now on (every task run is measured while it does), until
    // detach(): call it before the recorder goes while `s` lives on.
    explicit trace_recorder(session& s);
    void detach() noexcept;
    trace_recorder(const trace_recorder&) = delete;
    trace_recorder& operator=(const trace_recorder&) = delete;

    // Once per frame, after session.update_frame: the frame's figures and the task runs since the last call.
    void record(const session& s, const ticklab::frame_stats& frame);
    // Once after the last frame: its length, from its reading to the run's end (frame_clock::frame_end).
    void end_run(std::int64_t last_frame_ns) noexcept;

    [[nodiscard]] const std::vector<trace_frame>& frames() const noexcept { return frames_; }
    [[nodiscard]] const std::vector<trace_task>& tasks() const noexcept { return tasks_; }
    [[nodiscard]] const std::vector<trace_task_run>& task_runs() const noexcept { return runs_; }
    [[nodiscard]] const std::vector<trace_mark>& marks() const noexcept { return marks_; }
    [[nodiscard]] const std::string& scene() const noexcept { return scene_; }

    // What the run ran with (run/run_settings.hpp): its settings when it started, and those a
    // window's keys or panel changed during it, at their end values (empty when none did).
    void set_settings(nlohmann::ordered_json started, nlohmann::ordered_json at_end);
    [[nodiscard]] const nlohmann::ordered_json& settings() const noexcept { return settings_; }
    [[nodiscard]] const nlohmann::ordered_json& settings_at_end() const noexcept { return settings_at_end_; }

private:
    void on_run(const ticklab::task_run& run);

    ticklab::scheduler* scheduler_;
    std::vector<trace_frame> frames_;
    std::vector<trace_task> tasks_;
    std::vector<trace_task_run> runs_;
    std::map<std::string, std::uint32_t> task_ids_;  // by name + '\0' + kind
    std::string key_;                                // reused for lookups
    struct pending_run {
        std::uint32_t task;
        std::int64_t begin_ns;
        std::int64_t cost_ns;
        bool skipped;
    };
    std::vector<pending_run> pending_;  // runs since the last record()
    void mark_changes(const session& s, const trace_frame& frame);
    std::vector<trace_mark> marks_;
    // What the last recorded frame ran with, to mark a change at the frame after it.
    std::optional<loop_settings> last_settings_;
    bool last_paused_ = false;
    std::optional<bool> last_time_sync_;  // nullopt: no network game
    std::int64_t reading_ns_ = 0;
    std::string scene_;
    nlohmann::ordered_json settings_ = nlohmann::ordered_json::object();
    nlohmann::ordered_json settings_at_end_ = nlohmann::ordered_json::object();
};

}  // namespace ticklab::game

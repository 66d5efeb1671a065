#pragma once
// One shape for every run, headless, screenshot or window: start it (a replay or a recording),
// step frames until it should stop, finish it (the recording, the report, and whatever else was
// attached).
//
// Usage:
//   runner run{options, run_kind::headless};
//   session s{run.clock().source(), options.scene, options.scene_settings, options.loop};
//   run.start(s);
//   run.add_observer([](const session& s, const ticklab::frame_stats& f) { ... });  // every frame
//   run.run_frames(s, [&]() -> const ticklab::frame_stats& { ...one frame...; });
//   return run.finish(s);   // 0, or exit_write_failed with one line printed
//
// When a run stops, the same for every kind:
// - after --frames frames;
// - before a frame once --ticks ticks have run (the first frame of a drawing run always runs);
// - when the window asks to quit (closed, Escape, SIGINT);
// - in a manual-clock run (headless, screenshot) that is paused with --ticks and no --frames: no
//   tick can come, so it stops after one frame with a note instead of spinning;
// - at max_run_frames, with a note, when --ticks was not reached.
// Without --frames or --ticks a headless run takes 600 frames, a screenshot run 30, and a window
// runs until it is closed. A headless run whose stderr is a terminal shows a progress line there
// once it has lasted a second (run/progress_line.hpp), cleared when its frames end.

#include "run/frame_clock.hpp"
#include "run/launch_options.hpp"
#include "run/progress_line.hpp"
#include "run/run_error.hpp"
#include "run/trace_recorder.hpp"
#include "session/session.hpp"

#include <ticklab/fixed_loop.hpp>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ticklab::game {

enum class run_kind { headless, screenshot, window };

// Frames a --ticks run may take before it gives up (a tiny time scale at 1 Hz needs many).
inline constexpr std::uint64_t max_run_frames = 50'000'000;
// Frames a headless run takes without --frames or --ticks.
inline constexpr std::uint64_t default_headless_frames = 600;

// Called after every frame with the frame's figures: a trace writer, an invariant check.
using frame_observer = std::function<void(const session&, const ticklab::frame_stats&)>;
// Called by finish() after the recording and the report: "" or one line (the run then exits 1).
using run_finisher = std::function<std::string(const session&)>;

class runner {
public:
    // `options` must outlive the runner.
    runner(const launch_options& options, run_kind kind);

    // The clock the run's session must be built on.
    [[nodiscard]] frame_clock& clock() noexcept { return *clock_; }

    void add_observer(frame_observer observer);
    void add_finisher(run_finisher finisher);

    // Starts --replay or --record on `s` (before its first frame), and --trace's recorder.
    void start(session& s);

    // Runs frames until a stop rule above says so. `frame` runs one frame of `s` (advance, frame
    // work, drawing) and returns its figures; `quit_requested` (may be empty) is asked before each.
    void run_frames(session& s, const std::function<const ticklab::frame_stats&()>& frame,
                    const std::function<bool()>& quit_requested = {});
    // One step of run_frames: runs one frame and returns true, or returns false once a stop rule
    // says the run is over (and from then on). run_frames is `while (run_frame(...)) {}`; a browser
    // calls it once per animation frame instead (app/platform/frame_driver.hpp): one loop, whoever
    // owns it.
    bool run_frame(session& s, const std::function<const ticklab::frame_stats&()>& frame,
                   const std::function<bool()>& quit_requested = {});

    // Writes the recording (--record), the report (--report) and the trace (--trace), each with the
    // settings the run started with and those changed since (run/run_settings.hpp), then runs the
    // finishers. Returns exit_ok, or exit_write_failed after printing one line.
    [[nodiscard]] int finish(session& s);

    [[nodiscard]] std::uint64_t frames() const noexcept { return frames_; }

private:
    [[nodiscard]] bool should_stop(const session& s);
    void end_frames();

    const launch_options& options_;
    run_kind kind_;
    std::unique_ptr<frame_clock> clock_;
    std::uint64_t frame_limit_;
    std::vector<frame_observer> observers_;
    std::vector<run_finisher> finishers_;
    std::unique_ptr<trace_recorder> trace_;  // --trace only: no cost otherwise
    ticklab::steady_time_source wall_;       // real time, for the progress line
    std::optional<progress_line> progress_;  // headless runs with stderr on a terminal
    std::uint64_t frames_ = 0;
    bool ended_ = false;  // a stop rule has ended the frames
    nlohmann::ordered_json started_settings_;  // run_settings at start(), for the trace and the report
    // The clock just before the last frame: where its length starts (a manual clock's reading
    // exactly; a live one's, which the loop reads a moment later).
    ticklab::nanoseconds frame_reading_{0};
};

}  // namespace ticklab::game

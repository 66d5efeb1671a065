#include "run/runner.hpp"

#include "run/report.hpp"
#include "run/run_error.hpp"
#include "run/run_settings.hpp"
#include "run/trace_formats.hpp"
#include "session/replay_file.hpp"

#include <unistd.h>

#include <cstdio>
#include <limits>
#include <utility>

namespace ticklab::game {

namespace {

std::unique_ptr<frame_clock> clock_for(const launch_options& options, run_kind kind) {
    switch (kind) {
        case run_kind::headless:
            return std::make_unique<stepped_clock>(frame_time(options.frame_ms), options.frame_jitter_ms);
        case run_kind::screenshot:
            return std::make_unique<jittered_clock>(frame_time(options.frame_ms), options.frame_jitter_ms);
        case run_kind::window:
            break;
    }
    return std::make_unique<live_clock>();
}

std::uint64_t frame_limit_for(const launch_options& options, run_kind kind) {
    if (options.frames) return *options.frames;
    if (options.ticks) return kind == run_kind::window ? std::numeric_limits<std::uint64_t>::max() : max_run_frames;
    switch (kind) {
        case run_kind::headless:
            return default_headless_frames;
        case run_kind::screenshot:
            return 30;
        case run_kind::window:
            break;
    }
    return std::numeric_limits<std::uint64_t>::max();
}

std::string_view kind_name(run_kind kind) {
    switch (kind) {
        case run_kind::headless:
            return "headless";
        case run_kind::screenshot:
            return "screenshot";
        case run_kind::window:
            break;
    }
    return "window";
}

std::string tick_progress(const session& s, std::uint64_t target) {
    return std::to_string(s.ticks()) + " of " + std::to_string(target) + " ticks";
}

}  // namespace

runner::runner(const launch_options& options, run_kind kind)
    : options_{options}, kind_{kind}, clock_{clock_for(options, kind)}, frame_limit_{frame_limit_for(options, kind)} {}

void runner::add_observer(frame_observer observer) {
    observers_.push_back(std::move(observer));
}

void runner::add_finisher(run_finisher finisher) {
    finishers_.push_back(std::move(finisher));
}

void runner::start(session& s) {
    if (options_.network) {
        // Nobody plays a headless or screenshot run: both players are bots, so both peers roll back.
        network_settings network = *options_.network;
        network.bots = network.bots || kind_ != run_kind::window;
        s.start_network(network);
    }
    s.count_load(clock_->manual());
    s.stop_ticks_at(options_.ticks);
    if (options_.replay_recording) s.start_replay(*options_.replay_recording);
    if (!options_.record_path.empty()) s.start_recording();
    started_settings_ = run_settings(options_, kind_name(kind_), s);
    if (kind_ == run_kind::headless && !progress_ && progress_line::wanted(STDERR_FILENO)) {
        progress_.emplace([](std::string_view text) { std::fwrite(text.data(), 1, text.size(), stderr); }, wall_,
                          progress_line::goal{frame_limit_, options_.ticks});
    }
    if (!options_.trace_path.empty() && !trace_) {
        trace_ = std::make_unique<trace_recorder>(s);
        add_observer(
            [this](const session& traced, const ticklab::frame_stats& frame) { trace_->record(traced, frame); });
    }
}

bool runner::should_stop(const session& s) {
    // A drawing run shows at least one frame, whatever --ticks says.
    const bool drawn = kind_ == run_kind::headless || frames_ > 0;
    if (drawn && options_.ticks && s.ticks() >= *options_.ticks) return true;
    if (options_.ticks && !options_.frames && clock_->manual() && frames_ > 0 && s.settings().paused &&
        !s.settings().single_step) {
        if (progress_) progress_->clear();
        note("paused: no tick can run, stopping after " + std::to_string(frames_) + " frame(s) with " +
             tick_progress(s, *options_.ticks));
        return true;
    }
    return false;
}

void runner::run_frames(session& s, const std::function<const ticklab::frame_stats&()>& frame,
                        const std::function<bool()>& quit_requested) {
    while (run_frame(s, frame, quit_requested)) {
    }
}

bool runner::run_frame(session& s, const std::function<const ticklab::frame_stats&()>& frame,
                       const std::function<bool()>& quit_requested) {
    if (ended_) return false;
    if (frames_ >= frame_limit_) {
        end_frames();
        if (options_.ticks && !options_.frames && s.ticks() < *options_.ticks) {
            note("stopped at the cap of " + std::to_string(frame_limit_) + " frames with " +
                 tick_progress(s, *options_.ticks));
        }
        return false;
    }
    if (should_stop(s) || (quit_requested && quit_requested())) {
        end_frames();
        return false;
    }
    clock_->before_frame(s, options_.ticks);
    frame_reading_ = clock_->source().now();
    const ticklab::frame_stats& stats = frame();
    ++frames_;
    for (const frame_observer& observer : observers_) observer(s, stats);
    if (progress_) progress_->update(frames_, s.ticks());
    return true;
}

void runner::end_frames() {
    ended_ = true;
    if (progress_) progress_->clear();
}

int runner::finish(session& s) {
    const nlohmann::ordered_json at_end =
        changed_settings(started_settings_, run_settings(options_, kind_name(kind_), s));
    if (trace_) {
        trace_->detach();
        trace_->end_run((clock_->frame_end(s) - frame_reading_).count());
        trace_->set_settings(started_settings_, at_end);
    }
    if (!options_.record_path.empty()) {
        s.stop_recording();
        if (!s.replay_state().recorder) {
            return fail(exit_write_failed, "replay '" + options_.record_path + "': nothing was recorded");
        }
        if (std::string error = write_replay_file(options_.record_path, s.replay_state().recorder->recording());
            !error.empty()) {
            return fail(exit_write_failed, error);
        }
    }
    // A window's report is written at exit too (closed, Escape, or SIGINT/SIGTERM, which SDL turns
    // into a quit), so a script can drive the window and read what the loop did.
    if (!options_.report_path.empty()) {
        if (std::string error = write_report(options_.report_path, s, clock_->real_time_s(), started_settings_, at_end);
            !error.empty()) {
            return fail(exit_write_failed, "report: " + error);
        }
    }
    if (trace_) {
        if (std::string error = write_trace(options_.trace_path, *trace_); !error.empty()) {
            return fail(exit_write_failed, "trace: " + error);
        }
    }
    for (const run_finisher& finisher : finishers_) {
        if (std::string error = finisher(s); !error.empty()) return fail(exit_write_failed, error);
    }
    return exit_ok;
}

}  // namespace ticklab::game

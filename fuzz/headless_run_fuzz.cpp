// Runs what a fuzzed command line describes, not only parses it. The bytes are a command line
// (fuzz_command_line.hpp; headless_run_fuzz.dict gives libFuzzer every option and values in range,
// on the boundaries and out of range); parse_command_line either refuses it
// (exit 2 with exactly one line on stderr; exit 0 only for help and --lesson list) or accepts it,
// and then the headless session it describes runs on the runner every headless run uses
// (run/runner.hpp, with an observer), bounded so each input finishes fast, while every frame is
// checked:
//   - virtual time never goes back (the main loop's and the ghost's);
//   - a frame runs at most the mode's stated number of ticks: MAX_LOOPS for drop and debt, what the
//     clamp lets in for clamp, safety_ticks_per_frame for none, one update for variable stepping;
//     a single step runs exactly one tick;
//   - a frame never lasts 0 s of real time;
// and at the end:
//   - the run stopped within its bound: --frames F ran F frames; --ticks N ended on exactly tick N
//     within the frames it needs, fixed or variable stepping (or, paused, after one frame); a
//     replay never ran past its last tick; stderr holds at most the runner's one-line note;
//   - the JSON report (report_json and the --report file) parses and has every key, with the
//     frame and tick counts, max_ticks_per_frame and state_hash of the run;
//   - a --record file reads back with the run's tick count, and replayed at another frame rate it
//     ends on the same state_hash.
// A broken rule aborts, so libFuzzer keeps the input (scripts/fuzz.sh).
#include "cli/command_line.hpp"
#include "fuzz_command_line.hpp"
#include "run/launch_options.hpp"
#include "run/report.hpp"
#include "run/runner.hpp"
#include "session/replay_file.hpp"
#include "session/session.hpp"
#include "sim/frame_time.hpp"

#include <nlohmann/json.hpp>
#include <ticklab/fixed_loop.hpp>
#include <ticklab/time_source.hpp>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

using ticklab::nanoseconds;
using namespace ticklab::game;

// Bounds that keep one input well under a second with ASan: ticks are the work, frames the loop.
constexpr std::uint64_t fuzz_max_frames = 1'000;
constexpr std::uint64_t fuzz_max_ticks = 2'000;
constexpr std::uint32_t fuzz_max_balls = 120;

[[noreturn]] void broken(const std::string& what) {
    std::fprintf(stderr, "headless_run_fuzz: contract broken: %s\n", what.c_str());
    std::abort();
}

void require(bool ok, const std::string& what) {
    if (!ok) broken(what);
}

std::size_t count_lines(const std::string& text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// What parse_command_line and a run print, kept apart from the fuzzer's own output.
class captured_streams {
public:
    captured_streams() : old_out_{std::cout.rdbuf(out.rdbuf())}, old_err_{std::cerr.rdbuf(err.rdbuf())} {}
    ~captured_streams() {
        std::cout.rdbuf(old_out_);
        std::cerr.rdbuf(old_err_);
    }
    captured_streams(const captured_streams&) = delete;
    captured_streams& operator=(const captured_streams&) = delete;
    std::ostringstream out, err;

private:
    std::streambuf* old_out_;
    std::streambuf* old_err_;
};

// ---- The run: the runner every headless run uses (run/runner.hpp), observed frame by frame ----

struct run_end {
    std::uint64_t frames = 0;
    int exit_code = 0;
    std::string notes;  // what the run printed on stderr ("ticklab: paused: ...", "stopped at the cap ...")
    std::string out;    // what it printed on stdout (the report for --report -)
};

// Runs `s` as run_headless does, with `observe` called after every frame.
run_end run_observed(runner& run, session& s, const frame_observer& observe) {
    captured_streams capture;
    run.start(s);
    run.add_observer(observe);
    run.run_frames(s, [&s]() -> const ticklab::frame_stats& {
        const ticklab::frame_stats& frame = s.advance();
        s.update_frame(frame);
        return frame;
    });
    run_end end;
    end.exit_code = run.finish(s);
    end.frames = run.frames();
    end.notes = capture.err.str();
    end.out = capture.out.str();
    return end;
}

// ---- The rules ----

// Most ticks one frame may run under the loop's current configuration (fixed_loop.hpp).
std::uint32_t tick_limit(const ticklab::loop_config& config) {
    using ticklab::catch_up;
    if (config.step_mode == ticklab::stepping::variable) return 1;
    switch (config.catch_up_mode) {
        case catch_up::drop_backlog:
        case catch_up::keep_debt:
        case catch_up::text_004:
            return config.max_loops;
        case catch_up::clamp_frame_time: {
            // At most the clamp's worth of time arrives, on top of less than one tick of phase.
            const auto whole = config.frame_time_clamp.count() / ticklab::tick_offset(1, config.tick_rate_hz).count();
            return static_cast<std::uint32_t>(std::min<std::int64_t>(whole + 1, ticklab::safety_ticks_per_frame));
        }
        case catch_up::uncapped:
            return ticklab::safety_ticks_per_frame;
    }
    return 0;
}

// Watches one loop (the main one or the ghost) frame by frame.
struct loop_watch {
    const char* name;
    nanoseconds last_virtual{0};
    std::uint64_t last_frame = 0;
    std::uint32_t max_ticks = 0;

    void check(const ticklab::fixed_loop& loop, const ticklab::frame_stats& frame) {
        // The ghost is made at the end of one of main's frames and runs the rest of that frame at
        // once (comparison::after_frame): that first frame lasts no real time when main's frame
        // ended on the tick where the ghost starts. Every later frame of either loop lasts some.
        if (frame.frame_index == last_frame) return;
        const bool ghost_start = std::string_view{name} == "ghost" && last_frame == 0;
        last_frame = frame.frame_index;
        const std::string at = std::string{name} + " frame " + std::to_string(frame.frame_index) + ": ";
        require(loop.virtual_now() >= last_virtual, at + "virtual time went back");
        last_virtual = loop.virtual_now();
        const std::uint32_t limit = tick_limit(loop.config());
        require(frame.ticks <= limit,
                at + std::to_string(frame.ticks) + " ticks, more than the mode's limit " + std::to_string(limit));
        require(!frame.stepped || frame.ticks == 1, at + "a single step ran " + std::to_string(frame.ticks) + " ticks");
        require(frame.real > nanoseconds{0} || ghost_start, at + "the frame lasted no real time");
        require(frame.simulated >= nanoseconds{0}, at + "negative simulated time");
        require(frame.alpha >= 0.0 && frame.alpha <= 1.0, at + "alpha outside [0, 1]");
        require(frame.total_ticks == loop.ticks(), at + "total_ticks differs from the loop's tick count");
        max_ticks = std::max(max_ticks, frame.ticks);
        require(frame.max_ticks_per_frame == max_ticks, at + "max_ticks_per_frame is not the largest frame's ticks");
    }
};

// Virtual ns one frame brings (a replay always runs fixed ticks of the recorded rate, counted by the
// time scale), within the clamp for clamp_frame_time.
double virtual_ns_per_frame(const launch_options& o) {
    const bool replaying = o.replay_recording.has_value();
    const auto frame_ns = static_cast<double>(frame_time(o.frame_ms).count());
    const bool length_scaling = o.loop.strategy.scaling == ticklab::time_scaling::tick_length && !replaying;
    double per_frame = length_scaling ? frame_ns : frame_ns * o.loop.time_scale;
    if (o.loop.strategy.catch_up_mode == ticklab::catch_up::clamp_frame_time) {
        per_frame = std::min(per_frame, o.loop.frame_time_clamp_ms * 1e6);
    }
    return per_frame;
}

bool steps_variably(const launch_options& o) {
    return o.loop.strategy.step_mode == ticklab::stepping::variable && !o.replay_recording;
}

// Frames a run may take per tick at most: fixed ticks need a tick's worth of virtual time (a
// frame that brings a whole tick or more runs at least one; a shorter one needs this many, one more
// for the rounding of the phase); variable stepping runs one update in every frame that brings
// any virtual time at all.
std::uint64_t frames_per_tick(const launch_options& o) {
    const double per_frame = virtual_ns_per_frame(o);
    const double needed_ns = steps_variably(o) ? 1.0 : 1e9 / o.loop.tick_rate_hz;
    const double frames = per_frame >= needed_ns ? 1.0 : std::ceil(needed_ns / per_frame) + 1.0;
    return frames > 1e15 ? std::uint64_t{1'000'000'000'000'000} : static_cast<std::uint64_t>(frames);
}

// Most ticks one frame may run: the virtual time a frame brings, in ticks, and one more for the
// phase, within the safety limit.
std::uint64_t ticks_per_frame(const launch_options& o) {
    if (steps_variably(o)) return 1;
    const double hz = o.replay_recording ? o.replay_recording->tick_rate_hz : o.loop.tick_rate_hz;
    const double ticks = std::ceil(virtual_ns_per_frame(o) * hz / 1e9) + 1.0;
    return static_cast<std::uint64_t>(std::min(ticks, double{ticklab::safety_ticks_per_frame}));
}

// Frames a run needs for `ticks` ticks at most (two more: the first and the last; text 004's loop
// runs a tick only when more than a tick is pending, so it starts up to two frames later).
std::uint64_t frames_needed(const launch_options& o, std::uint64_t ticks) {
    const std::uint64_t per_tick = frames_per_tick(o);
    if (ticks > 0 && per_tick > (std::numeric_limits<std::uint64_t>::max() - 4) / ticks) {
        return std::numeric_limits<std::uint64_t>::max();
    }
    const bool text_004 = o.loop.strategy.catch_up_mode == ticklab::catch_up::text_004 && !o.replay_recording;
    return ticks * per_tick + (text_004 ? 4 : 2);
}

// Shrinks an accepted run to the fuzz bounds, keeping what it means (a --ticks run stays one, a
// run of frames stays one): a run of frames gets as many frames as fuzz_max_ticks allows, so
// '--catch-up none --time-scale 64 --tick-rate 1000 --frame-ms 100' (6,401 ticks a frame, 600
// frames by default) runs 1 frame here rather than minutes under ASan.
void bound_run(launch_options& o) {
    if (!o.replay_recording) o.scene_settings.balls = std::min(o.scene_settings.balls, fuzz_max_balls);
    if (!o.ticks) {
        const std::uint64_t by_ticks = std::max<std::uint64_t>(1, fuzz_max_ticks / ticks_per_frame(o));
        o.frames = std::min({o.frames.value_or(default_headless_frames), fuzz_max_frames, by_ticks});
        return;
    }
    if (o.frames) o.frames = std::min(*o.frames, fuzz_max_frames);
    std::uint64_t ticks = std::min(*o.ticks, fuzz_max_ticks);
    if (frames_needed(o, ticks) > fuzz_max_frames) ticks = (fuzz_max_frames - 4) / frames_per_tick(o);
    o.ticks = ticks;
}

void check_report(const std::string& text, const session& s, std::uint64_t frames, std::uint32_t max_ticks,
                  const char* where) {
    const std::string at = std::string{where} + ": ";
    nlohmann::json report;
    try {
        report = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& error) {
        broken(at + "does not parse: " + error.what() + ": " + text);
    }
    require(report.is_object(), at + "not an object");
    for (const char* key :
         {"scene", "tick_rate", "max_loops", "time_scale", "paused", "frames", "ticks", "virtual_time_s", "real_time_s",
          "dropped_time_s", "max_ticks_per_frame", "state_hash", "tick_ms_mean", "tick_ms_p99", "frame_ms_mean",
          "frame_ms_p99", "render_ms_mean", "render_ms_p99", "cpu_s"}) {
        require(report.contains(key), at + "no key '" + key + "'");
    }
    const std::string scene{s.current_entry().name};
    require(report["scene"] == scene, at + "scene");
    require(report.contains(scene == "lander" ? "lander_state" : "balls"), at + "no scene key for " + scene);
    require(report["frames"] == frames, at + "frames " + report["frames"].dump() + ", ran " + std::to_string(frames));
    require(report["ticks"] == s.loop().ticks(), at + "ticks");
    require(report["max_ticks_per_frame"] == max_ticks, at + "max_ticks_per_frame");
    char hash[24];
    std::snprintf(hash, sizeof hash, "0x%016llx", static_cast<unsigned long long>(s.state_hash()));
    require(report["state_hash"] == hash, at + "state_hash");
    require(report["virtual_time_s"].is_number() && report["virtual_time_s"] >= 0.0, at + "virtual_time_s");
}

std::string read_file(const std::string& path) {
    std::ifstream in{path, std::ios::binary};
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// At most one note on stderr, and only the runner's own: a paused --ticks run or the frame cap.
void check_notes(const std::string& notes, const char* where) {
    if (notes.empty()) return;
    require(count_lines(notes) == 1 && notes.rfind("ticklab: ", 0) == 0,
            std::string{where} + ": stderr is not one 'ticklab: ' line: " + notes);
}

// The recording reads back, and replayed at another frame rate ends on the same state.
void check_recording(const launch_options& o, const session& recorded) {
    replay r;
    const std::string error = read_replay_file(o.record_path, r);
    require(error.empty(), "--record file does not read back: " + error);
    require(r.ticks == recorded.loop().ticks(), "--record holds " + std::to_string(r.ticks) + " ticks, the run ran " +
                                                    std::to_string(recorded.loop().ticks()));
    require(r.scene == recorded.current_entry().name, "--record names another scene");
    launch_options again_options;
    again_options.headless = true;
    again_options.frame_ms = 7.3;
    again_options.ticks = r.ticks;
    again_options.scene = r.scene;
    again_options.scene_settings = r.options;
    again_options.loop.tick_rate_hz = r.tick_rate_hz;
    again_options.replay_recording = std::move(r);
    runner run{again_options, run_kind::headless};
    session again{run.clock().source(), again_options.scene, again_options.scene_settings, again_options.loop};
    const run_end end = run_observed(run, again, [](const session&, const ticklab::frame_stats&) {});
    require(end.exit_code == exit_ok, "the replay of --record failed: " + end.notes);
    check_notes(end.notes, "the replay of --record");
    require(end.frames <= frames_needed(again_options, *again_options.ticks),
            "the replay of --record took " + std::to_string(end.frames) + " frames");
    require(again.loop().ticks() == recorded.loop().ticks(), "the replay of --record ended on another tick");
    require(again.state_hash() == recorded.state_hash(), "the replay of --record ended on another state_hash");
}

// The run writes only inside the scratch folder: a path the parser accepted elsewhere (a relative
// one, a mutated "@folder/../x", "/x") is swapped for the scratch file of the same kind, still a
// valid choice.
void keep_in_scratch(std::string& path, const std::string& scratch_file) {
    if (path.empty() || path == "-") return;
    namespace fs = std::filesystem;
    std::error_code error;
    const fs::path folder = fs::weakly_canonical(fs::path{scratch_file}.parent_path(), error);
    const fs::path where = fs::weakly_canonical(fs::absolute(path, error).parent_path(), error);
    if (error || where != folder) path = scratch_file;
}

void run_and_check(launch_options o, const ticklab::fuzz::scratch_files& scratch) {
    keep_in_scratch(o.report_path, scratch.report);
    keep_in_scratch(o.record_path, scratch.record);
    keep_in_scratch(o.trace_path, scratch.trace);
    bound_run(o);
    if (!o.record_path.empty()) std::filesystem::remove(o.record_path);
    if (!o.trace_path.empty() && o.trace_path != "-") std::filesystem::remove(o.trace_path);
    if (!o.report_path.empty() && o.report_path != "-") std::filesystem::remove(o.report_path);
    // Window and screenshot options mean nothing to the session itself: it runs headless.
    o.headless = true;
    o.screenshot_path.clear();

    runner run{o, run_kind::headless};
    std::optional<session> started;
    try {
        started.emplace(run.clock().source(), o.scene, o.scene_settings, o.loop);
    } catch (const std::invalid_argument& error) {
        broken(std::string{"accepted options do not make a session: "} + error.what());
    }
    session& s = *started;
    loop_watch main_watch{"main"}, ghost_watch{"ghost"};
    const run_end end = run_observed(run, s, [&](const session& now, const ticklab::frame_stats& frame) {
        main_watch.check(now.loop(), frame);
        if (const ghost_run* ghost = now.ghost()) ghost_watch.check(ghost->loop(), ghost->loop().stats());
        if (o.replay_recording) {
            require(now.loop().ticks() <= o.replay_recording->ticks,
                    "the replay ran to tick " + std::to_string(now.loop().ticks()) + ", past its last tick " +
                        std::to_string(o.replay_recording->ticks));
        }
    });
    require(end.exit_code == exit_ok, "the run failed (exit " + std::to_string(end.exit_code) + "): " + end.notes);
    check_notes(end.notes, "the run");

    // Stopped within its bound, and where it should.
    if (o.frames && !o.ticks) require(end.frames == *o.frames, "--frames was not honoured");
    if (o.ticks && !o.loop.paused) {
        const std::uint64_t bound = std::min(o.frames.value_or(max_run_frames), frames_needed(o, *o.ticks));
        require(end.frames <= bound, "--ticks " + std::to_string(*o.ticks) + " took " + std::to_string(end.frames) +
                                         " frames, more than " + std::to_string(bound));
        if (!o.frames || end.frames < *o.frames) {
            require(s.loop().ticks() == *o.ticks,
                    "--ticks " + std::to_string(*o.ticks) + " ended on tick " + std::to_string(s.loop().ticks()));
        }
    }
    if (o.ticks && o.loop.paused && !o.frames) {
        require(end.frames <= 1, "a paused --ticks run did not stop after one frame");
    }

    check_report(report_json(s, run.clock().real_time_s()), s, end.frames, main_watch.max_ticks, "report_json");
    if (!o.record_path.empty()) check_recording(o, s);
    if (!o.report_path.empty()) {
        const std::string text = o.report_path == "-" ? end.out : read_file(o.report_path);
        require(!text.empty() && text.back() == '\n', "--report does not end with a line end");
        check_report(text, s, end.frames, main_watch.max_ticks, "--report");
    } else {
        require(end.out.empty(), "a run without --report - printed on stdout");
    }
}

// Two small recordings with input to replay, written once per process.
void write_recording_file(const std::string& path, const char* scene, std::uint32_t hz) {
    launch_options o;
    o.headless = true;
    o.scene = scene;
    o.scene_settings.balls = 40;
    o.scene_settings.seed = 5;
    o.loop.tick_rate_hz = hz;
    o.frames = 90;
    o.record_path = path;
    runner run{o, run_kind::headless};
    session s{run.clock().source(), o.scene, o.scene_settings, o.loop};
    int frame = 0;
    const run_end end = run_observed(run, s, [&](const session&, const ticklab::frame_stats&) {
        // Input for the next frame's ticks: keys held and released, clicks.
        ++frame;
        if (frame % 7 == 0) s.input().press(action::thrust);
        if (frame % 7 == 3) s.input().release(action::thrust);
        if (frame % 11 == 0) s.input().press(action::rotate_left);
        if (frame % 11 == 5) s.input().release(action::rotate_left);
        if (frame % 13 == 0) s.input().pointer({pointer_event::kind::click, {1.5f + frame, 2.0f}, {}});
    });
    if (end.exit_code != exit_ok) broken("setup: " + end.notes);
}

const ticklab::fuzz::scratch_files& files() {
    static const ticklab::fuzz::scratch_files made = [] {
        ticklab::fuzz::scratch_files f;
        f.folder =
            (std::filesystem::temp_directory_path() / ("ticklab_headless_run_fuzz_" + std::to_string(::getpid())))
                .string();
        std::filesystem::create_directories(f.folder);
        static std::string to_remove;
        to_remove = f.folder;
        std::atexit([] { std::filesystem::remove_all(to_remove); });
        f.report = f.folder + "/report.json";
        f.record = f.folder + "/run.replay";
        f.trace = f.folder + "/trace.csv";
        f.screenshot = f.folder + "/shot.png";
        f.missing = f.folder + "/missing/x";
        f.replay_balls = f.folder + "/balls.replay";
        f.replay_lander = f.folder + "/lander.replay";
        f.replay_garbage = f.folder + "/garbage.replay";
        write_recording_file(f.replay_balls, "balls", 120);
        write_recording_file(f.replay_lander, "lander", 50);
        std::ofstream{f.replay_garbage} << "ticklab-replay 1\nscene balls\n";
        return f;
    }();
    return made;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    // Real command lines are short; long inputs only slow the search down.
    if (size > 1024) return -1;
    const std::vector<std::string> args = ticklab::fuzz::command_line_from(data, size, files());
    std::vector<const char*> argv;
    for (const std::string& arg : args) argv.push_back(arg.c_str());

    std::optional<parse_result> parsed;
    std::string out, err;
    {
        captured_streams capture;
        parsed = parse_command_line(static_cast<int>(argv.size()), argv.data());
        out = capture.out.str();
        err = capture.err.str();
    }
    if (parsed->exit_code) {
        require(*parsed->exit_code == 0 || *parsed->exit_code == 2, "exit code is 0 (help) or 2 (bad input)");
        if (*parsed->exit_code == 2) {
            require(count_lines(err) == 1 && err.back() == '\n', "a bad value gets exactly one line on stderr: " + err);
            require(err.rfind("ticklab: ", 0) == 0, "the error line starts with 'ticklab: '");
            require(out.empty(), "a bad value prints nothing on stdout");
        } else {
            require(err.empty() && !out.empty(), "help prints to stdout only");
        }
        return 0;
    }
    require(err.empty() && out.empty(), "accepted options print nothing");
    // --listen / --connect play another process over a socket (run/remote_run): not a run this
    // harness can make; wire_codec_fuzz and UdpBinary.* test that path.
    if (parsed->options.remote) return 0;
    // Window and screenshot options have no meaning for the session itself: it runs headless.
    run_and_check(parsed->options, files());
    return 0;
}

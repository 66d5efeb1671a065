// The one runner (game/run/runner.cpp): its stop rules, its per-frame observers and its finish, for
// every kind of run, on a real session with no window.
#include "run/runner.hpp"
#include "session/replay_file.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

namespace {

using ticklab::game::launch_options;
using ticklab::game::run_kind;
using ticklab::game::runner;
using ticklab::game::session;

// Runs `options` as `kind` with frames that advance the session, as the headless run does; returns
// how many frames ran. `quit_after` > 0 asks to quit before that frame.
struct outcome {
    std::uint64_t frames = 0;
    std::uint64_t ticks = 0;
    std::vector<std::uint64_t> observed;  // frame_index of every frame the observer saw
};

outcome run(const launch_options& options, run_kind kind, std::uint64_t quit_after = 0) {
    runner r{options, kind};
    session s{r.clock().source(), options.scene, options.scene_settings, options.loop};
    outcome out;
    r.add_observer(
        [&out](const session&, const ticklab::frame_stats& frame) { out.observed.push_back(frame.frame_index); });
    r.start(s);
    r.run_frames(
        s,
        [&s]() -> const ticklab::frame_stats& {
            const ticklab::frame_stats& frame = s.advance();
            s.update_frame(frame);
            return frame;
        },
        [&r, quit_after] { return quit_after > 0 && r.frames() >= quit_after; });
    EXPECT_EQ(r.finish(s), ticklab::game::exit_ok);
    out.frames = r.frames();
    out.ticks = s.loop().ticks();
    return out;
}

launch_options balls(std::uint32_t count = 20) {
    launch_options options;
    options.scene_settings.balls = count;
    return options;
}

TEST(Runner, ObserverSeesEveryFrameOnceInOrder) {
    launch_options options = balls();
    options.frames = 25;
    const outcome o = run(options, run_kind::headless);
    ASSERT_EQ(o.observed.size(), 25u);
    for (std::size_t i = 0; i < o.observed.size(); ++i) EXPECT_EQ(o.observed[i], i + 1);
}

TEST(Runner, DefaultFrameCountsDependOnTheKindOfRun) {
    EXPECT_EQ(run(balls(), run_kind::headless).frames, 600u);
    EXPECT_EQ(run(balls(), run_kind::screenshot).frames, 30u);
    // A window has no default: it runs until it is asked to quit.
    EXPECT_EQ(run(balls(), run_kind::window, 45).frames, 45u);
}

TEST(Runner, FramesStopEveryKindOfRun) {
    launch_options options = balls();
    options.frames = 12;
    for (const run_kind kind : {run_kind::headless, run_kind::screenshot, run_kind::window}) {
        EXPECT_EQ(run(options, kind).frames, 12u);
    }
}

TEST(Runner, TicksEndAHeadlessRunOnExactlyThatTick) {
    launch_options options = balls();
    options.ticks = 101;
    options.frame_ms = 7.0;
    EXPECT_EQ(run(options, run_kind::headless).ticks, 101u);
    options.loop.tick_rate_hz = 240;
    options.frame_ms = 50.0;  // up to 12 ticks a frame: the last frame is cut short
    EXPECT_EQ(run(options, run_kind::headless).ticks, 101u);
}

TEST(Runner, TickLengthScalingEndsATicksRunInTheFramesItNeeds) {
    // Found by headless_run_fuzz: the last frames were cut to the real time of the remaining ticks
    // divided by the scale, but with tick-length scaling ticks come at the real rate, so each cut
    // frame fell short of the tick and '--time-scaling length --time-scale 2.25 --ticks 7' took 32
    // frames where 7 do.
    launch_options options = balls();
    options.ticks = 7;
    options.loop.strategy.scaling = ticklab::time_scaling::tick_length;
    for (const double scale : {0.25, 1.0, 2.25, 8.0}) {
        options.loop.time_scale = scale;
        const outcome o = run(options, run_kind::headless);
        EXPECT_EQ(o.ticks, 7u) << scale;
        EXPECT_EQ(o.frames, 7u) << scale;
    }
}

TEST(Runner, VariableSteppingTicksAreFramesOfTheirFullLength) {
    launch_options options = balls();
    options.ticks = 90;
    options.loop.tick_rate_hz = 240;
    options.loop.strategy.step_mode = ticklab::stepping::variable;
    runner r{options, run_kind::headless};
    session s{r.clock().source(), options.scene, options.scene_settings, options.loop};
    r.run_frames(s, [&s]() -> const ticklab::frame_stats& { return s.advance(); });
    EXPECT_EQ(s.loop().ticks(), 90u);
    EXPECT_EQ(r.frames(), 90u);
    EXPECT_EQ(r.clock().source().now(), ticklab::game::frame_time(options.frame_ms) * 90);
}

TEST(Runner, PausedManualRunWithATickTargetStopsAfterOneFrame) {
    launch_options options = balls();
    options.ticks = 10;
    options.loop.paused = true;
    EXPECT_EQ(run(options, run_kind::headless).frames, 1u);
    EXPECT_EQ(run(options, run_kind::screenshot).frames, 1u);
    // A window can be unpaused by a key, so it keeps running.
    EXPECT_EQ(run(options, run_kind::window, 20).frames, 20u);
}

TEST(Runner, ADrawingRunDrawsOneFrameEvenWithZeroTicks) {
    launch_options options = balls();
    options.ticks = 0;
    EXPECT_EQ(run(options, run_kind::headless).frames, 0u);
    EXPECT_EQ(run(options, run_kind::screenshot).frames, 1u);
    EXPECT_EQ(run(options, run_kind::window).frames, 1u);
}

TEST(Runner, FinishWritesTheRecordingThenRunsFinishers) {
    const auto folder = std::filesystem::temp_directory_path() / ("ticklab_runner_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder);
    launch_options options = balls();
    options.frames = 30;
    options.record_path = (folder / "run.replay").string();
    runner r{options, run_kind::headless};
    session s{r.clock().source(), options.scene, options.scene_settings, options.loop};
    bool finisher_saw_the_file = false;
    r.add_finisher([&](const session&) {
        finisher_saw_the_file = std::filesystem::exists(options.record_path);
        return std::string{};
    });
    r.start(s);
    r.run_frames(s, [&s]() -> const ticklab::frame_stats& { return s.advance(); });
    EXPECT_EQ(r.finish(s), ticklab::game::exit_ok);
    EXPECT_TRUE(finisher_saw_the_file);
    ticklab::game::replay recorded;
    EXPECT_EQ(ticklab::game::read_replay_file(options.record_path, recorded), "");
    EXPECT_EQ(recorded.ticks, s.loop().ticks());
    std::filesystem::remove_all(folder);
}

TEST(Runner, AFailingFinisherMakesTheRunExitOne) {
    launch_options options = balls();
    options.frames = 2;
    runner r{options, run_kind::headless};
    session s{r.clock().source(), options.scene, options.scene_settings, options.loop};
    r.add_finisher([](const session&) { return std::string{"trace 'x.csv': cannot write"}; });
    r.run_frames(s, [&s]() -> const ticklab::frame_stats& { return s.advance(); });
    testing::internal::CaptureStderr();
    EXPECT_EQ(r.finish(s), ticklab::game::exit_write_failed);
    EXPECT_EQ(testing::internal::GetCapturedStderr(), "ticklab: trace 'x.csv': cannot write\n");
}

}  // namespace

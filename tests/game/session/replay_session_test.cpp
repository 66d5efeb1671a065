#include "session/replay_file.hpp"
#include "session/session.hpp"

#include <gtest/gtest.h>

#include <chrono>

using namespace std::chrono_literals;
using ticklab::game::action;
using ticklab::game::loop_settings;
using ticklab::game::pointer_event;
using ticklab::game::replay;
using ticklab::game::scene_options;
using ticklab::game::session;

namespace {

struct replay_fixture : ::testing::Test {
    ticklab::manual_time_source source;

    void frame(session& s, ticklab::nanoseconds real) {
        source.advance(real);
        s.update_frame(s.advance());
    }

    // Live play: keys and clicks at frame numbers, so they land on ticks that depend on frame timing.
    void play(session& s, int frames, ticklab::nanoseconds real) {
        for (int i = 0; i < frames; ++i) {
            if (i % 37 == 3) s.input().press(action::thrust);
            if (i % 37 == 20) s.input().release(action::thrust);
            if (i % 53 == 7) s.input().press(action::rotate_left);
            if (i % 53 == 9) s.input().release(action::rotate_left);
            if (i % 41 == 5) {
                s.input().pointer({.type = pointer_event::kind::click, .position = {0.3f * i, 10.0f}, .velocity = {}});
                s.input().pointer(
                    {.type = pointer_event::kind::drag, .position = {5.0f, 0.1f * i}, .velocity = {30.0f, -4.5f}});
            }
            frame(s, real);
        }
    }

    // Replays `r` in a new session with other frame timing and settings; returns the final hash.
    std::uint64_t replay_with(const replay& r, ticklab::nanoseconds real, double time_scale, std::uint32_t tick_rate) {
        loop_settings settings;
        settings.time_scale = time_scale;
        settings.tick_rate_hz = tick_rate;  // overridden: a replay runs at its recorded rate
        session s{source, "balls", {}, settings};
        s.start_replay(r);
        for (int guard = 0; guard < 100'000 && !s.replay_state().holding(); ++guard) frame(s, real);
        EXPECT_TRUE(s.replay_state().holding());
        EXPECT_EQ(s.replay_state().player->tick(), r.ticks);
        return s.state_hash();
    }
};

// The recorded run's hash at its end, and the recording (through the file format, as a user gets it).
std::pair<std::uint64_t, replay> finish(session& s) {
    s.stop_recording();
    replay back;
    EXPECT_EQ(ticklab::game::parse_replay(ticklab::game::format_replay(s.replay_state().recorder->recording()), back),
              "");
    return {s.state_hash(), back};
}

}  // namespace

using Replay = replay_fixture;

TEST_F(Replay, LanderReplayMatchesAtOtherFrameRatesAndScales) {
    scene_options options;
    options.seed = 42;
    loop_settings settings;
    settings.tick_rate_hz = 50;
    session s{source, "lander", options, settings};
    s.start_recording();
    play(s, 300, 16'666'667ns);
    const auto [hash, recording] = finish(s);
    EXPECT_EQ(recording.scene, "lander");
    EXPECT_EQ(recording.tick_rate_hz, 50u);
    EXPECT_GT(recording.inputs.size(), 10u);
    EXPECT_EQ(replay_with(recording, 16'666'667ns, 1.0, 60), hash);
    EXPECT_EQ(replay_with(recording, 7ms, 1.0, 60), hash);
    EXPECT_EQ(replay_with(recording, 41ms, 4.0, 10), hash);  // fast-forward: 4x, several ticks a frame
    EXPECT_EQ(replay_with(recording, 3ms, 0.25, 200), hash);
}

// The beacons' deferred calls run on the scheduler's time line, between ticks: a recording with them
// on replays to the same hash at other frame rates and scales, and carries the option itself.
TEST_F(Replay, LanderWithBeaconsReplayMatches) {
    scene_options options;
    options.seed = 5;
    options.beacons = true;
    session s{source, "lander", options, {}};
    s.start_recording();
    play(s, 330, 16'666'667ns);  // 5.5 s: pings done and pings on burnt-out beacons both happen
    const auto [hash, recording] = finish(s);
    EXPECT_TRUE(recording.options.beacons);
    EXPECT_EQ(replay_with(recording, 9ms, 1.0, 60), hash);
    EXPECT_EQ(replay_with(recording, 33ms, 2.5, 60), hash);
    replay without = recording;
    without.options.beacons = false;
    EXPECT_NE(replay_with(without, 16'666'667ns, 1.0, 60), hash);
}

TEST_F(Replay, BallsReplayWithPointerAndWaveScriptMatches) {
    session s{source, "balls", {.seed = 7, .balls = 200, .autopilot = false}, {}};
    s.start_recording();
    play(s, 400, 16'666'667ns);  // over 6 s: the 4 s wave script fires inside the recording
    const auto [hash, recording] = finish(s);
    EXPECT_EQ(replay_with(recording, 9ms, 1.0, 60), hash);
    EXPECT_EQ(replay_with(recording, 33ms, 2.5, 60), hash);
}

TEST_F(Replay, BallsWithTheWallReplayToTheSameHash) {
    // The volleys at the wall (every 2 s) and the wall's counters are state: a recording with the
    // wall on must bring it back, or the replay starts a different scene.
    loop_settings settings;
    settings.tick_rate_hz = 10;
    session s{source, "balls", {.seed = 3, .balls = 80, .autopilot = false, .wall = true}, settings};
    s.start_recording();
    play(s, 300, 16'666'667ns);  // 5 s: the volleys at 0, 2 and 4 s
    const auto [hash, recording] = finish(s);
    EXPECT_TRUE(recording.options.wall);
    EXPECT_EQ(replay_with(recording, 9ms, 1.0, 60), hash);
    EXPECT_EQ(replay_with(recording, 33ms, 2.5, 60), hash);
}

TEST_F(Replay, RecordingStartedMidTickStartsAtTheNextTickBoundary) {
    session s{source, "balls", {.seed = 3, .balls = 100, .autopilot = false}, {}};
    play(s, 9, 11ms);  // 99 ms: virtual time sits inside a tick, scripts are 99 ms in
    s.start_recording();
    EXPECT_FALSE(s.replay_state().recording);  // waits for the end of the next tick
    play(s, 330, 16'666'667ns);
    const auto [hash, recording] = finish(s);
    EXPECT_EQ(replay_with(recording, 16'666'667ns, 1.0, 60), hash);
}

TEST_F(Replay, ReplayStartedMidRunMatchesAndIgnoresLiveInput) {
    session recorder{source, "lander", {}, {}};
    recorder.start_recording();
    play(recorder, 200, 16'666'667ns);
    const auto [hash, recording] = finish(recorder);

    session s{source, "balls", {}, {}};
    play(s, 25, 13ms);
    s.start_replay(recording);
    play(s, 400, 11ms);  // live keys and clicks all along: none may reach the replay
    EXPECT_TRUE(s.replay_state().holding());
    EXPECT_EQ(s.current_entry().name, "lander");
    EXPECT_EQ(s.state_hash(), hash);
}

TEST_F(Replay, FinishedReplayPausesAndHolds) {
    session recorder{source, "lander", {}, {}};
    recorder.start_recording();
    play(recorder, 30, 16'666'667ns);
    const auto [hash, recording] = finish(recorder);

    session s{source, "lander", {}, {}};
    s.start_replay(recording);
    play(s, 200, 16'666'667ns);
    EXPECT_TRUE(s.settings().paused);
    {
        auto edit = s.settings();
        edit.paused = false;
        s.set_settings(edit);
    }  // the hold lasts until the replay is stopped, paused or not
    play(s, 100, 16'666'667ns);
    EXPECT_EQ(s.state_hash(), hash);
    s.stop_replay();
    play(s, 100, 16'666'667ns);
    EXPECT_NE(s.state_hash(), hash);  // live again
}

// A window replays with no tick bound: the frame that plays the last input runs no tick after it,
// so the loop's count (the HUD's, the report's) ends on the recording's. Found by headless_run_fuzz
// ('--replay' of a 180-tick, 120 Hz recording counted 182 ticks).
TEST_F(Replay, AReplayWithNoBoundStopsCountingOnItsLastTick) {
    loop_settings at_120;
    at_120.tick_rate_hz = 120;
    session recorder{source, "balls", {}, at_120};
    recorder.start_recording();
    play(recorder, 90, 16'666'667ns);
    const auto [hash, recording] = finish(recorder);
    ASSERT_EQ(recording.ticks, 180u);

    session s{source, "balls", {}, {}};
    s.start_replay(recording);
    frame(s, 16'666'667ns);  // the loop moves to 120 Hz and the replay starts after that frame's first tick
    ASSERT_TRUE(s.replay_state().replaying());
    const std::uint64_t before_replay = s.loop().ticks() - s.replay_state().player->tick();
    play(s, 150, 16'666'667ns);  // two ticks a frame: the last input comes in a frame's first tick
    ASSERT_TRUE(s.replay_state().holding());
    EXPECT_EQ(s.loop().ticks(), before_replay + recording.ticks);
    EXPECT_EQ(s.loop().virtual_now(), s.loop().last_tick_time()) << "held on the last tick, not part-way past";
    EXPECT_EQ(s.state_hash(), hash);
}

TEST_F(Replay, TickRateStaysTheRecordingsWhileRecording) {
    session s{source, "balls", {}, {}};
    s.start_recording();
    {
        auto edit = s.settings();
        edit.tick_rate_hz = 120;
        s.set_settings(edit);
    }
    frame(s, 16ms);
    EXPECT_EQ(s.settings().tick_rate_hz, 60u);
    EXPECT_EQ(s.loop().tick_rate(), 60u);
}

TEST_F(Replay, ResetEndsTheRecordingAndKeepsWhatWasRecorded) {
    session s{source, "balls", {}, {}};
    s.start_recording();
    play(s, 20, 16'666'667ns);
    s.reset();
    EXPECT_FALSE(s.replay_state().recording);
    ASSERT_TRUE(s.replay_state().recorder.has_value());
    EXPECT_EQ(s.replay_state().recorder->recording().ticks, s.loop().ticks());
}

TEST_F(Replay, UnknownSceneIsRefused) {
    session s{source, "balls", {}, {}};
    replay r;
    r.scene = "moon";
    EXPECT_THROW(s.start_replay(r), std::invalid_argument);
}

// The thread count never changes what is simulated: every scene, at several frame rates and in a
// replay, ends in the same state hash on 1 thread and on several. A thread count asked for splits
// the balls' tick even for a few thousand balls, so these runs really use the threads.
#include "session/replay_file.hpp"
#include "session/session.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <string>

using namespace std::chrono_literals;
using ticklab::game::action;
using ticklab::game::loop_settings;
using ticklab::game::pointer_event;
using ticklab::game::replay;
using ticklab::game::scene_options;
using ticklab::game::session;

namespace {

struct threads_fixture : ::testing::Test {
    ticklab::manual_time_source source;

    static scene_options on_threads(std::uint32_t threads) {
        scene_options options;
        options.balls = 1500;
        options.seed = 11;
        options.threads = threads;
        return options;
    }

    // Keys and pointer events on some frames, then a frame of `real` time.
    void play(session& s, int frames, ticklab::nanoseconds real) {
        for (int i = 0; i < frames; ++i) {
            if (i % 29 == 3) s.input().press(action::thrust);
            if (i % 29 == 17) s.input().release(action::thrust);
            if (i % 43 == 5) {
                s.input().pointer(
                    {.type = pointer_event::kind::click, .position = {20.0f + i % 100, 60.0f}, .velocity = {}});
                s.input().pointer(
                    {.type = pointer_event::kind::drag, .position = {80.0f, 10.0f}, .velocity = {-25.0f, 40.0f}});
            }
            source.advance(real);
            s.update_frame(s.advance());
        }
    }

    // 4.2 seconds of frames of `frame` (a wave starts at 4 s) on `threads` threads.
    std::uint64_t past_a_wave(const std::string& scene, std::uint32_t threads, ticklab::nanoseconds frame) {
        session s{source, scene, on_threads(threads), loop_settings{}};
        play(s, static_cast<int>(4'200ms / frame), frame);
        return s.state_hash();
    }
};

using Threads = threads_fixture;

}  // namespace

TEST_F(Threads, EveryScenesHashIsTheSameOnOneAndOnSeveralThreadsAtEveryFrameRate) {
    for (const char* scene : {"balls", "lander"}) {
        for (const ticklab::nanoseconds frame :
             {ticklab::nanoseconds{4ms}, ticklab::nanoseconds{8'300us}, ticklab::nanoseconds{16'700us}}) {
            const std::uint64_t one = past_a_wave(scene, 1, frame);
            EXPECT_EQ(past_a_wave(scene, 2, frame), one) << scene << ", frames of " << frame.count() << " ns";
            EXPECT_EQ(past_a_wave(scene, 3, frame), one) << scene << ", frames of " << frame.count() << " ns";
        }
    }
}

TEST_F(Threads, AReplayRecordedOnOneThreadEndsTheSameOnThree) {
    session recorder{source, "balls", on_threads(1), loop_settings{}};
    recorder.start_recording();
    play(recorder, 300, 16'666'667ns);
    recorder.stop_recording();
    replay recording;
    ASSERT_EQ(ticklab::game::parse_replay(ticklab::game::format_replay(recorder.replay_state().recorder->recording()),
                                          recording),
              "");

    session player{source, "balls", on_threads(3), loop_settings{}};
    player.start_replay(recording);
    for (int guard = 0; guard < 10'000 && !player.replay_state().holding(); ++guard) {
        source.advance(7ms);
        player.update_frame(player.advance());
    }
    ASSERT_TRUE(player.replay_state().holding());
    EXPECT_EQ(player.current_scene().state_hash(), recorder.current_scene().state_hash());
    EXPECT_EQ(player.state_hash(), recorder.state_hash());
}

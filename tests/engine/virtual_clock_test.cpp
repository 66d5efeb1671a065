#include <ticklab/virtual_clock.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>

using namespace std::chrono_literals;
using ticklab::manual_time_source;
using ticklab::nanoseconds;
using ticklab::virtual_clock;

TEST(VirtualClock, ElapsedFollowsRealTimeAtScaleOne) {
    manual_time_source source;
    virtual_clock clock{source};
    source.advance(16ms);
    EXPECT_EQ(clock.take_elapsed(), 16ms);
    EXPECT_EQ(clock.take_elapsed(), 0ns);
    source.advance(5ms);
    EXPECT_EQ(clock.take_elapsed(), 5ms);
    EXPECT_EQ(clock.real_time(), 21ms);
}

TEST(VirtualClock, PauseStopsTimeAndResumeDoesNotJump) {
    manual_time_source source;
    virtual_clock clock{source};
    source.advance(10ms);
    clock.pause();
    source.advance(10s);
    EXPECT_EQ(clock.take_elapsed(), 10ms) << "time before the pause still counts";
    source.advance(10s);
    EXPECT_EQ(clock.take_elapsed(), 0ns);
    clock.resume();
    source.advance(3ms);
    EXPECT_EQ(clock.take_elapsed(), 3ms) << "the paused 20 s must not arrive at resume";
}

TEST(VirtualClock, ForgottenTimeIsRealTimeButNeverVirtualTime) {
    manual_time_source source;
    virtual_clock clock{source};
    clock.set_time_scale(2.0);
    source.advance(12ms);
    clock.forget_banked();
    source.advance(3ms);
    EXPECT_EQ(clock.take_elapsed(), 6ms) << "only the time after forget_banked() becomes ticks";
    EXPECT_EQ(clock.last_frame_real_time(), 15ms) << "the frame still lasted 15 ms";
    EXPECT_EQ(clock.last_frame_running_time(), 3ms);
    source.advance(4ms);
    EXPECT_EQ(clock.take_elapsed(), 8ms) << "and the next frame counts in full";
}

TEST(VirtualClock, AStallIsRealTimeButNeverVirtualTime) {
    manual_time_source source;
    virtual_clock clock{source};
    source.advance(4ms);
    clock.begin_stall();
    source.advance(70ms);
    clock.end_stall();
    source.advance(3ms);
    EXPECT_EQ(clock.take_elapsed(), 7ms) << "the 70 ms stall must not be caught up in ticks";
    EXPECT_EQ(clock.last_frame_real_time(), 77ms) << "the frame still lasted 77 ms";
    EXPECT_EQ(clock.last_frame_running_time(), 7ms);
    clock.pause();
    clock.request_step();
    clock.begin_stall();
    clock.end_stall();
    EXPECT_TRUE(clock.paused()) << "a stall while paused leaves the clock paused";
    EXPECT_TRUE(clock.take_step_request()) << "and keeps its step request";
    clock.resume();
    source.advance(5ms);
    EXPECT_EQ(clock.take_elapsed(), 5ms);
}

TEST(VirtualClock, TimeScaleMultipliesElapsed) {
    manual_time_source source;
    virtual_clock clock{source};
    clock.set_time_scale(2.0);
    source.advance(10ms);
    EXPECT_EQ(clock.take_elapsed(), 20ms);
    clock.set_time_scale(0.25);
    source.advance(10ms);
    EXPECT_EQ(clock.take_elapsed(), 2500us);
}

TEST(VirtualClock, ScaleChangeMidFrameIsContinuous) {
    manual_time_source source;
    virtual_clock clock{source};
    source.advance(10ms);
    clock.set_time_scale(4.0);  // the first 10 ms ran at 1x
    source.advance(10ms);
    EXPECT_EQ(clock.take_elapsed(), 50ms);
}

TEST(VirtualClock, FractionalScaleLosesNoNanoseconds) {
    manual_time_source source;
    virtual_clock clock{source};
    clock.set_time_scale(0.1);
    nanoseconds total{0};
    for (int i = 0; i < 1000; ++i) {
        source.advance(7ns);
        total += clock.take_elapsed();
    }
    EXPECT_EQ(total, 700ns);
}

TEST(VirtualClock, BackwardJumpYieldsNothingAndReanchors) {
    manual_time_source source;
    virtual_clock clock{source};
    source.set(1h);
    EXPECT_EQ(clock.take_elapsed(), 1h);
    source.set(5s);
    EXPECT_EQ(clock.take_elapsed(), 0ns);
    EXPECT_EQ(clock.backward_jumps(), 1u);
    source.advance(16ms);
    EXPECT_EQ(clock.take_elapsed(), 16ms) << "time after the jump counts from the new reading";
}

TEST(VirtualClock, HugeForwardJumpIsClamped) {
    manual_time_source source;
    virtual_clock clock{source};
    clock.set_time_scale(ticklab::max_time_scale);
    source.set(nanoseconds{std::numeric_limits<std::int64_t>::max()});
    const nanoseconds elapsed = clock.take_elapsed();
    EXPECT_EQ(elapsed, virtual_clock::max_frame_real_time * 64);
}

TEST(VirtualClock, RejectsBadTimeScale) {
    manual_time_source source;
    virtual_clock clock{source};
    for (double bad : {0.0, -1.0, 0.001, 65.0, std::nan(""), std::numeric_limits<double>::infinity()}) {
        EXPECT_THROW(clock.set_time_scale(bad), std::invalid_argument) << bad;
    }
    EXPECT_EQ(clock.time_scale(), 1.0);
    EXPECT_NO_THROW(clock.set_time_scale(0.1));
    EXPECT_NO_THROW(clock.set_time_scale(16.0));
}

TEST(VirtualClock, StepRequestCountsOnlyWhilePaused) {
    manual_time_source source;
    virtual_clock clock{source};
    clock.request_step();
    EXPECT_FALSE(clock.take_step_request());
    clock.pause();
    clock.request_step();
    EXPECT_TRUE(clock.take_step_request());
    EXPECT_FALSE(clock.take_step_request()) << "a step is one-shot";
}

// Time faults on the manual clock, beyond the single hitches in fixed_loop_test.cpp: a process
// stopped and continued mid-run, a clock that steps back and then forward again, a laptop asleep
// for a week at the top time scale, hitches while paused or single-stepping, and a machine that is
// always too slow. Whatever happens, at most MAX_LOOPS ticks follow, the lost time is counted as
// dropped, virtual time never decreases, and the loop goes on ticking normally afterwards.
#include <ticklab/fixed_loop.hpp>

#include <gtest/gtest.h>

#include <limits>

using namespace std::chrono_literals;
using ticklab::fixed_loop;
using ticklab::manual_time_source;
using ticklab::nanoseconds;

namespace {

struct counting_client final : ticklab::loop_client {
    std::uint64_t ticks = 0;
    nanoseconds last_time{0};
    bool time_went_backwards = false;

    void advance_to(nanoseconds t) override {
        if (t < last_time) time_went_backwards = true;
        last_time = t;
    }
    void tick(const ticklab::tick_info&) override { ++ticks; }
};

struct fault_fixture : ::testing::Test {
    manual_time_source source;
    counting_client client;

    const ticklab::frame_stats& frame(fixed_loop& loop, nanoseconds real) {
        source.advance(real);
        return loop.advance(client);
    }
    // Ordinary 60 fps frames.
    void run(fixed_loop& loop, int frames) {
        for (int i = 0; i < frames; ++i) frame(loop, 16'666'667ns);
    }
};

}  // namespace

using TimeFault = fault_fixture;

// SIGSTOP for 10 s, then SIGCONT: one frame sees the whole gap.
TEST_F(TimeFault, StoppedProcessResumesWithAtMostMaxLoopsAndCountsTheGap) {
    fixed_loop loop{source, {.tick_rate_hz = 60, .max_loops = 5}};
    run(loop, 120);
    const std::uint64_t before = loop.ticks();
    const nanoseconds virtual_before = loop.virtual_now();
    const auto& resumed = frame(loop, 10s);
    EXPECT_EQ(resumed.ticks, 5u);
    EXPECT_TRUE(resumed.capped);
    EXPECT_EQ(loop.virtual_now() - virtual_before + resumed.dropped, 10s) << "every nanosecond is run or dropped";
    EXPECT_EQ(loop.stats().total_dropped, resumed.dropped);
    // And then it is an ordinary 60 Hz loop again: about one tick a frame (two when the kept phase
    // sits right at a tick's end), nothing more dropped, no burst.
    const nanoseconds dropped = loop.stats().total_dropped;
    for (int i = 0; i < 600; ++i) ASSERT_LE(frame(loop, 16'666'667ns).ticks, 2u) << "frame " << i;
    EXPECT_NEAR(static_cast<double>(loop.ticks() - before), 5.0 + 600.0, 1.0);
    EXPECT_EQ(loop.stats().total_dropped, dropped);
    EXPECT_EQ(loop.stats().max_ticks_per_frame, 5u);
    EXPECT_FALSE(client.time_went_backwards);
}

// A clock stepped back an hour (an NTP fix, a bad driver) and then read forward again: the
// backwards step yields nothing, and the way back up is not counted twice.
TEST_F(TimeFault, ClockSteppedBackThenForwardCountsOnlyTimeAfterTheStep) {
    fixed_loop loop{source, {.tick_rate_hz = 60, .max_loops = 8}};
    source.set(2h);
    loop.advance(client);  // the first reading is the origin
    run(loop, 60);
    const nanoseconds virtual_before = loop.virtual_now();
    const nanoseconds dropped_before = loop.stats().total_dropped;  // the first frame's 2 h
    source.set(1h);
    EXPECT_EQ(loop.advance(client).ticks, 0u);
    EXPECT_EQ(loop.virtual_now(), virtual_before);
    EXPECT_EQ(loop.clock().backward_jumps(), 1u);
    // Climbing back to where the clock was is 1 h of real time after the step, not 0 and not 2 h.
    for (int i = 0; i < 60; ++i) frame(loop, 1min);
    EXPECT_EQ(loop.virtual_now() - virtual_before + loop.stats().total_dropped - dropped_before, 1h);
    EXPECT_LE(loop.stats().max_ticks_per_frame, 8u);
    EXPECT_FALSE(client.time_went_backwards);
}

// A laptop asleep for a week with the time scale at its top: one frame, bounded work.
TEST_F(TimeFault, WeekLongSleepAtTopTimeScaleIsBounded) {
    fixed_loop loop{source, {.tick_rate_hz = 1000, .max_loops = 64}};
    loop.clock().set_time_scale(ticklab::max_time_scale);
    run(loop, 10);
    const std::uint64_t before = loop.ticks();
    const auto& woke = frame(loop, std::chrono::hours{24 * 7});
    EXPECT_EQ(woke.ticks, 64u);
    EXPECT_EQ(loop.ticks() - before, 64u);
    EXPECT_GT(woke.dropped, std::chrono::hours{24 * 60}) << "a day of real time (the clamp) times 64, less 64 ms";
    EXPECT_LT(loop.next_tick_time() - loop.virtual_now(), 1ms + 1ns) << "less than one tick of backlog is kept";
    EXPECT_LE(frame(loop, 1ms).ticks, 64u);
}

// The same sleep twice in a row, and a clock that reads the largest time there is: the sums stay
// in range (no overflow into negative virtual time).
TEST_F(TimeFault, RepeatedHugeJumpsNeverOverflow) {
    fixed_loop loop{source, {.tick_rate_hz = 1000, .max_loops = 64}};
    loop.clock().set_time_scale(ticklab::max_time_scale);
    for (int i = 0; i < 3; ++i) frame(loop, std::chrono::hours{24 * 365});
    source.set(nanoseconds{std::numeric_limits<std::int64_t>::max()});
    loop.advance(client);
    EXPECT_GT(loop.virtual_now(), 0ns);
    EXPECT_GT(loop.stats().total_dropped, 0ns);
    EXPECT_EQ(loop.stats().max_ticks_per_frame, 64u);
    EXPECT_FALSE(client.time_went_backwards);
}

// A hitch while paused brings no ticks and drops nothing; resuming afterwards does not burst.
TEST_F(TimeFault, HitchWhilePausedRunsNothingAndResumesWithoutABurst) {
    fixed_loop loop{source, {.tick_rate_hz = 60, .max_loops = 8}};
    run(loop, 30);
    loop.clock().pause();
    const std::uint64_t ticks = loop.ticks();
    EXPECT_EQ(frame(loop, 1h).ticks, 0u);
    EXPECT_EQ(loop.stats().total_dropped, 0ns) << "paused time is not lost time";
    loop.clock().resume();
    EXPECT_EQ(frame(loop, 16'666'667ns).ticks, 1u);
    EXPECT_EQ(loop.ticks(), ticks + 1);
}

// A single step requested while a long frame is pending runs exactly one tick.
TEST_F(TimeFault, SingleStepDuringAHitchRunsOneTick) {
    fixed_loop loop{source, {.tick_rate_hz = 60, .max_loops = 8}};
    run(loop, 10);
    loop.clock().pause();
    loop.clock().request_step();
    const auto& stepped = frame(loop, 10s);
    EXPECT_EQ(stepped.ticks, 1u);
    EXPECT_TRUE(stepped.stepped);
}

// A machine that is always too slow: every frame takes 250 ms at 1000 Hz. Each frame runs the
// cap and drops the rest; the work per frame never grows (no spiral of death).
TEST_F(TimeFault, PermanentlySlowMachineNeverSpirals) {
    fixed_loop loop{source, {.tick_rate_hz = 1000, .max_loops = 4}};
    nanoseconds real{0};
    for (int i = 0; i < 1000; ++i) {
        const auto& stats = frame(loop, 250ms);
        real += 250ms;
        ASSERT_EQ(stats.ticks, 4u) << "frame " << i;
        ASSERT_LT(stats.dropped, 250ms) << "frame " << i << ": an old backlog came back";
    }
    EXPECT_EQ(loop.ticks(), 4000u);
    EXPECT_EQ(loop.virtual_now() + loop.stats().total_dropped, real);
}

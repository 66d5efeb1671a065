#include <ticklab/fixed_loop.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <vector>

using namespace std::chrono_literals;
using ticklab::fixed_loop;
using ticklab::manual_time_source;
using ticklab::nanoseconds;

namespace {

// Records what the loop asks of its client, and checks the ordering contract as it goes.
struct recording_client final : ticklab::loop_client {
    std::vector<ticklab::tick_info> ticks;
    nanoseconds last_advance{0};
    bool order_broken = false;
    std::size_t hold_after = SIZE_MAX;  // holds from that many ticks on, as a replay at its recorded end

    void advance_to(nanoseconds t) override {
        if (t < last_advance) order_broken = true;
        last_advance = t;
    }
    void tick(const ticklab::tick_info& tick) override {
        if (tick.time != last_advance) order_broken = true;  // advance_to(due) comes first
        ticks.push_back(tick);
    }
    [[nodiscard]] bool holds() const noexcept override { return ticks.size() >= hold_after; }
};

struct loop_fixture : ::testing::Test {
    manual_time_source source;
    recording_client client;

    const ticklab::frame_stats& frame(fixed_loop& loop, nanoseconds real) {
        source.advance(real);
        return loop.advance(client);
    }
};

}  // namespace

using FixedLoop = loop_fixture;

TEST_F(FixedLoop, TickTimesFollowTheNanosecondRule) {
    EXPECT_EQ(ticklab::tick_offset(1, 60), 16'666'666ns);
    EXPECT_EQ(ticklab::tick_offset(2, 60), 33'333'333ns);
    EXPECT_EQ(ticklab::tick_offset(3, 60), 50'000'000ns);
    EXPECT_EQ(ticklab::tick_offset(10'000'000, 60), 166'666'666'666'666ns);
}

TEST_F(FixedLoop, TenMillionTicksAtSixtyHertzAreExact) {
    fixed_loop loop{source, {.tick_rate_hz = 60, .max_loops = 64}};
    const nanoseconds end = ticklab::tick_offset(10'000'000, 60);
    while (source.now() + 1s < end) frame(loop, 1s);  // 60 ticks a frame, under the cap
    frame(loop, end - source.now() - 1ns);
    EXPECT_EQ(loop.ticks(), 9'999'999u) << "the last tick is not due one nanosecond early";
    frame(loop, 1ns);
    EXPECT_EQ(loop.ticks(), 10'000'000u);
    EXPECT_EQ(loop.last_tick_time(), 166'666'666'666'666ns);
    EXPECT_EQ(loop.virtual_now(), 166'666'666'666'666ns);
    EXPECT_EQ(loop.stats().total_dropped, 0ns);
    EXPECT_FALSE(client.order_broken);
}

TEST_F(FixedLoop, EveryTickIsSeenOnceInOrderWithItsDueTime) {
    fixed_loop loop{source, {.tick_rate_hz = 50, .max_loops = 8}};
    for (int i = 0; i < 100; ++i) frame(loop, 7ms);
    ASSERT_EQ(client.ticks.size(), 35u);  // 700 ms at 20 ms a tick
    for (std::size_t i = 0; i < client.ticks.size(); ++i) {
        EXPECT_EQ(client.ticks[i].index, i + 1);
        EXPECT_EQ(client.ticks[i].time, 20ms * static_cast<int>(i + 1));
        EXPECT_DOUBLE_EQ(client.ticks[i].dt_seconds, 0.02);
    }
    EXPECT_FALSE(client.order_broken);
}

TEST_F(FixedLoop, AlphaIsTheFractionOfTheTickElapsed) {
    fixed_loop loop{source, {.tick_rate_hz = 10, .max_loops = 8}};
    EXPECT_DOUBLE_EQ(frame(loop, 25ms).alpha, 0.25);
    EXPECT_DOUBLE_EQ(frame(loop, 100ms).alpha, 0.25);
    const auto& stats = frame(loop, 50ms);
    EXPECT_DOUBLE_EQ(stats.alpha, 0.75);
    EXPECT_GE(stats.alpha, 0.0);
    EXPECT_LT(stats.alpha, 1.0);
}

TEST_F(FixedLoop, CapRunsMaxLoopsAndCountsTheRestAsDropped) {
    fixed_loop loop{source, {.tick_rate_hz = 100, .max_loops = 4}};
    const auto& stats = frame(loop, 105ms);  // 10 ticks and 5 ms due
    EXPECT_EQ(stats.ticks, 4u);
    EXPECT_TRUE(stats.capped);
    EXPECT_EQ(stats.dropped, 60ms) << "6 whole ticks dropped, the 5 ms phase kept";
    EXPECT_EQ(loop.virtual_now(), 45ms);
    EXPECT_DOUBLE_EQ(stats.alpha, 0.5);
    // No burst later: the next ordinary frame runs ordinary ticks.
    EXPECT_EQ(frame(loop, 10ms).ticks, 1u);
    EXPECT_EQ(loop.stats().total_dropped, 60ms);
}

TEST_F(FixedLoop, TenSecondHitchRunsAtMostMaxLoops) {
    fixed_loop loop{source, {.tick_rate_hz = 60, .max_loops = 8}};
    frame(loop, 16ms);
    const std::uint64_t before = loop.ticks();
    const auto& hitch = frame(loop, 10s);
    EXPECT_EQ(hitch.ticks, 8u);
    EXPECT_EQ(loop.ticks() - before, 8u);
    EXPECT_GT(hitch.dropped, 9800ms);
    EXPECT_LT(hitch.dropped, 10s);
    const auto& after = frame(loop, 16ms);
    EXPECT_LE(after.ticks, 1u);
    EXPECT_EQ(loop.stats().max_ticks_per_frame, 8u);
}

TEST_F(FixedLoop, AnHourLongFrameIsBoundedToo) {
    fixed_loop loop{source, {.tick_rate_hz = 1000, .max_loops = 64}};
    loop.clock().set_time_scale(16.0);
    EXPECT_EQ(frame(loop, 1h).ticks, 64u);
    EXPECT_EQ(loop.virtual_now() + loop.stats().total_dropped, 16h);
}

TEST_F(FixedLoop, VirtualPlusDroppedAccountsForAllScaledTime) {
    fixed_loop loop{source, {.tick_rate_hz = 60, .max_loops = 3}};
    nanoseconds real{0};
    for (int i = 0; i < 500; ++i) {
        const nanoseconds dt = (i % 7 == 0) ? 120ms : 9ms;
        real += dt;
        frame(loop, dt);
        ASSERT_LE(loop.stats().ticks, 3u);
    }
    EXPECT_EQ(loop.virtual_now() + loop.stats().total_dropped, real);
}

TEST_F(FixedLoop, PauseRunsNoTicksWhileFramesGoOn) {
    fixed_loop loop{source, {.tick_rate_hz = 60, .max_loops = 8}};
    frame(loop, 100ms);
    loop.clock().pause();
    const std::uint64_t ticks = loop.ticks();
    const nanoseconds now = loop.virtual_now();
    for (int i = 0; i < 50; ++i) EXPECT_EQ(frame(loop, 16ms).ticks, 0u);
    EXPECT_EQ(loop.ticks(), ticks);
    EXPECT_EQ(loop.virtual_now(), now);
    EXPECT_EQ(loop.stats().frame_index, 51u);
    loop.clock().resume();
    EXPECT_EQ(frame(loop, 0ns).ticks, 0u) << "no jump at resume";
}

TEST_F(FixedLoop, TimeScaleTwoRunsTwiceTheTicks) {
    fixed_loop normal_loop{source, {.tick_rate_hz = 60, .max_loops = 8}};
    manual_time_source fast_source;
    fixed_loop fast_loop{fast_source, {.tick_rate_hz = 60, .max_loops = 8}};
    fast_loop.clock().set_time_scale(2.0);
    recording_client fast_client;
    for (int i = 0; i < 600; ++i) {
        frame(normal_loop, 10ms);
        fast_source.advance(10ms);
        fast_loop.advance(fast_client);
    }
    EXPECT_EQ(normal_loop.ticks(), 360u);
    EXPECT_EQ(fast_loop.ticks(), 720u);
}

TEST_F(FixedLoop, TimeScaleIsLimitedByTheCap) {
    fixed_loop loop{source, {.tick_rate_hz = 60, .max_loops = 2}};
    loop.clock().set_time_scale(16.0);
    for (int i = 0; i < 60; ++i) EXPECT_EQ(frame(loop, 16'666'667ns).ticks, 2u);
    EXPECT_GT(loop.stats().total_dropped, 0ns);
}

TEST_F(FixedLoop, SingleStepRunsExactlyOneTick) {
    fixed_loop loop{source, {.tick_rate_hz = 60, .max_loops = 8}};
    frame(loop, 25ms);
    loop.clock().pause();
    loop.clock().request_step();
    const auto& stepped = frame(loop, 16ms);
    EXPECT_EQ(stepped.ticks, 1u);
    EXPECT_TRUE(stepped.stepped);
    EXPECT_EQ(loop.ticks(), 2u);
    EXPECT_EQ(loop.virtual_now(), loop.last_tick_time());
    EXPECT_EQ(stepped.alpha, 0.0);
    EXPECT_EQ(frame(loop, 16ms).ticks, 0u) << "one step, not a run";
}

TEST_F(FixedLoop, TickRateChangeKeepsTimeContinuousWithoutBurstOrLoss) {
    fixed_loop loop{source, {.tick_rate_hz = 1, .max_loops = 64}};
    frame(loop, 1500ms);  // one tick at 1 s, half of the next elapsed
    ASSERT_EQ(loop.ticks(), 1u);
    const nanoseconds before = loop.virtual_now();
    loop.set_tick_rate(1000);
    EXPECT_EQ(loop.virtual_now(), before);
    EXPECT_EQ(loop.next_tick_time(), before + 500us) << "alpha 0.5 is kept: half a new tick to go";
    EXPECT_EQ(frame(loop, 0ns).ticks, 0u) << "no burst right after the change";
    EXPECT_EQ(frame(loop, 10ms).ticks, 10u);
    loop.set_tick_rate(10);
    EXPECT_EQ(frame(loop, 100ms).ticks, 1u) << "no tick lost going slower";
    EXPECT_FALSE(client.order_broken);
}

TEST_F(FixedLoop, MaxLoopsChangeTakesEffectNextFrame) {
    fixed_loop loop{source, {.tick_rate_hz = 100, .max_loops = 2}};
    EXPECT_EQ(frame(loop, 50ms).ticks, 2u);
    loop.set_max_loops(10);
    EXPECT_EQ(frame(loop, 50ms).ticks, 5u);
    loop.set_max_loops(1);
    EXPECT_EQ(frame(loop, 50ms).ticks, 1u);
}

TEST_F(FixedLoop, BackwardSourceNeverDecreasesVirtualTime) {
    fixed_loop loop{source, {.tick_rate_hz = 60, .max_loops = 8}};
    frame(loop, 1s);
    const nanoseconds now = loop.virtual_now();
    source.set(0ns);
    EXPECT_EQ(loop.advance(client).ticks, 0u);
    EXPECT_EQ(loop.virtual_now(), now);
    source.advance(20ms);
    loop.advance(client);
    EXPECT_EQ(loop.virtual_now(), now + 20ms);
    EXPECT_FALSE(client.order_broken);
}

TEST_F(FixedLoop, RestartStatisticsZeroesTheFiguresButNotTheSchedule) {
    fixed_loop loop{source, {.tick_rate_hz = 100, .max_loops = 2}};
    frame(loop, 57ms);  // 2 ticks, 35 ms dropped
    ASSERT_GT(loop.stats().total_dropped, 0ns);
    const nanoseconds now = loop.virtual_now();
    const nanoseconds next = loop.next_tick_time();
    const double alpha = loop.stats().alpha;
    loop.restart_statistics();
    const ticklab::frame_stats& after = loop.stats();
    EXPECT_EQ(after.total_dropped, 0ns);
    EXPECT_EQ(after.dropped, 0ns);
    EXPECT_EQ(after.ticks, 0u);
    EXPECT_EQ(after.real, 0ns);
    EXPECT_EQ(after.max_ticks_per_frame, 0u);
    EXPECT_FALSE(after.capped);
    EXPECT_EQ(after.frame_index, 1u) << "the scheduler's frames only go forward";
    EXPECT_EQ(after.total_ticks, 2u) << "the tick index is the simulation's";
    EXPECT_EQ(after.alpha, alpha);
    EXPECT_EQ(loop.virtual_now(), now);
    EXPECT_EQ(loop.next_tick_time(), next);
    EXPECT_EQ(frame(loop, 10ms).total_dropped, 0ns) << "counted again from the call";
}

TEST_F(FixedLoop, ForgivenTimeIsNeitherRunNorCountedAsDropped) {
    fixed_loop loop{source, {.tick_rate_hz = 100, .max_loops = 2, .catch_up_mode = ticklab::catch_up::keep_debt}};
    frame(loop, 100ms);  // 2 ticks run, 80 ms owed
    ASSERT_EQ(loop.stats().debt, 80ms);
    source.advance(30ms);  // and the rest of that frame's work, before the fresh start
    const nanoseconds next = loop.next_tick_time();
    loop.forgive_owed_time();
    EXPECT_EQ(loop.stats().debt, 0ns);
    const ticklab::frame_stats& f = frame(loop, 10ms);
    EXPECT_EQ(f.ticks, 1u) << "only the new frame's own 10 ms, not the old debt nor the 30 ms before";
    EXPECT_EQ(f.real, 10ms);
    EXPECT_EQ(f.dropped, 0ns);
    EXPECT_EQ(f.debt, 0ns);
    EXPECT_EQ(client.ticks.back().time, next) << "the same tick at the same due time";
    EXPECT_FALSE(client.order_broken);
}

TEST_F(FixedLoop, AHoldEndsTheFrameAtTheLastTickAndKeepsTimeThere) {
    for (const auto mode : {ticklab::catch_up::drop_backlog, ticklab::catch_up::keep_debt, ticklab::catch_up::uncapped,
                            ticklab::catch_up::text_004}) {
        manual_time_source time;
        fixed_loop loop{time, {.tick_rate_hz = 120, .max_loops = 8, .catch_up_mode = mode}};
        recording_client holder;
        holder.hold_after = 5;
        for (int i = 0; i < 4; ++i) {  // two ticks a frame: the hold begins between a frame's two
            time.advance(16'666'667ns);
            loop.advance(holder);
        }
        EXPECT_EQ(loop.ticks(), 5u) << "no tick past the hold, catch-up mode " << static_cast<int>(mode);
        EXPECT_EQ(loop.virtual_now(), loop.last_tick_time()) << "time stops on the held tick";
        EXPECT_EQ(loop.stats().alpha, 0.0);
        const nanoseconds held = loop.virtual_now();
        for (int i = 0; i < 10; ++i) {
            time.advance(7ms);
            loop.advance(holder);
        }
        loop.clock().set_paused(true);
        loop.clock().request_step();
        time.advance(7ms);
        EXPECT_FALSE(loop.advance(holder).stepped) << "a step asked for while held runs no tick";
        loop.clock().set_paused(false);
        EXPECT_EQ(holder.ticks.size(), 5u);
        EXPECT_EQ(loop.virtual_now(), held) << "frames while held move no time, a part-tick neither";
        EXPECT_EQ(loop.stats().debt, 0ns) << "nothing owed for the held time";
        EXPECT_FALSE(holder.order_broken) << "virtual time never went back";
        holder.hold_after = 1'000;  // released: ticks go on from the held tick
        time.advance(20ms);
        loop.advance(holder);
        EXPECT_GE(loop.ticks(), 6u);
        EXPECT_FALSE(holder.order_broken);
    }
}

TEST_F(FixedLoop, AHoldStopsVariableStepsToo) {
    fixed_loop loop{source, {.tick_rate_hz = 60, .step_mode = ticklab::stepping::variable}};
    recording_client holder;
    holder.hold_after = 2;
    for (int i = 0; i < 6; ++i) {
        source.advance(10ms);
        loop.advance(holder);
    }
    EXPECT_EQ(loop.ticks(), 2u);
    EXPECT_EQ(loop.virtual_now(), 20ms);
}

TEST_F(FixedLoop, RejectsBadSettings) {
    EXPECT_THROW((fixed_loop{source, {.tick_rate_hz = 0}}), std::invalid_argument);
    EXPECT_THROW((fixed_loop{source, {.tick_rate_hz = 1001}}), std::invalid_argument);
    EXPECT_THROW((fixed_loop{source, {.max_loops = 0}}), std::invalid_argument);
    fixed_loop loop{source};
    EXPECT_THROW(loop.set_max_loops(65), std::invalid_argument);
    EXPECT_THROW(loop.set_tick_rate(0), std::invalid_argument);
    EXPECT_EQ(loop.tick_rate(), 60u);
    EXPECT_NE(ticklab::check_tick_rate(std::nan("")), "");
    EXPECT_NE(ticklab::check_tick_rate(59.5), "");
    EXPECT_EQ(ticklab::check_tick_rate(1000), "");
    EXPECT_NE(ticklab::check_time_scale(-2.0), "");
    EXPECT_NE(ticklab::check_max_loops(0), "");
}

TEST(FixedLoopPlan, BeginFramePlansTheTicksAndTargetBeforeAnyRuns) {
    manual_time_source source;
    fixed_loop loop{source, {.tick_rate_hz = 100, .max_loops = 3}};
    struct counter final : ticklab::loop_client {
        int ticks = 0;
        void tick(const ticklab::tick_info&) override { ++ticks; }
    } client;
    source.advance(57ms);
    const ticklab::frame_plan& plan = loop.begin_frame();
    EXPECT_EQ(client.ticks, 0);
    EXPECT_EQ(plan.frame_index, 1u);
    EXPECT_EQ(plan.start, 0ms);
    EXPECT_EQ(plan.ticks, 3u);
    EXPECT_EQ(plan.target, 37ms) << "three ticks, then the 7 ms phase; the 20 ms behind them are dropped";
    const ticklab::frame_stats& stats = loop.finish_frame(client);
    EXPECT_EQ(client.ticks, 3);
    EXPECT_EQ(loop.virtual_now(), plan.target);
    EXPECT_EQ(stats.ticked, 30ms);
    EXPECT_EQ(stats.simulated, 37ms);
    EXPECT_EQ(stats.dropped, 20ms);
    source.advance(3ms);
    EXPECT_EQ(loop.finish_frame(client).frame_index, 2u) << "finish_frame plans the frame itself when needed";
    EXPECT_EQ(client.ticks, 4);
}

// The comparison strategies of fixed_loop, each under the same scripted hitch.
#include <ticklab/fixed_loop.hpp>

#include <gtest/gtest.h>

#include <stdexcept>
#include <thread>
#include <vector>

using namespace std::chrono_literals;
using ticklab::catch_up;
using ticklab::fixed_loop;
using ticklab::manual_time_source;
using ticklab::nanoseconds;

namespace {

struct dt_recorder final : ticklab::loop_client {
    std::vector<double> dts;
    std::vector<nanoseconds> times;
    nanoseconds busy{0};     // real time each tick spends busy (for the safety limit)
    nanoseconds counted{0};  // modelled cost each tick adds, as a lesson's tick load in a manual-clock run
    bool modelled = false;   // counted is the whole cost
    [[nodiscard]] nanoseconds counted_tick_cost() const noexcept override { return counted; }
    [[nodiscard]] bool tick_cost_is_modelled() const noexcept override { return modelled; }
    void tick(const ticklab::tick_info& tick) override {
        dts.push_back(tick.dt_seconds);
        times.push_back(tick.time);
        if (busy > 0ns) std::this_thread::sleep_for(busy);
    }
};

struct strategy_fixture : ::testing::Test {
    manual_time_source source;
    dt_recorder client;

    const ticklab::frame_stats& frame(fixed_loop& loop, nanoseconds real) {
        source.advance(real);
        return loop.advance(client);
    }
};

}  // namespace

using LoopStrategies = strategy_fixture;

TEST_F(LoopStrategies, ClampLimitsTheFrameTimeNotTheTickCount) {
    fixed_loop loop{
        source,
        {.tick_rate_hz = 100, .max_loops = 2, .catch_up_mode = catch_up::clamp_frame_time, .frame_time_clamp = 250ms}};
    const auto& hitch = frame(loop, 10s);
    EXPECT_EQ(hitch.ticks, 25u) << "max_loops does not apply; 250 ms of 10 ms ticks does";
    EXPECT_EQ(hitch.dropped, 9750ms);
    EXPECT_EQ(loop.virtual_now(), 250ms);
}

TEST_F(LoopStrategies, DropBacklogUnderTheSameHitch) {
    fixed_loop loop{source, {.tick_rate_hz = 100, .max_loops = 2}};
    const auto& hitch = frame(loop, 10s);
    EXPECT_EQ(hitch.ticks, 2u);
    EXPECT_EQ(hitch.dropped, 9980ms);
    EXPECT_EQ(frame(loop, 10ms).ticks, 1u);
}

TEST_F(LoopStrategies, KeptDebtIsCaughtUpLaterInBursts) {
    fixed_loop loop{source, {.tick_rate_hz = 100, .max_loops = 4, .catch_up_mode = catch_up::keep_debt}};
    const auto& hitch = frame(loop, 105ms);
    EXPECT_EQ(hitch.ticks, 4u);
    EXPECT_EQ(hitch.dropped, 0ns);
    EXPECT_EQ(hitch.debt, 65ms);
    EXPECT_EQ(frame(loop, 0ns).ticks, 4u) << "the debt comes back as a burst";
    EXPECT_EQ(frame(loop, 0ns).ticks, 2u);
    EXPECT_EQ(loop.ticks(), 10u);
    EXPECT_EQ(loop.stats().debt, 0ns);
    EXPECT_EQ(loop.virtual_now(), 105ms) << "nothing lost: the 5 ms phase is still there";
}

TEST_F(LoopStrategies, KeptDebtIsBounded) {
    fixed_loop loop{source, {.tick_rate_hz = 60, .max_loops = 8, .catch_up_mode = catch_up::keep_debt}};
    const auto& hitch = frame(loop, 1h);
    EXPECT_EQ(hitch.debt, ticklab::max_debt);
    EXPECT_EQ(hitch.dropped + hitch.debt + loop.virtual_now(), 1h);
}

TEST_F(LoopStrategies, UncappedRunsEveryDueTickUpToTheSafetyLimit) {
    fixed_loop loop{source, {.tick_rate_hz = 60, .max_loops = 2, .catch_up_mode = catch_up::uncapped}};
    EXPECT_EQ(frame(loop, 10s).ticks, 600u);
    EXPECT_FALSE(loop.stats().safety_stop);
    loop.set_tick_rate(1000);
    const auto& hitch = frame(loop, 1h);
    EXPECT_EQ(hitch.ticks, ticklab::safety_ticks_per_frame);
    EXPECT_TRUE(hitch.safety_stop);
    EXPECT_GT(hitch.debt, 0ns);
}

TEST_F(LoopStrategies, UncappedStopsWhenTicksTakeTooLongInRealTime) {
    fixed_loop loop{source, {.tick_rate_hz = 1000, .max_loops = 2, .catch_up_mode = catch_up::uncapped}};
    client.busy = 30ms;  // each tick costs 30 ms of real time
    const auto& frame_stats = frame(loop, 1s);
    EXPECT_TRUE(frame_stats.safety_stop);
    EXPECT_LE(frame_stats.ticks, 10u) << "250 ms of real time buys about 9 ticks of 30 ms";
    EXPECT_GE(frame_stats.ticks, 1u);
}

// The spiral lesson's 20 ms ticks on a manual clock: where the real time left out, the safety stop
// falls after the same tick however slow the machine (a browser page beside others ran fewer).
TEST_F(LoopStrategies, UncappedSafetyStopReadsOnlyAModelledCost) {
    for (const bool modelled : {true, false}) {
        manual_time_source time;
        dt_recorder spiral;
        spiral.counted = 20ms;
        spiral.busy = 5ms;  // a slow machine: 25 ms a tick when the real time counts too
        spiral.modelled = modelled;
        fixed_loop loop{time, {.tick_rate_hz = 60, .max_loops = 3, .catch_up_mode = catch_up::uncapped}};
        time.advance(1s);
        const ticklab::frame_stats& hitch = loop.advance(spiral);
        EXPECT_TRUE(hitch.safety_stop);
        if (modelled) {
            EXPECT_EQ(hitch.ticks, 13u) << "12 x 20 ms is under 250, the 13th reaches it";
        } else {
            EXPECT_LE(hitch.ticks, 10u) << "the real 5 ms a tick counts too: 10 x 25 ms reach 250";
        }
    }
}

TEST_F(LoopStrategies, VariableSteppingRunsOneUpdateWithTheFrameDelta) {
    fixed_loop loop{source, {.tick_rate_hz = 60, .step_mode = ticklab::stepping::variable}};
    EXPECT_EQ(frame(loop, 7ms).ticks, 1u);
    EXPECT_EQ(frame(loop, 33ms).ticks, 1u);
    EXPECT_EQ(frame(loop, 0ns).ticks, 0u);
    ASSERT_EQ(client.dts.size(), 2u);
    EXPECT_DOUBLE_EQ(client.dts[0], 0.007);
    EXPECT_DOUBLE_EQ(client.dts[1], 0.033);
    EXPECT_EQ(loop.stats().alpha, 1.0);
}

TEST_F(LoopStrategies, SwitchingBackToFixedResumesOneTickFromNow) {
    fixed_loop loop{source, {.tick_rate_hz = 100, .step_mode = ticklab::stepping::variable}};
    frame(loop, 7ms);
    loop.set_stepping(ticklab::stepping::fixed);
    EXPECT_EQ(loop.next_tick_time(), 17ms);
    EXPECT_EQ(frame(loop, 9ms).ticks, 0u);
    EXPECT_EQ(frame(loop, 1ms).ticks, 1u);
}

TEST_F(LoopStrategies, TickLengthScalingKeepsTheTickCountAndScalesDt) {
    fixed_loop by_count{source, {.tick_rate_hz = 50}};
    manual_time_source other_source;
    fixed_loop by_length{other_source, {.tick_rate_hz = 50, .scaling = ticklab::time_scaling::tick_length}};
    dt_recorder other_client;
    by_count.clock().set_time_scale(2.0);
    by_length.clock().set_time_scale(2.0);
    for (int i = 0; i < 50; ++i) {
        frame(by_count, 20ms);
        other_source.advance(20ms);
        by_length.advance(other_client);
    }
    EXPECT_EQ(by_count.ticks(), 100u);
    EXPECT_EQ(by_length.ticks(), 50u);
    EXPECT_DOUBLE_EQ(client.dts.front(), 0.02);
    EXPECT_DOUBLE_EQ(other_client.dts.front(), 0.04);
}

TEST_F(LoopStrategies, RejectsBadClamp) {
    EXPECT_THROW((fixed_loop{source, {.frame_time_clamp = 0ns}}), std::invalid_argument);
    fixed_loop loop{source};
    EXPECT_THROW(loop.set_frame_time_clamp(11s), std::invalid_argument);
    EXPECT_THROW(loop.set_frame_time_clamp(-1ms), std::invalid_argument);
}

TEST_F(LoopStrategies, Text004CapsAtMaxLoopsThenKeepsExactlyOneTickPending) {
    fixed_loop loop{source, {.tick_rate_hz = 50, .max_loops = 8, .catch_up_mode = catch_up::text_004}};
    const auto& hitch = frame(loop, 500ms);
    EXPECT_EQ(hitch.ticks, 8u);
    EXPECT_EQ(hitch.ticked, 160ms) << "IndependentTickRun(frameTime): ticks x TICK_TIME";
    EXPECT_TRUE(hitch.capped);
    EXPECT_EQ(hitch.dropped, 320ms) << "500 - 8 x 20, less the one tick kept pending";
    EXPECT_EQ(loop.virtual_now() - loop.last_tick_time(), 20ms);
    EXPECT_EQ(frame(loop, 20ms).ticks, 1u);
    EXPECT_EQ(frame(loop, 0ms).ticks, 0u) << "exactly one tick pending is not more than one: no tick";
    EXPECT_EQ(frame(loop, 1ms).ticks, 1u);
}

TEST_F(LoopStrategies, Text004SingleStepWhilePausedRunsOneTick) {
    fixed_loop loop{source, {.tick_rate_hz = 50, .catch_up_mode = catch_up::text_004}};
    loop.clock().pause();
    EXPECT_EQ(frame(loop, 100ms).ticks, 0u);
    loop.clock().request_step();
    const auto& step = frame(loop, 16ms);
    EXPECT_EQ(step.ticks, 1u);
    EXPECT_TRUE(step.stepped);
    EXPECT_EQ(loop.virtual_now(), 20ms);
}

TEST_F(LoopStrategies, Text004TicksAreTickTimeApartAtRatesThatDoNotDivideASecond) {
    fixed_loop loop{source, {.tick_rate_hz = 60, .max_loops = 64, .catch_up_mode = catch_up::text_004}};
    frame(loop, 1s);
    ASSERT_EQ(client.times.size(), 60u);
    EXPECT_EQ(client.times.back(), nanoseconds{60 * 16'666'666})
        << "TICK_TIME = 16,666,666 ns: 40 ns a second short of the nanosecond rule's 1 s (docs/strategies.md)";
}

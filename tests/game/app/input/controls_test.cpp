#include "app/input/controls.hpp"

#include <gtest/gtest.h>

using namespace ticklab::app;
using ticklab::game::loop_settings;

TEST(Controls, StepWhileRunningPausesFirst) {
    loop_settings settings;
    step_once(settings);
    EXPECT_TRUE(settings.paused);
    EXPECT_TRUE(settings.single_step);
}

TEST(Controls, SpaceTogglesPause) {
    loop_settings settings;
    toggle_pause(settings);
    EXPECT_TRUE(settings.paused);
    toggle_pause(settings);
    EXPECT_FALSE(settings.paused);
}

TEST(Controls, TimeScaleDoublesAndHalvesWithinThePanelRange) {
    loop_settings settings;
    faster(settings);
    EXPECT_DOUBLE_EQ(settings.time_scale, 2.0);
    for (int i = 0; i < 10; ++i) faster(settings);
    EXPECT_DOUBLE_EQ(settings.time_scale, panel_max_time_scale);
    for (int i = 0; i < 20; ++i) slower(settings);
    EXPECT_DOUBLE_EQ(settings.time_scale, panel_min_time_scale);
}

TEST(Controls, TickRateKeysWalkThePresets) {
    EXPECT_EQ(next_tick_rate(60), 64u);
    EXPECT_EQ(next_tick_rate(61), 64u);
    EXPECT_EQ(previous_tick_rate(60), 30u);
    EXPECT_EQ(previous_tick_rate(61), 60u);
    EXPECT_EQ(next_tick_rate(240), 300u);
    EXPECT_EQ(previous_tick_rate(300), 240u);
    EXPECT_EQ(next_tick_rate(1000), 1000u);
    EXPECT_EQ(previous_tick_rate(5), 4u);
    EXPECT_EQ(previous_tick_rate(1), 1u);
}

TEST(Controls, TypedValuesAreClampedToTheEngineRange) {
    EXPECT_EQ(clamp_tick_rate(0), 1u);
    EXPECT_EQ(clamp_tick_rate(5000), 1000u);
    EXPECT_EQ(clamp_tick_rate(-7), 1u);
    EXPECT_EQ(clamp_max_loops(0), 1u);
    EXPECT_EQ(clamp_max_loops(65), 64u);
}

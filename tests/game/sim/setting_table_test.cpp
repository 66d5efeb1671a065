// The one settings table (game/sim/setting_table.cpp): its message, its ranges (the engine's own
// for the loop), its defaults (the structs' own) and its clamp.
#include "sim/setting_table.hpp"

#include "sim/loop_settings.hpp"
#include "sim/scene.hpp"

#include <gtest/gtest.h>
#include <ticklab/fixed_loop.hpp>
#include <ticklab/frame_pacer.hpp>

#include <cmath>
#include <cstdint>
#include <limits>

using ticklab::game::check_setting;
using ticklab::game::check_whole_setting;
using ticklab::game::clamp_setting;
using ticklab::game::setting;
using ticklab::game::setting_of;
using ticklab::game::setting_table;

TEST(SettingTable, EntriesAreInTheOrderOfTheirIds) {
    for (std::size_t i = 0; i < setting_table.size(); ++i) {
        EXPECT_EQ(static_cast<std::size_t>(setting_table[i].id), i) << setting_table[i].name;
        EXPECT_FALSE(setting_table[i].name.empty());
    }
}

TEST(SettingTable, OneMessageNamesTheValueItsUnitAndWhatIsAllowed) {
    EXPECT_EQ(check_setting(setting::tick_rate, 0),
              "tick_rate 0 Hz is not allowed: use a whole number from 1 to 1000 Hz");
    EXPECT_EQ(check_setting(setting::tick_rate, 59.5),
              "tick_rate 59.5 Hz is not allowed: use a whole number from 1 to 1000 Hz");
    EXPECT_EQ(check_setting(setting::time_scale, 65), "time_scale 65x is not allowed: use a value from 0.01 to 64x");
    EXPECT_EQ(check_setting(setting::fps_cap, 0.5),
              "fps_cap 0.5 fps is not allowed: use 0 (no cap) or a value from 1 to 1000 fps");
    EXPECT_EQ(check_setting(setting::tick_load_ms, 1001),
              "tick_load_ms 1001 ms is not allowed: use a value from 0 (off) to 1000 ms");
    EXPECT_EQ(check_setting(setting::frame_ms, 0),
              "frame_ms 0 ms is not allowed: use a value above 0, at most 1000 ms");
    EXPECT_EQ(check_setting(setting::frames, 1e10),
              "frames 10000000000 is not allowed: use a whole number from 1 to 1000000000");
    EXPECT_EQ(check_setting(setting::balls, std::nan("")),
              "balls nan is not allowed: use a whole number from 0 to 100000");
    EXPECT_EQ(check_whole_setting(setting::tick_rate, std::numeric_limits<std::uint64_t>::max()),
              "tick_rate 18446744073709551615 Hz is not allowed: use a whole number from 1 to 1000 Hz");
}

TEST(SettingTable, EveryNumberOfASeedIsAllowedAndNothingPast) {
    EXPECT_EQ(check_whole_setting(setting::seed, std::numeric_limits<std::uint64_t>::max()), "");
    EXPECT_EQ(check_whole_setting(setting::seed, 0), "");
    EXPECT_EQ(check_setting(setting::seed, 4294967296.0), "");
    // 2^64 as a double is one past the largest seed.
    EXPECT_EQ(check_setting(setting::seed, 18446744073709551616.0),
              "seed 1.84467440737096e+19 is not allowed: use a whole number from 0 to 18446744073709551615");
    EXPECT_NE(check_setting(setting::seed, -1), "");
}

// The loop's ranges are the engine's limits: the table allows exactly what the engine's checks do.
TEST(SettingTable, LoopRangesAreTheEnginesOwn) {
    for (double v = -2.0; v <= 1002.0; v += 0.25) {
        EXPECT_EQ(check_setting(setting::tick_rate, v).empty(), ticklab::check_tick_rate(v).empty()) << v;
        EXPECT_EQ(check_setting(setting::max_loops, v).empty(), ticklab::check_max_loops(v).empty()) << v;
        EXPECT_EQ(check_setting(setting::fps_cap, v).empty(), ticklab::check_fps_cap(v).empty()) << v;
    }
    for (double v : {0.0, 0.009, 0.01, 1.0, 64.0, 64.001, -1.0}) {
        EXPECT_EQ(check_setting(setting::time_scale, v).empty(), ticklab::check_time_scale(v).empty()) << v;
    }
}

TEST(SettingTable, DefaultsAreTheSettingsStructsOwn) {
    const ticklab::game::loop_settings loop;
    EXPECT_EQ(setting_of(setting::tick_rate).default_value, loop.tick_rate_hz);
    EXPECT_EQ(setting_of(setting::max_loops).default_value, loop.max_loops);
    EXPECT_EQ(setting_of(setting::time_scale).default_value, loop.time_scale);
    EXPECT_EQ(setting_of(setting::fps_cap).default_value, loop.fps_cap);
    EXPECT_EQ(setting_of(setting::tick_load_ms).default_value, loop.tick_load_ms);
    EXPECT_EQ(setting_of(setting::frame_load_ms).default_value, loop.frame_load_ms);
    EXPECT_EQ(setting_of(setting::task_load_ms).default_value, loop.task_load_ms);
    EXPECT_EQ(setting_of(setting::task_budget_ms).default_value, loop.task_budget_ms);
    EXPECT_EQ(setting_of(setting::idle_work_ms).default_value, loop.idle_work_ms);
    EXPECT_EQ(setting_of(setting::frame_time_clamp_ms).default_value, loop.frame_time_clamp_ms);
    const ticklab::game::scene_options scene;
    EXPECT_EQ(setting_of(setting::balls).default_value, scene.balls);
    EXPECT_EQ(setting_of(setting::seed).default_value, scene.seed);
    EXPECT_EQ(setting_of(setting::threads).default_value, scene.threads);
}

TEST(SettingTable, EveryDefaultIsAllowedAndEverySliderLiesInItsRange) {
    for (const auto& spec : setting_table) {
        // threads and frames: 0 is "not given" (one per hardware thread; no frame limit).
        if (spec.id != setting::threads && spec.id != setting::frames) {
            EXPECT_EQ(check_setting(spec.id, spec.default_value), "") << spec.name;
        }
        if (spec.slider.low == 0.0 && spec.slider.high == 0.0) continue;
        EXPECT_EQ(check_setting(spec.id, spec.slider.low), "") << spec.name;
        EXPECT_EQ(check_setting(spec.id, spec.slider.high), "") << spec.name;
        EXPECT_LT(spec.slider.low, spec.slider.high) << spec.name;
    }
}

TEST(SettingTable, ClampPullsAValueToTheNearestAllowedOne) {
    EXPECT_EQ(clamp_setting(setting::tick_rate, 0), 1.0);
    EXPECT_EQ(clamp_setting(setting::tick_rate, 5000), 1000.0);
    EXPECT_EQ(clamp_setting(setting::tick_rate, 59.6), 60.0);
    EXPECT_EQ(clamp_setting(setting::time_scale, std::nan("")), 1.0) << "NaN: the default";
    EXPECT_EQ(clamp_setting(setting::fps_cap, 0.3), 0.0);
    EXPECT_EQ(clamp_setting(setting::fps_cap, 0.7), 1.0);
    EXPECT_EQ(clamp_setting(setting::fps_cap, 0.0), 0.0);
    EXPECT_EQ(clamp_setting(setting::tick_load_ms, -4), 0.0);
    EXPECT_EQ(clamp_setting(setting::tick_load_ms, 1e9), 1000.0);
    const double clamp = clamp_setting(setting::frame_time_clamp_ms, -5);
    EXPECT_GT(clamp, 0.0);
    EXPECT_EQ(check_setting(setting::frame_time_clamp_ms, clamp), "");
    for (const auto& spec : setting_table) {
        for (double v : {-1e12, -1.0, 0.0, 0.5, 1e12}) {
            EXPECT_EQ(check_setting(spec.id, clamp_setting(spec.id, v)), "") << spec.name << " " << v;
        }
    }
}

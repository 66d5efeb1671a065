// The session's sanitise (game/session/session.cpp) pulls whatever a panel hands over into the one
// settings table's ranges (game/sim/setting_table.hpp), each value to its nearest allowed one.
#include "session/session.hpp"
#include "sim/setting_table.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>

using namespace std::chrono_literals;
using ticklab::game::check_setting;
using ticklab::game::clamp_setting;
using ticklab::game::setting;

TEST(SettingTable, TheSessionPullsEveryLoopSettingIntoTheTablesRange) {
    constexpr double inf = std::numeric_limits<double>::infinity();
    for (const double bad : {-5.0, 0.4, 5000.0, 1e12, inf, -inf}) {
        SCOPED_TRACE(bad);
        ticklab::manual_time_source source;
        ticklab::game::session s{source, "balls", {}, {}};
        s.count_load(true);  // up to 1000 ms of load a tick: counted, not spent
        ticklab::game::loop_settings given = s.settings();
        const auto whole = static_cast<std::uint32_t>(std::clamp(bad, 0.0, 1e9));
        given.tick_rate_hz = whole;
        given.max_loops = whole;
        given.ghost_tick_rate_hz = whole;
        given.time_scale = given.fps_cap = given.tick_load_ms = given.frame_load_ms = given.task_load_ms =
            given.task_budget_ms = given.idle_work_ms = given.frame_time_clamp_ms = bad;
        s.set_settings(given);
        source.advance(1ms);
        s.advance();
        const auto& l = s.settings();
        EXPECT_EQ(l.tick_rate_hz, clamp_setting(setting::tick_rate, whole));
        EXPECT_EQ(l.max_loops, clamp_setting(setting::max_loops, whole));
        if (whole != 0) {
            EXPECT_EQ(l.ghost_tick_rate_hz, clamp_setting(setting::tick_rate, whole));
        }
        const std::pair<setting, double> reals[] = {
            {setting::time_scale, l.time_scale},     {setting::fps_cap, l.fps_cap},
            {setting::tick_load_ms, l.tick_load_ms}, {setting::frame_load_ms, l.frame_load_ms},
            {setting::task_load_ms, l.task_load_ms}, {setting::task_budget_ms, l.task_budget_ms},
            {setting::idle_work_ms, l.idle_work_ms}, {setting::frame_time_clamp_ms, l.frame_time_clamp_ms}};
        for (const auto& [which, value] : reals) {
            EXPECT_EQ(value, clamp_setting(which, bad)) << ticklab::game::setting_of(which).name;
            EXPECT_EQ(check_setting(which, value), "") << ticklab::game::setting_of(which).name;
        }
    }
}

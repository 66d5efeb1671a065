#include "sim/session.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

using namespace std::chrono_literals;
using ticklab::game::action;
using ticklab::game::loop_settings;
using ticklab::game::scene_options;
using ticklab::game::session;

namespace {

struct session_fixture : ::testing::Test {
    ticklab::manual_time_source source;

    const ticklab::frame_stats& frame(session& s, ticklab::nanoseconds real) {
        source.advance(real);
        const auto& stats = s.advance();
        s.update_frame(stats);
        return stats;
    }
};

}  // namespace

TEST_F(session_fixture, UnknownSceneThrows) {
    EXPECT_THROW((session{source, "moon", {}, {}}), std::invalid_argument);
}

TEST_F(session_fixture, RunsTicksOnTheVirtualClock) {
    session s{source, "balls", {}, {}};
    EXPECT_EQ(frame(s, 100ms).ticks, 6u);
    EXPECT_EQ(s.history().size(), 1u);
    EXPECT_FLOAT_EQ(s.history().at(0).ticks, 6.0f);
}

TEST_F(session_fixture, SettingsAreAppliedEachFrame) {
    session s{source, "balls", {}, {}};
    // A change takes effect when the next frame applies it: real time before that ran at the old
    // settings, so each change is applied by an empty frame before the measured one.
    s.settings.tick_rate_hz = 120;
    s.settings.time_scale = 2.0;
    s.settings.max_loops = 16;
    frame(s, 0ms);
    EXPECT_EQ(frame(s, 50ms).ticks, 12u);
    s.settings.paused = true;
    frame(s, 0ms);
    EXPECT_EQ(frame(s, 50ms).ticks, 0u);
}

TEST_F(session_fixture, SingleStepRunsOneTickAndClearsItself) {
    loop_settings settings;
    settings.paused = true;
    session s{source, "balls", {}, settings};
    s.settings.single_step = true;
    EXPECT_EQ(frame(s, 16ms).ticks, 1u);
    EXPECT_FALSE(s.settings.single_step);
    EXPECT_EQ(frame(s, 16ms).ticks, 0u);
}

TEST_F(session_fixture, BadPanelValuesArePulledIntoRange) {
    session s{source, "balls", {}, {}};
    s.settings.tick_rate_hz = 0;
    s.settings.max_loops = 1000;
    s.settings.time_scale = std::nan("");
    frame(s, 16ms);
    EXPECT_EQ(s.settings.tick_rate_hz, 1u);
    EXPECT_EQ(s.settings.max_loops, 64u);
    EXPECT_EQ(s.settings.time_scale, 1.0);
}

TEST_F(session_fixture, InputReachesTheScene) {
    scene_options options;
    session a{source, "lander", options, {}};
    session b{source, "lander", options, {}};
    b.input().press(action::thrust);
    frame(a, 0ms);
    frame(b, 0ms);  // no tick: the press waits
    source.advance(17ms);
    a.advance();
    b.advance();
    EXPECT_NE(a.state_hash(), b.state_hash());
}

TEST_F(session_fixture, ResetKeepsChoicesMadeInTheScene) {
    scene_options options;
    options.balls = 50;
    session s{source, "balls", options, {}};
    const auto initial = s.state_hash();
    frame(s, 100ms);
    s.reset();
    EXPECT_EQ(s.state_hash(), initial);
}

TEST_F(session_fixture, DrawIsInterpolatedUnlessTurnedOff) {
    scene_options options;
    options.balls = 1;
    session s{source, "balls", options, {}};
    frame(s, 25ms);  // one tick and half of the next
    ticklab::game::draw_list interpolated, current;
    s.draw(interpolated);
    s.settings.interpolate = false;
    s.draw(current);
    ASSERT_EQ(current.circles.size(), 1u);
    EXPECT_NE(interpolated.circles[0].center.y, current.circles[0].center.y);
}

TEST_F(session_fixture, SwitchSceneCreatesTheNewScene) {
    session s{source, "balls", {}, {}};
    s.switch_scene(*ticklab::game::find_scene("lander"));
    EXPECT_EQ(s.current_entry().name, "lander");
}

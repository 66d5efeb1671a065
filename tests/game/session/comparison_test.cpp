// The comparison view: a ghost of the same scene from the same start, with its own strategy.
#include "session/comparison.hpp"
#include "session/session.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace std::chrono_literals;
using ticklab::game::action;
using ticklab::game::loop_settings;
using ticklab::game::session;

namespace {

struct comparison_fixture : ::testing::Test {
    ticklab::manual_time_source source;

    void frames(session& s, int count, ticklab::nanoseconds real) {
        for (int i = 0; i < count; ++i) {
            source.advance(real);
            s.update_frame(s.advance());
        }
    }
};

using Comparison = comparison_fixture;

loop_settings comparing(ticklab::stepping ghost_stepping) {
    loop_settings settings;
    settings.compare = true;
    settings.ghost_strategy.step_mode = ghost_stepping;
    return settings;
}

}  // namespace

TEST_F(Comparison, NoGhostUnlessAskedFor) {
    session s{source, "balls", {}, {}};
    frames(s, 3, 16ms);
    EXPECT_EQ(s.ghost(), nullptr);
}

TEST_F(Comparison, GhostWithTheSameStrategyStaysIdentical) {
    session s{source, "balls", {}, comparing(ticklab::stepping::fixed)};
    frames(s, 120, 17ms);
    ASSERT_NE(s.ghost(), nullptr);
    EXPECT_EQ(s.ghost()->state_hash(), s.state_hash());
}

TEST_F(Comparison, GhostWithVariableSteppingDiverges) {
    session s{source, "balls", {}, comparing(ticklab::stepping::variable)};
    frames(s, 60, 17ms);
    ASSERT_NE(s.ghost(), nullptr);
    EXPECT_NE(s.ghost()->state_hash(), s.state_hash());
}

TEST_F(Comparison, StartingResetsMainSoBothBeginTogether) {
    session s{source, "balls", {}, {}};
    frames(s, 30, 17ms);
    {
        auto edit = s.settings();
        edit.compare = true;
        s.set_settings(edit);
    }
    {
        auto edit = s.settings();
        edit.ghost_strategy.step_mode = ticklab::stepping::fixed;
        s.set_settings(edit);
    }
    frames(s, 30, 17ms);
    EXPECT_EQ(s.ghost()->state_hash(), s.state_hash());
}

TEST_F(Comparison, GhostSeesMainsInput) {
    session s{source, "lander", {}, comparing(ticklab::stepping::fixed)};
    frames(s, 5, 17ms);
    s.input().press(action::thrust);
    frames(s, 30, 17ms);
    s.input().release(action::thrust);
    frames(s, 5, 17ms);
    session alone{source, "lander", {}, {}};
    EXPECT_NE(s.state_hash(), alone.state_hash());
    EXPECT_EQ(s.ghost()->state_hash(), s.state_hash());
}

TEST_F(Comparison, ResetAndStopFollowMain) {
    session s{source, "balls", {}, comparing(ticklab::stepping::variable)};
    frames(s, 30, 17ms);
    s.reset();
    EXPECT_EQ(s.ghost()->state_hash(), s.state_hash()) << "both back at the initial state";
    {
        auto edit = s.settings();
        edit.compare = false;
        s.set_settings(edit);
    }
    frames(s, 1, 17ms);
    EXPECT_EQ(s.ghost(), nullptr);
}

TEST_F(Comparison, SmoothingOnlyChangesTheDrawingNotTheSimulation) {
    loop_settings settings;
    settings.compare = true;
    settings.ghost_strategy.smoothing_mode = ticklab::game::smoothing::none;
    session s{source, "balls", {}, settings};
    frames(s, 120, 17ms);
    ASSERT_NE(s.ghost(), nullptr);
    EXPECT_EQ(s.ghost()->state_hash(), s.state_hash());
    EXPECT_EQ(s.current_scene().divergence(s.ghost()->current_scene()), 0.0);
}

TEST_F(Comparison, GhostAtAnotherTickRateCountsItsOwnTicks) {
    loop_settings settings;
    settings.compare = true;
    settings.ghost_tick_rate_hz = 5;
    session s{source, "balls", {}, settings};
    frames(s, 120, 17ms);
    ASSERT_NE(s.ghost(), nullptr);
    EXPECT_EQ(s.ghost()->loop().tick_rate(), 5u);
    EXPECT_EQ(s.loop().tick_rate(), 60u) << "main keeps its own";
    EXPECT_NE(s.ghost()->state_hash(), s.state_hash());
    // 2 s of frames: about 120 ticks at 60 Hz, about 10 at 5 Hz (a tick count, not a frame count).
    EXPECT_NEAR(static_cast<double>(s.ghost()->loop().ticks()), s.loop().ticks() / 12.0, 2.0);
    EXPECT_GT(s.current_scene().divergence(s.ghost()->current_scene()), 0.0);
}

TEST_F(Comparison, LanderDivergenceIsTheDistanceBetweenTheLanders) {
    loop_settings settings;
    settings.compare = true;
    settings.ghost_tick_rate_hz = 5;
    ticklab::game::scene_options options;
    options.autopilot = true;
    session s{source, "lander", options, settings};
    frames(s, 300, 17ms);
    ASSERT_NE(s.ghost(), nullptr);
    const double drift = s.current_scene().divergence(s.ghost()->current_scene());
    EXPECT_GT(drift, 0.0);
    EXPECT_LT(drift, 300.0) << "metres, within the 240 x 135 m world";
}

TEST_F(Comparison, BallsAreMatchedByIdentityNotByArrayIndex) {
    // Main (60 Hz) re-sorts its arrays by grid cell every 16 ticks, the 5 Hz ghost not yet: index i
    // is then another ball on each side (a mean error of tens of units), while each ball and its
    // twin are still close.
    loop_settings settings;
    settings.compare = true;
    settings.ghost_tick_rate_hz = 5;
    session s{source, "balls", {}, settings};
    frames(s, 40, 17ms);
    ASSERT_NE(s.ghost(), nullptr);
    EXPECT_LT(s.current_scene().divergence(s.ghost()->current_scene()), 10.0);
}

TEST_F(Comparison, GhostIsDrawnFadedAfterMain) {
    ticklab::game::scene_options options;
    options.balls = 3;
    session s{source, "balls", options, comparing(ticklab::stepping::variable)};
    frames(s, 10, 17ms);
    ticklab::game::draw_list list;
    s.draw(list);
    ASSERT_EQ(list.circles.size(), 6u);
    EXPECT_EQ(list.circles[0].fill.a, 255);
    EXPECT_EQ(list.circles[3].fill.a, ticklab::game::comparison::ghost_opacity);
    EXPECT_EQ(list.lines.size() % 2, 0u) << "the ghost's frame lines too";
}

TEST(AppendGhost, FadesTowardsWhite) {
    ticklab::game::draw_list main, ghost;
    ghost.circles.push_back({{1.0f, 2.0f}, 3.0f, {0, 100, 255, 255}});
    ghost.triangles.push_back({{}, {}, {}, {0, 0, 0, 255}});
    ghost.lines.push_back({{}, {}, {255, 255, 255, 255}});
    ticklab::game::append_ghost(main, ghost, 100);
    ASSERT_EQ(main.circles.size(), 1u);
    EXPECT_EQ(main.circles[0].fill.r, 127);
    EXPECT_EQ(main.circles[0].fill.g, 177);
    EXPECT_EQ(main.circles[0].fill.a, 100);
    EXPECT_EQ(main.circles[0].radius, 3.0f);
    EXPECT_EQ(main.triangles.at(0).fill.a, 100);
    EXPECT_EQ(main.lines.at(0).stroke.r, 255);
}

namespace {

// A clock that moves on while it is read, as a real one does during a frame's work: every reading
// is 0.7 ms after the one before, on top of the frame times the test adds.
class busy_clock final : public ticklab::time_source {
public:
    [[nodiscard]] ticklab::nanoseconds now() const override {
        now_ += 700us;
        return now_;
    }
    void advance(ticklab::nanoseconds real) { now_ += real; }

private:
    mutable ticklab::nanoseconds now_{0};
};

}  // namespace

TEST_F(Comparison, GhostRunsOnTheRealTimeMainsFrameRead) {
    // The ghost's frame must not read a clock of its own: main's reading comes later (by the
    // ghost's frame and any load it spent), and a tick falling due in between ran in main's frame
    // only, so the two showed different states at the end of that frame.
    busy_clock clock;  // not the fixture's manual source
    session s{clock, "balls", {}, comparing(ticklab::stepping::fixed)};
    int differ = 0;
    for (int i = 0; i < 600; ++i) {
        clock.advance(16ms);
        s.update_frame(s.advance());
        if (s.ghost() != nullptr && s.ghost()->state_hash() != s.state_hash()) ++differ;
    }
    ASSERT_NE(s.ghost(), nullptr);
    EXPECT_EQ(differ, 0) << "frames whose end showed main and its equal ghost apart";
}

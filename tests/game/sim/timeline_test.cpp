// The timeline a session records: frames on a real-time axis, ticks at their due times mapped
// back to real time, drops, debt, pauses, freezing and the fixed-capacity ring.
#include "session/session.hpp"

#include <gtest/gtest.h>

#include <vector>

using namespace std::chrono_literals;
using ticklab::nanoseconds;
using ticklab::game::loop_settings;
using ticklab::game::session;
using ticklab::game::timeline_frame;
using ticklab::game::timeline_recorder;

namespace {

struct timeline_fixture : ::testing::Test {
    ticklab::manual_time_source source;

    const timeline_frame& frame(session& s, nanoseconds real) {
        source.advance(real);
        s.update_frame(s.advance());
        return s.timeline().frame_at(s.timeline().frames() - 1);
    }

    // Where each tick of `f` was due, in real time since the frame began.
    static std::vector<nanoseconds> due_in_frame(const session& s, const timeline_frame& f) {
        std::vector<nanoseconds> out;
        for (std::uint32_t k = 0; k < f.ticks; ++k) {
            nanoseconds due{0};
            EXPECT_TRUE(s.timeline().tick_of(f, k, due));
            out.push_back(f.real_of(due) - f.real_start);
        }
        return out;
    }

    static loop_settings at_50_hz(ticklab::catch_up mode = ticklab::catch_up::drop_backlog) {
        loop_settings settings;
        settings.tick_rate_hz = 50;
        settings.strategy.catch_up_mode = mode;
        return settings;
    }
};

using Timeline = timeline_fixture;

}  // namespace

TEST_F(Timeline, FramesCoverRealTimeEndToEnd) {
    session s{source, "lander", {}, at_50_hz()};
    const timeline_frame first = frame(s, 30ms);
    const timeline_frame& second = frame(s, 15ms);
    EXPECT_EQ(first.real_start, 0ms);
    EXPECT_EQ(first.real_end, 30ms);
    EXPECT_EQ(second.real_start, 30ms);
    EXPECT_EQ(second.real_end, 45ms);
    EXPECT_EQ(second.index, 2u);
}

TEST_F(Timeline, TicksSitWhereTheyWereDue) {
    session s{source, "lander", {}, at_50_hz()};
    const timeline_frame& f = frame(s, 30ms);
    EXPECT_EQ(due_in_frame(s, f), (std::vector<nanoseconds>{20ms}));
    const timeline_frame& g = frame(s, 30ms);  // 30..60 ms: the ticks due at 40 and 60 ms
    EXPECT_EQ(due_in_frame(s, g), (std::vector<nanoseconds>{10ms, 30ms}));
}

TEST_F(Timeline, BurstTicksSpreadOverTheFrameThatRanThem) {
    session s{source, "lander", {}, at_50_hz()};
    const timeline_frame& f = frame(s, 100ms);
    EXPECT_EQ(f.ticks, 5u);
    EXPECT_EQ(due_in_frame(s, f), (std::vector<nanoseconds>{20ms, 40ms, 60ms, 80ms, 100ms}));
}

TEST_F(Timeline, FramesWithNoTickAreKept) {
    session s{source, "lander", {}, at_50_hz()};
    EXPECT_EQ(frame(s, 5ms).ticks, 0u);
    EXPECT_EQ(s.timeline().frames(), 1u);
}

TEST_F(Timeline, DroppedTimeAndTheCapAreRecorded) {
    session s{source, "lander", {}, at_50_hz()};
    const timeline_frame& f = frame(s, 500ms);
    EXPECT_EQ(f.ticks, 8u);
    EXPECT_TRUE(f.capped);
    EXPECT_EQ(f.dropped, 340ms);
    EXPECT_EQ(f.debt, 0ms);
}

TEST_F(Timeline, TicksPaidFromDebtLandBeforeTheirFrame) {
    session s{source, "lander", {}, at_50_hz(ticklab::catch_up::keep_debt)};
    const timeline_frame hitch = frame(s, 500ms);
    EXPECT_EQ(hitch.debt, 340ms);
    const timeline_frame& next = frame(s, 20ms);
    ASSERT_EQ(next.ticks, 8u);
    const std::vector<nanoseconds> due = due_in_frame(s, next);
    // The first owed tick (the 9th, due at 180 ms) was due 320 ms before this frame began.
    EXPECT_EQ(due.front(), -320ms);
    EXPECT_LT(due.back(), 0ms);
}

TEST_F(Timeline, TimeScaleMapsTicksBackToRealTime) {
    loop_settings settings = at_50_hz();
    settings.time_scale = 2.0;
    session s{source, "lander", {}, settings};
    const timeline_frame& f = frame(s, 20ms);
    EXPECT_EQ(due_in_frame(s, f), (std::vector<nanoseconds>{10ms, 20ms}));
}

TEST_F(Timeline, PausedFramesAreMarked) {
    loop_settings settings = at_50_hz();
    settings.paused = true;
    session s{source, "lander", {}, settings};
    const timeline_frame& f = frame(s, 20ms);
    EXPECT_TRUE(f.paused);
    EXPECT_EQ(f.ticks, 0u);
    {
        auto edit = s.settings();
        edit.paused = false;
        s.set_settings(edit);
    }
    frame(s, 0ms);
    EXPECT_FALSE(frame(s, 20ms).paused);
}

TEST_F(Timeline, AlphaIsTheFramesAlpha) {
    session s{source, "lander", {}, at_50_hz()};
    EXPECT_DOUBLE_EQ(frame(s, 30ms).alpha, 0.5);
}

TEST_F(Timeline, FrozenKeepsWhatItHas) {
    session s{source, "lander", {}, at_50_hz()};
    frame(s, 20ms);
    frame(s, 20ms);
    s.timeline().set_frozen(true);
    for (int i = 0; i < 5; ++i) frame(s, 20ms);
    EXPECT_EQ(s.timeline().frames(), 2u);
    EXPECT_EQ(s.timeline().frame_at(1).index, 2u);
    s.timeline().set_frozen(false);
    EXPECT_EQ(frame(s, 20ms).index, 8u);
}

TEST_F(Timeline, RingKeepsTheNewestFrames) {
    session s{source, "lander", {}, at_50_hz()};
    const std::size_t total = timeline_recorder::frame_capacity + 10;
    for (std::size_t i = 0; i < total; ++i) frame(s, 20ms);
    EXPECT_EQ(s.timeline().frames(), timeline_recorder::frame_capacity);
    EXPECT_EQ(s.timeline().frame_at(0).index, 11u);
    EXPECT_EQ(s.timeline().frame_at(s.timeline().frames() - 1).index, total);
}

TEST_F(Timeline, TicksThatLeftTheRingAreNotReported) {
    // A frame with more ticks than the ring holds (a spiral of death at 1000 Hz would do it).
    ticklab::fixed_loop loop{source};
    timeline_recorder recorder;
    recorder.begin_frame(loop);
    const std::uint32_t ticks = timeline_recorder::tick_capacity + 5;
    for (std::uint32_t k = 0; k < ticks; ++k) recorder.add_tick(nanoseconds{k});
    recorder.end_frame(loop, false);
    const timeline_frame& f = recorder.frame_at(0);
    EXPECT_EQ(f.ticks, ticks);
    nanoseconds due{0};
    EXPECT_FALSE(recorder.tick_of(f, 4, due)) << "overwritten by later ticks of the same frame";
    ASSERT_TRUE(recorder.tick_of(f, 5, due));
    EXPECT_EQ(due, nanoseconds{5});
    EXPECT_FALSE(recorder.tick_of(f, ticks, due)) << "past the frame's ticks";
}

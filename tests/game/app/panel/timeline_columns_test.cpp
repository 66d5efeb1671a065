// The timeline strip merges frames narrower than a column so 500 fps is not a barcode, and keeps
// what the strip says: every tick and every dropped nanosecond stays in some column.
#include "app/panel/timeline_columns.hpp"

#include "session/session.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <utility>

using namespace std::chrono_literals;
using ticklab::nanoseconds;
using ticklab::app::timeline_column;
using ticklab::app::timeline_columns;

namespace {

struct strip_run {
    ticklab::manual_time_source source;
    ticklab::game::session s{source, "lander", {}, {}};

    void frames(int count, nanoseconds each) {
        for (int i = 0; i < count; ++i) {
            source.advance(each);
            s.update_frame(s.advance());
        }
    }
    [[nodiscard]] nanoseconds now() const { return s.timeline().frame_at(s.timeline().frames() - 1).real_end; }
    [[nodiscard]] std::vector<timeline_column> columns(double span_s = 0.5, float width = 300.0f) const {
        return timeline_columns(s.timeline(), now(), span_s * 1e9, width);
    }
};

std::uint32_t visible_ticks(const ticklab::game::timeline_recorder& recorder, nanoseconds now, double span_ns) {
    std::uint32_t ticks = 0;
    for (std::size_t i = recorder.frames(); i-- > 0;) {
        const auto& f = recorder.frame_at(i);
        if (static_cast<double>((now - f.real_end).count()) > span_ns) break;
        ticks += f.ticks;
    }
    return ticks;
}

TEST(TimelineColumns, FramesAt500FpsAreMergedAndKeepEveryTick) {
    strip_run run;
    run.frames(600, 2ms);  // 500 fps: 0.6 px a frame on 300 px for 0.5 s
    const auto columns = run.columns();
    ASSERT_FALSE(columns.empty());
    std::uint32_t ticks = 0;
    std::size_t merged = 0;
    std::size_t with_tick = 0;
    for (const timeline_column& c : columns) {
        ticks += c.ticks;
        merged += c.count > 1 ? 1 : 0;
        EXPECT_TRUE(c.merged) << "a 0.6 px frame is never drawn alone";
        with_tick += c.max_ticks > 0 ? 1 : 0;
        EXPECT_LE(c.max_ticks, c.ticks);
    }
    EXPECT_EQ(ticks, visible_ticks(run.s.timeline(), run.now(), 0.5e9));
    EXPECT_GT(merged, columns.size() / 2) << "most columns hold several frames";
    // About 30 ticks in 0.5 s at 60 Hz, each in its own column: visible, not averaged away.
    EXPECT_GE(with_tick, 25u);
    EXPECT_LE(columns.size(), 160u) << "at most one column per 2 px";
}

TEST(TimelineColumns, FramesWiderThanTwoPixelsAreDrawnOneByOne) {
    strip_run run;
    run.frames(120, 16ms);  // 9.6 px a frame
    for (const timeline_column& c : run.columns()) {
        EXPECT_EQ(c.count, 1u);
        EXPECT_FALSE(c.merged);
    }
}

TEST(TimelineColumns, AColumnKeepsItsFramesAsTheStripScrolls) {
    strip_run run;
    run.frames(600, 2ms);
    std::set<std::pair<std::size_t, std::size_t>> before;
    for (const timeline_column& c : run.columns())
        before.insert({c.first, c.count});  // the ring is not full: indices stay
    run.frames(1, 2ms);
    const auto after = run.columns();
    std::size_t kept = 0;
    for (std::size_t i = 1; i + 1 < after.size(); ++i) kept += before.count({after[i].first, after[i].count});
    EXPECT_GE(kept, after.size() - 3) << "columns re-sorted their frames: the strip would flicker";
}

TEST(TimelineColumns, DroppedTimeStaysInItsColumn) {
    strip_run run;
    {
        auto edit = run.s.settings();
        edit.strategy.catch_up_mode = ticklab::catch_up::drop_backlog;
        run.s.set_settings(edit);
    }
    run.frames(300, 2ms);
    run.frames(1, 400ms);  // a long frame: time dropped past MAX_LOOPS
    run.frames(40, 2ms);
    nanoseconds dropped{0};
    for (const timeline_column& c : run.columns(1.0)) dropped += c.dropped;
    EXPECT_GT(dropped.count(), 0);
    nanoseconds expected{0};
    const auto& recorder = run.s.timeline();
    for (std::size_t i = recorder.frames(); i-- > 0;) {
        const auto& f = recorder.frame_at(i);
        if (static_cast<double>((run.now() - f.real_end).count()) > 1e9) break;
        expected += f.dropped;
    }
    EXPECT_EQ(dropped, expected);
}

}  // namespace

// The beat line keeps the newest frames that fit on one line: cut at the oldest end, never wrapped
// with the newest count alone on a second line (as at 1280x720 when a lesson's panel scrolls).
TEST(TimelineColumns, BeatLineKeepsTheNewestCountsThatFit) {
    strip_run run;
    run.frames(30, 25ms);  // 60 Hz ticks in 40 Hz frames: counts of 1 and 2
    const auto& recorder = run.s.timeline();
    std::string expected_tail;
    for (std::size_t i = recorder.frames() - 5; i < recorder.frames(); ++i) {
        expected_tail += " " + std::to_string(recorder.frame_at(i).ticks);
    }
    const std::string all = ticklab::app::beat_text(recorder, 20, [](const std::string&) { return true; });
    EXPECT_EQ(std::count(all.begin(), all.end(), ' '), 2 + 20) << all;  // "ticks per frame:" has two spaces
    const std::string five = ticklab::app::beat_text(recorder, 20, [](const std::string& line) {
        return line.size() <= std::string{"ticks per frame:"}.size() + 10;
    });
    EXPECT_EQ(five, "ticks per frame:" + expected_tail);
    EXPECT_EQ(ticklab::app::beat_text(recorder, 20, [](const std::string&) { return false; }).size(),
              std::string{"ticks per frame:"}.size() + 2)
        << "at least the newest count";
}

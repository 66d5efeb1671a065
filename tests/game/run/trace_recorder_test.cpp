// The trace's marks (game/run/trace_recorder.cpp, trace_formats.cpp): a pause, a resume and a change
// of settings during a run (B in a lesson, a key, the panel) are recorded at the frame that first ran
// with them, and written in both formats, so a plot can mark them.
#include "run/trace_recorder.hpp"
#include "run/trace_formats.hpp"
#include "sim/frame_time.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <ticklab/time_source.hpp>

#include <string>
#include <vector>

namespace {

using ticklab::game::trace_mark;

struct traced_run {
    ticklab::manual_time_source source;
    ticklab::game::session s{source, "balls", {}, {}};
    ticklab::game::trace_recorder trace{s};

    ~traced_run() { trace.detach(); }
    traced_run() = default;
    traced_run(const traced_run&) = delete;
    traced_run& operator=(const traced_run&) = delete;

    void frames(int count) {
        for (int i = 0; i < count; ++i) {
            source.advance(ticklab::game::frame_time(16.7));
            const ticklab::frame_stats& frame = s.advance();
            s.update_frame(frame);
            trace.record(s, frame);
        }
    }
};

TEST(TraceRecorder, MarksAPauseAResumeAndAChangeOfSettingsAtTheirFrames) {
    traced_run run;
    run.frames(10);
    EXPECT_TRUE(run.trace.marks().empty()) << "the settings the run started with are no change";
    ticklab::game::loop_settings b = run.s.settings();
    b.strategy.catch_up_mode = ticklab::catch_up::uncapped;  // B in the spiral lesson
    b.max_loops = 3;
    run.s.set_settings(b);
    run.frames(5);
    run.s.set_paused(true);
    run.frames(5);
    run.s.set_paused(false);
    run.frames(5);
    const std::vector<trace_mark>& marks = run.trace.marks();
    ASSERT_EQ(marks.size(), 3u);
    EXPECT_EQ(marks[0].what, "catch_up=none, max_loops=3");
    EXPECT_EQ(marks[0].frame, run.trace.frames()[10].frame);
    EXPECT_EQ(marks[0].reading_ns, run.trace.frames()[10].reading_ns);
    EXPECT_EQ(marks[1].what, "paused");
    EXPECT_EQ(marks[1].frame, run.trace.frames()[15].frame);
    EXPECT_TRUE(run.trace.frames()[15].paused);
    EXPECT_EQ(marks[2].what, "resumed");
    EXPECT_EQ(marks[2].frame, run.trace.frames()[20].frame);
}

TEST(TraceRecorder, WritesItsMarksInTheCsvAndTheChromeTrace) {
    traced_run run;
    run.frames(3);
    run.s.set_paused(true);
    run.frames(2);
    run.trace.end_run(16'700'000);
    const std::string csv = ticklab::game::trace_csv(run.trace);
    const std::string line = "# mark=" + std::to_string(run.trace.frames()[3].frame) + ",";
    const std::size_t at = csv.find(line);
    ASSERT_NE(at, std::string::npos) << csv.substr(0, 400);
    EXPECT_LT(at, csv.find(ticklab::game::csv_trace_columns)) << "before the header row, with the other comments";
    EXPECT_NE(csv.find(",paused\n", at), std::string::npos);
    const auto json = nlohmann::json::parse(ticklab::game::trace_chrome_json(run.trace));
    int instants = 0;
    for (const auto& event : json["traceEvents"]) {
        if (event["ph"] != "i") continue;
        ++instants;
        EXPECT_EQ(event["name"], "paused");
        EXPECT_EQ(event["cat"], "mark");
    }
    EXPECT_EQ(instants, 1);
}

}  // namespace

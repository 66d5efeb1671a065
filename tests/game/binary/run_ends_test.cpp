// Every run ends when it should (issue 14), on the real binary: --ticks under variable stepping, and
// --frames / --ticks in a window run (SDL's offscreen driver: a real window run, not --screenshot).
#include "run_ticklab.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <string>

namespace {

namespace fs = std::filesystem;

using ticklab_test::outcome;
using ticklab_test::read_file;

struct RunEnds : ticklab_test::folder_fixture {
    // Runs with a report in the test's folder; returns the report's text ("" when none was written).
    std::string report(const std::string& args, int timeout_s, outcome& o) const {
        const fs::path path = folder / "r.json";
        o = ticklab_test::run_ticklab(args + " --report '" + path.string() + "'", folder, folder, timeout_s);
        return fs::exists(path) ? read_file(path) : std::string{};
    }
};

// The raw JSON text of a top-level key's value (the report is one flat object).
std::string field(const std::string& json, const std::string& key) {
    const std::string quoted = "\"" + key + "\": ";
    const auto at = json.find(quoted);
    if (at == std::string::npos) return "<missing " + key + ">";
    const auto start = at + quoted.size();
    return json.substr(start, json.find_first_of(",}", start) - start);
}

double number(const std::string& json, const std::string& key) {
    const std::string text = field(json, key);
    return text.empty() || text[0] == '<' ? -1.0 : std::stod(text);
}

TEST_F(RunEnds, VariableSteppingReachesItsTickCountOneUpdatePerFrame) {
    // Variable stepping runs one update per frame, so --ticks 600 is 600 frames of --frame-ms each:
    // before, the headless run cut frames to the fixed schedule's next tick and ran 50,000,000
    // frames of almost 0 s with 150 of 600 ticks.
    outcome o;
    const std::string json =
        report("--headless --scene balls --balls 50 --ticks 600 --tick-rate 240 --stepping variable", 30, o);
    ASSERT_EQ(o.exit_code, 0) << o.err;
    EXPECT_EQ(o.err, "");
    EXPECT_EQ(number(json, "ticks"), 600) << json;
    EXPECT_EQ(number(json, "frames"), 600) << json;
    EXPECT_EQ(number(json, "max_ticks_per_frame"), 1) << json;
    // Every frame lasted its 16.67 ms of real time: none was cut to nothing.
    EXPECT_NEAR(number(json, "real_time_s"), 600 / 60.0, 1e-6) << json;
}

TEST_F(RunEnds, FixedSteppingStillEndsOnExactlyTheTick) {
    // Fixed stepping keeps cutting the last frame so the run ends on exactly the tick.
    outcome o;
    const std::string json = report("--headless --ticks 601 --tick-rate 240 --frame-ms 7", 30, o);
    ASSERT_EQ(o.exit_code, 0) << o.err;
    EXPECT_EQ(number(json, "ticks"), 601) << json;
}

TEST_F(RunEnds, TicksAreExactWhenDebtIsCarriedIn) {
    // Found by headless_run_fuzz: at 4x with MAX_LOOPS 2 and catch-up 'debt' every frame owes more than
    // it runs, so the last frame had 2 ticks due with 1 left, and --ticks 201 ended on tick 202.
    for (const char* mode : {"debt", "drop", "none", "text004", "clamp"}) {
        outcome o;
        const std::string json =
            report(std::string{"--headless --catch-up "} + mode + " --max-loops 2 --time-scale 4 --ticks 201", 30, o);
        ASSERT_EQ(o.exit_code, 0) << mode << ": " << o.err;
        EXPECT_EQ(number(json, "ticks"), 201) << mode << ": " << json;
    }
}

TEST_F(RunEnds, WindowRunStopsAtFrames) {
    // A window run (not --screenshot) with a 60 FPS cap: --frames 60 ends it after about a second.
    // Before, --frames was ignored outside headless and screenshot runs and the window ran forever.
    outcome o;
    const std::string json = report("--balls 200 --fps-cap 60 --no-vsync --frames 60", 30, o);
    ASSERT_TRUE(o.exited);
    ASSERT_EQ(o.exit_code, 0) << "124 means it was still running after 30 s: " << o.err;
    EXPECT_EQ(number(json, "frames"), 60) << json;
    // The cap paced it: 60 frames at 60 FPS take about a second of real time.
    EXPECT_GT(number(json, "real_time_s"), 0.9) << json;
    EXPECT_GT(number(json, "render_ms_mean"), 0.0) << "the frames were drawn: " << json;
}

TEST_F(RunEnds, WindowRunStopsAtTicks) {
    outcome o;
    const std::string json = report("--scene lander --fps-cap 120 --no-vsync --ticks 30", 30, o);
    ASSERT_EQ(o.exit_code, 0) << "124 means it was still running after 30 s: " << o.err;
    // A live clock cannot be cut to land on the tick: the run stops at the first frame that reaches it.
    EXPECT_GE(number(json, "ticks"), 30) << json;
    EXPECT_LE(number(json, "ticks"), 30 + 8) << json;
}

TEST_F(RunEnds, WindowReplayHoldsAtItsEndInsteadOfClosing) {
    // Headless and screenshot replays end where the recording did; a window holds the replay's last
    // tick and stays open (here until --frames), so the learner can look at it.
    outcome o = ticklab_test::run_ticklab(
        "--headless --scene lander --ticks 30 --record '" + (folder / "run.replay").string() + "'", folder, folder, 30);
    ASSERT_EQ(o.exit_code, 0) << o.err;
    const std::string json =
        report("--replay '" + (folder / "run.replay").string() + "' --no-vsync --frames 120", 30, o);
    ASSERT_EQ(o.exit_code, 0) << o.err;
    EXPECT_EQ(number(json, "frames"), 120) << json;
    const std::string headless = report("--headless --replay '" + (folder / "run.replay").string() + "'", 30, o);
    EXPECT_EQ(number(headless, "ticks"), 30) << headless;
    EXPECT_LT(number(headless, "frames"), 120) << "a headless replay ends with the recording: " << headless;
    // The window held the scene at the recording's last tick (its loop may count a few ticks more in
    // that last frame, but the scene skips them).
    EXPECT_EQ(field(json, "state_hash"), field(headless, "state_hash"));
}

}  // namespace

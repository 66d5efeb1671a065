// The real ticklab binary, headless: what a user or a script sees (exit codes, stderr, reports).
#include "run_ticklab.hpp"

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {

namespace fs = std::filesystem;

using ticklab_test::outcome;
using ticklab_test::read_file;

struct binary_fixture : ticklab_test::folder_fixture {
    outcome run(const std::string& args) const { return ticklab_test::run_ticklab(args, folder, folder); }

    // Runs headless with a report; returns the report's text (empty when none was written).
    std::string report(const std::string& args) const {
        const fs::path path = folder / "report.json";
        fs::remove(path);
        const outcome o = run("--headless --report '" + path.string() + "' " + args);
        EXPECT_EQ(o.exit_code, 0) << args << ": " << o.err;
        return fs::exists(path) ? read_file(path) : std::string{};
    }
};

// The raw JSON text of a top-level key's value (enough for the flat reports written here).
std::string field(const std::string& json, const std::string& key) {
    const std::string quoted = "\"" + key + "\": ";
    const auto at = json.find(quoted);
    if (at == std::string::npos) return "<missing " + key + ">";
    const auto start = at + quoted.size();
    const auto end = json.find_first_of(",}", start);
    return json.substr(start, end - start);
}

double number(const std::string& json, const std::string& key) {
    return std::stod(field(json, key));
}

int lines(const std::string& text) {
    int n = 0;
    for (const char ch : text) n += ch == '\n';
    return n;
}

}  // namespace

using TicklabBinary = binary_fixture;

TEST_F(TicklabBinary, SameTicksGiveTheSameHashWhateverTheFrameTime) {
    for (const char* scene : {"balls --balls 2000", "lander --autopilot"}) {
        const std::string base = std::string{"--scene "} + scene + " --ticks 301 --frame-ms ";
        const std::string a = report(base + "5");
        const std::string b = report(base + "16.7");
        const std::string c = report(base + "50");
        EXPECT_EQ(field(a, "ticks"), "301") << scene;
        EXPECT_EQ(field(b, "ticks"), "301") << scene;
        EXPECT_EQ(field(c, "ticks"), "301") << scene;
        EXPECT_EQ(field(a, "state_hash"), field(b, "state_hash")) << scene;
        EXPECT_EQ(field(a, "state_hash"), field(c, "state_hash")) << scene;
    }
}

TEST_F(TicklabBinary, DifferentSeedsGiveDifferentHashes) {
    EXPECT_NE(field(report("--ticks 60 --seed 1"), "state_hash"), field(report("--ticks 60 --seed 2"), "state_hash"));
}

TEST_F(TicklabBinary, PausedRunsNoTicks) {
    const std::string json = report("--paused --frames 30");
    EXPECT_EQ(field(json, "ticks"), "0");
    EXPECT_EQ(field(json, "frames"), "30");
    EXPECT_EQ(field(json, "paused"), "true");
}

TEST_F(TicklabBinary, PausedWithATickTargetStopsInsteadOfHanging) {
    const outcome o = run("--headless --paused --ticks 10");
    EXPECT_EQ(o.exit_code, 0);
    EXPECT_NE(o.err.find("paused"), std::string::npos) << o.err;
}

TEST_F(TicklabBinary, TimeScaleMultipliesTicks) {
    EXPECT_EQ(field(report("--frames 60 --frame-ms 10"), "ticks"), "36");
    EXPECT_EQ(field(report("--frames 60 --frame-ms 10 --time-scale 2"), "ticks"), "72");
    EXPECT_EQ(field(report("--frames 60 --frame-ms 10 --time-scale 0.5"), "ticks"), "18");
}

TEST_F(TicklabBinary, DefaultRunIs600Frames) {
    const std::string json = report("");
    EXPECT_EQ(field(json, "frames"), "600");
    EXPECT_EQ(field(json, "ticks"), "600");
}

TEST_F(TicklabBinary, MaxLoopsCapsTicksAndReportsDroppedTime) {
    // 100 ms frames at 60 Hz bring 6 ticks each; a cap of 2 keeps 2 and drops the rest.
    const std::string json = report("--frames 10 --frame-ms 100 --max-loops 2");
    EXPECT_EQ(field(json, "ticks"), "20");
    EXPECT_EQ(field(json, "max_ticks_per_frame"), "2");
    EXPECT_NEAR(number(json, "dropped_time_s"), 1.0 - 20.0 / 60.0, 0.02);
    EXPECT_NEAR(number(json, "virtual_time_s") + number(json, "dropped_time_s"), 1.0, 1e-6);
}

TEST_F(TicklabBinary, AutopilotLandsAt60Hz) {
    const std::string json = report("--scene lander --autopilot --ticks 7200");
    EXPECT_EQ(field(json, "lander_state"), "\"landed\"");
}

TEST_F(TicklabBinary, AutopilotCrashesAt5Hz) {
    const std::string json = report("--scene lander --autopilot --tick-rate 5 --ticks 600");
    EXPECT_EQ(field(json, "lander_state"), "\"crashed\"");
}

TEST_F(TicklabBinary, ReportToStdoutIsOneJsonLine) {
    const outcome o = run("--headless --frames 5 --report -");
    EXPECT_EQ(o.exit_code, 0);
    EXPECT_EQ(lines(o.out), 1);
    EXPECT_EQ(o.out.front(), '{');
    EXPECT_EQ(field(o.out, "scene"), "\"balls\"");
}

TEST_F(TicklabBinary, BadInputExitsTwoWithOneLineAndNoReport) {
    const std::string report_path = (folder / "bad.json").string();
    for (const char* bad : {"--scene moon", "--tick-rate 0", "--tick-rate -60", "--tick-rate nan", "--tick-rate 1e9",
                            "--max-loops 0", "--time-scale 0", "--balls 100001", "--balls many", "--frame-ms 0",
                            "--frame-ms 1e7", "--fps-cap -1", "--seed x", "--frames 0", "--bogus", "stray"}) {
        const outcome o = run(std::string{bad} + " --headless --frames 1 --report '" + report_path + "'");
        EXPECT_EQ(o.exit_code, 2) << bad;
        EXPECT_EQ(lines(o.err), 1) << bad << ": " << o.err;
        EXPECT_FALSE(fs::exists(report_path)) << bad;
    }
}

TEST_F(TicklabBinary, UnwritableReportPathIsRefusedBeforeRunning) {
    const outcome o = run("--headless --frames 1 --report /nonexistent-folder/r.json");
    EXPECT_EQ(o.exit_code, 2);
    EXPECT_EQ(lines(o.err), 1) << o.err;
    EXPECT_NE(o.err.find("/nonexistent-folder"), std::string::npos);
}

TEST_F(TicklabBinary, HelpExitsZero) {
    const outcome o = run("--help");
    EXPECT_EQ(o.exit_code, 0);
    EXPECT_NE(o.out.find("--headless"), std::string::npos);
}

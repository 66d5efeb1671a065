// --trace, read back as a user's tools would: the Chrome trace with nlohmann (structure and counts
// against the run's report), the CSV row by row.
#include "run_ticklab.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct trace_fixture : ticklab_test::folder_fixture {
    // Runs headless with `args`, a trace to `name` and a report; returns the report.
    json run(const std::string& args, const std::string& name) const {
        const auto o = ticklab_test::run_ticklab("--headless " + args + " --trace '" + (folder / name).string() +
                                                     "' --report '" + (folder / "r.json").string() + "'",
                                                 folder, folder);
        EXPECT_EQ(o.exit_code, 0) << o.err;
        return json::parse(ticklab_test::read_file(folder / "r.json"));
    }

    // The CSV's header row and frame rows; its "# key=value" lines, which come first, go to `comments`.
    std::vector<std::vector<std::string>> csv(const std::string& name,
                                              std::map<std::string, std::string>* comments = nullptr) const {
        std::istringstream in{ticklab_test::read_file(folder / name)};
        std::vector<std::vector<std::string>> rows;
        for (std::string line; std::getline(in, line);) {
            if (line.starts_with("# ")) {
                EXPECT_TRUE(rows.empty()) << "a comment after the header: " << line;
                const auto equals = line.find('=');
                EXPECT_NE(equals, std::string::npos) << line;
                if (comments != nullptr) (*comments)[line.substr(2, equals - 2)] = line.substr(equals + 1);
                continue;
            }
            std::vector<std::string> cells;
            std::istringstream cells_in{line};
            for (std::string cell; std::getline(cells_in, cell, ',');) cells.push_back(cell);
            rows.push_back(cells);
        }
        return rows;
    }
};

}  // namespace

using Trace = trace_fixture;

// A run that drops time every frame (MAX_LOOPS 2 against 50 ms frames of 60 Hz ticks) and long
// enough for the balls' wave script to run.
constexpr const char* dropping_run = "--max-loops 2 --frame-ms 50 --frames 120";

TEST_F(Trace, ChromeTraceLoadsBackWithTheReportsFramesTicksAndDrops) {
    const json report = run(dropping_run, "t.json");
    const json trace = json::parse(ticklab_test::read_file(folder / "t.json"));
    ASSERT_TRUE(trace.contains("traceEvents"));
    const json& events = trace["traceEvents"];
    ASSERT_TRUE(events.is_array());
    EXPECT_EQ(trace["displayTimeUnit"], "ms");

    std::uint64_t frames = 0, frame_ticks = 0, tick_events_ticks = 0, next_tick = 1, alpha_counters = 0;
    double dropped_ms = 0.0;
    std::map<int, std::string> thread_names;
    std::map<int, std::vector<std::pair<double, double>>> slices;  // tid -> (ts, dur)
    std::set<std::string> task_threads_with_runs;
    for (const json& e : events) {
        ASSERT_TRUE(e.contains("name") && e.contains("ph") && e.contains("pid")) << e;
        const std::string ph = e["ph"];
        if (ph == "M") {
            if (e["name"] == "thread_name") thread_names[e["tid"].get<int>()] = e["args"]["name"];
            continue;
        }
        ASSERT_TRUE(e["ts"].is_number()) << e;
        if (ph == "C") {
            alpha_counters += e["name"] == "loop" && e["args"].contains("alpha");
            continue;
        }
        ASSERT_EQ(ph, "X") << e;
        ASSERT_TRUE(e["dur"].is_number() && e["dur"].get<double>() >= 0.0) << e;
        const int tid = e["tid"];
        slices[tid].emplace_back(e["ts"].get<double>(), e["dur"].get<double>());
        const std::string cat = e["cat"];
        if (cat == "frame") {
            ++frames;
            EXPECT_EQ(e["args"]["frame"], frames);
            frame_ticks += e["args"]["ticks"].get<std::uint64_t>();
        } else if (cat == "tick") {
            EXPECT_EQ(e["args"]["first"], next_tick) << "ticks are numbered without gaps";
            tick_events_ticks += e["args"]["count"].get<std::uint64_t>();
            next_tick = e["args"]["last"].get<std::uint64_t>() + 1;
        } else if (cat == "drop") {
            dropped_ms += e["args"]["dropped_ms"].get<double>();
        } else if (cat == "task") {
            EXPECT_GE(e["args"]["cost_ms"].get<double>(), 0.0);
            task_threads_with_runs.insert(thread_names[tid]);
        }
    }
    EXPECT_EQ(frames, report["frames"]);
    EXPECT_EQ(frame_ticks, report["ticks"]);
    EXPECT_EQ(tick_events_ticks, report["ticks"]);
    EXPECT_EQ(alpha_counters, frames);
    ASSERT_GT(report["dropped_time_s"].get<double>(), 0.0);
    EXPECT_NEAR(dropped_ms, report["dropped_time_s"].get<double>() * 1000.0, 1e-6);
    EXPECT_EQ(thread_names[1], "frames");
    EXPECT_EQ(thread_names[2], "ticks");
    EXPECT_EQ(thread_names[3], "dropped");
    EXPECT_EQ(task_threads_with_runs.count("task: script balls: a wave every 4 s (time)"), 1U);
    // Every thread that has slices is named, and its slices follow one another without overlapping
    // (what Perfetto needs to draw them on one track).
    for (auto& [tid, list] : slices) {
        EXPECT_TRUE(thread_names.count(tid)) << "tid " << tid;
        std::sort(list.begin(), list.end());
        for (std::size_t i = 1; i < list.size(); ++i) {
            EXPECT_LE(list[i - 1].first + list[i - 1].second, list[i].first + 1e-3) << "tid " << tid << " slice " << i;
        }
    }
}

TEST_F(Trace, CsvHasAHeaderAndOneRowPerFrameAgreeingWithTheReport) {
    const json report = run(dropping_run, "t.csv");
    const auto rows = csv("t.csv");
    ASSERT_FALSE(rows.empty());
    EXPECT_EQ(rows[0], (std::vector<std::string>{"frame", "time_s", "real_ms", "ticks", "alpha", "dropped_ms",
                                                 "debt_ms", "virtual_s", "paused"}));
    ASSERT_EQ(rows.size() - 1, report["frames"].get<std::size_t>());
    std::uint64_t ticks = 0;
    double dropped_ms = 0.0;
    for (std::size_t i = 1; i < rows.size(); ++i) {
        ASSERT_EQ(rows[i].size(), 9U) << "row " << i;
        EXPECT_EQ(std::stoull(rows[i][0]), i);
        EXPECT_NEAR(std::stod(rows[i][1]), 0.05 * static_cast<double>(i - 1), 1e-9) << "time_s, row " << i;
        EXPECT_NEAR(std::stod(rows[i][2]), 50.0, 1e-6);
        ticks += std::stoull(rows[i][3]);
        const double alpha = std::stod(rows[i][4]);
        EXPECT_TRUE(alpha >= 0.0 && alpha < 1.0) << alpha;
        dropped_ms += std::stod(rows[i][5]);
        EXPECT_EQ(rows[i][8], "0");
    }
    EXPECT_EQ(ticks, report["ticks"]);
    EXPECT_NEAR(dropped_ms, report["dropped_time_s"].get<double>() * 1000.0, 1e-6);
    EXPECT_EQ(std::stod(rows.back()[7]), report["virtual_time_s"].get<double>());
}

TEST_F(Trace, APausedRunSaysSoInEveryRow) {
    const json report = run("--paused --frames 4", "paused.csv");
    const auto rows = csv("paused.csv");
    ASSERT_EQ(rows.size(), 5U);
    for (std::size_t i = 1; i < rows.size(); ++i) {
        EXPECT_EQ(rows[i][3], "0");
        EXPECT_EQ(rows[i][8], "1");
    }
}

TEST_F(Trace, TheExtensionChoosesTheFormat) {
    run("--frames 3", "upper.JSON");
    EXPECT_TRUE(json::accept(ticklab_test::read_file(folder / "upper.JSON")));
    run("--frames 3", "frames.txt");
    EXPECT_EQ(ticklab_test::read_file(folder / "frames.txt").rfind("# format=ticklab-trace-csv-1\n", 0), 0U);
}

TEST_F(Trace, ABadPathIsOneLineAndExitTwoBeforeTheRun) {
    for (const std::string& path : std::vector<std::string>{"/no/such/folder/t.json", "-", folder.string()}) {
        const auto o = ticklab_test::run_ticklab(
            "--headless --frames 3 --trace '" + path + "' --report '" + (folder / "r.json").string() + "'", folder,
            folder);
        EXPECT_EQ(o.exit_code, 2) << path;
        EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
        EXPECT_NE(o.err.find("--trace"), std::string::npos) << o.err;
        EXPECT_FALSE(fs::exists(folder / "r.json")) << "the run went ahead";
    }
}

TEST_F(Trace, NoTemporaryIsLeftBehind) {
    run("--frames 30", "t.json");
    run("--frames 30", "t.csv");
    for (const auto& entry : fs::directory_iterator(folder)) {
        EXPECT_EQ(entry.path().filename().string().find(".tmp-"), std::string::npos) << entry.path();
    }
}

TEST_F(Trace, ScreenshotAndWindowRunsTraceEveryFrameToo) {
    // The runner attaches the trace, so every kind of run writes one; the window runs under SDL's
    // offscreen driver.
    for (const std::string& kind :
         std::vector<std::string>{"--screenshot '" + (folder / "shot.png").string() + "'", std::string{"--no-vsync"}}) {
        const auto o = ticklab_test::run_ticklab("--frames 12 " + kind + " --trace '" + (folder / "w.csv").string() +
                                                     "' --report '" + (folder / "r.json").string() + "'",
                                                 folder, folder);
        ASSERT_EQ(o.exit_code, 0) << kind << ": " << o.err;
        const json report = json::parse(ticklab_test::read_file(folder / "r.json"));
        const auto rows = csv("w.csv");
        EXPECT_EQ(rows.size() - 1, report["frames"].get<std::size_t>()) << kind;
        EXPECT_EQ(report["frames"], 12) << kind;
        std::uint64_t ticks = 0;
        for (std::size_t i = 1; i < rows.size(); ++i) ticks += std::stoull(rows[i][3]);
        EXPECT_EQ(ticks, report["ticks"]) << kind;
        fs::remove(folder / "w.csv");
    }
}

TEST_F(Trace, EachRowHasItsOwnFramesLengthNotThePreviousOnes) {
    // slow-machine: every frame is the display's 16.667 ms plus its own 40 ms of frame load, so every
    // frame, the first and the last too, lasts 56.667 ms. The loop measures a frame's length only at
    // the next frame's reading; the trace said 16.667 ms for frame 1 (the time before it).
    run("--lesson slow-machine --frames 6", "slow.csv");
    const auto rows = csv("slow.csv");
    ASSERT_EQ(rows.size(), 7U);
    for (std::size_t i = 1; i < rows.size(); ++i) EXPECT_NEAR(std::stod(rows[i][2]), 56.666667, 1e-6) << "row " << i;
    run("--lesson slow-machine --frames 6", "slow.json");
    const json trace = json::parse(ticklab_test::read_file(folder / "slow.json"));
    int frames = 0;
    for (const json& e : trace["traceEvents"]) {
        if (e["ph"] != "X" || e["cat"] != "frame") continue;
        ++frames;
        EXPECT_NEAR(e["dur"].get<double>(), 56666.667, 1e-3) << e;
        EXPECT_NEAR(e["args"]["real_ms"].get<double>(), 56.666667, 1e-6) << e;
    }
    EXPECT_EQ(frames, 6);
}

// What a run ran with, as the CSV's comments, the Chrome trace's otherData and the report's settings.
constexpr const char* chosen_run =
    "--tick-rate 30 --max-loops 5 --seed 7 --balls 50 --catch-up debt --smoothing none --time-scale 2 "
    "--frame-ms 20 --frames 10";

TEST_F(Trace, CsvSaysEverySettingInCommentLinesBeforeTheHeader) {
    const json report = run(chosen_run, "set.csv");
    std::map<std::string, std::string> said;
    const auto rows = csv("set.csv", &said);
    ASSERT_EQ(rows.size(), 11U);
    EXPECT_EQ(ticklab_test::read_file(folder / "set.csv").rfind("# format=ticklab-trace-csv-1\n", 0), 0U);
    const std::map<std::string, std::string> expected{
        {"run", "headless"},   {"scene", "balls"},      {"lesson", ""},        {"seed", "7"},
        {"balls", "50"},       {"tick_rate", "30"},     {"max_loops", "5"},    {"time_scale", "2"},
        {"stepping", "fixed"}, {"catch_up", "debt"},    {"smoothing", "none"}, {"time_scaling", "count"},
        {"frame_ms", "20"},    {"stop_frames", "10"},   {"stop_ticks", ""},    {"network", ""},
        {"paused", "false"},   {"frame_jitter_ms", "0"}};
    for (const auto& [key, value] : expected) {
        ASSERT_TRUE(said.count(key)) << key;
        EXPECT_EQ(said[key], value) << key;
    }
    EXPECT_EQ(said["program"].rfind("ticklab ", 0), 0U);
    for (const char* key :
         {"fps_cap", "vsync", "tick_load_ms", "frame_load_ms", "task_load_ms", "task_budget_ms", "frame_clamp_ms",
          "latest_tick_marks", "compare", "autopilot", "wall", "beacons", "box_width", "threads", "replay"}) {
        EXPECT_TRUE(said.count(key)) << key;
    }
    // The report carries the same settings, and nothing changed in a headless run.
    ASSERT_TRUE(report.contains("settings"));
    EXPECT_EQ(report["settings"]["seed"], 7);
    EXPECT_EQ(report["settings"]["catch_up"], "debt");
    EXPECT_EQ(report["settings"].size(), said.size() - 1);  // the CSV's own "format" line
    EXPECT_EQ(report["settings_at_end"], json::object());
}

TEST_F(Trace, ChromeTraceOtherDataHoldsTheSameSettingsAsTheCsv) {
    run(chosen_run, "set.csv");
    run(chosen_run, "set.json");
    std::map<std::string, std::string> said;
    csv("set.csv", &said);
    const json other = json::parse(ticklab_test::read_file(folder / "set.json"))["otherData"];
    for (const auto& [key, value] : said) {
        if (key == "format") continue;
        ASSERT_TRUE(other.contains(key)) << key;
        const json& v = other[key];
        const std::string text = v.is_null() ? "" : v.is_string() ? v.get<std::string>() : v.dump();
        if (v.is_number_float()) {
            EXPECT_DOUBLE_EQ(v.get<double>(), std::stod(value)) << key;
        } else {
            EXPECT_EQ(text, value) << key;
        }
    }
    EXPECT_EQ(other["frames"], 10);
    EXPECT_FALSE(other.contains("at_end"));
}

TEST_F(Trace, ALessonRunNamesItsLesson) {
    run("--lesson slow-machine --frames 3", "lesson.csv");
    std::map<std::string, std::string> said;
    csv("lesson.csv", &said);
    EXPECT_EQ(said["lesson"], "slow-machine");
    EXPECT_EQ(said["frame_load_ms"], "40");
    EXPECT_EQ(said["vsync"], "false");
}

TEST_F(Trace, CountersAreOneLoopTrackWithAlphaTicksDroppedAndDebtAsArguments) {
    // Perfetto names a counter's series "NAME ARG": one counter per figure named as its argument
    // read "alpha alpha" and "debt_ms debt_ms".
    run(dropping_run, "c.json");
    const json trace = json::parse(ticklab_test::read_file(folder / "c.json"));
    int loops = 0;
    double dropped_ms = 0.0;
    for (const json& e : trace["traceEvents"]) {
        if (e["ph"] != "C") continue;
        ASSERT_TRUE(e["name"] == "loop" || e["name"] == "task skips") << e;
        if (e["name"] != "loop") continue;
        ++loops;
        std::vector<std::string> args;
        for (const auto& [key, value] : e["args"].items()) args.push_back(key);
        EXPECT_EQ(args, (std::vector<std::string>{"alpha", "debt_ms", "dropped_ms", "ticks"})) << e;  // json sorts keys
        dropped_ms += e["args"]["dropped_ms"].get<double>();
    }
    EXPECT_EQ(loops, 120);
    EXPECT_GT(dropped_ms, 0.0);
}

// Every input of docs/inputs.md with bad values, against the real binary: exit code 2 (a normal
// exit, so no core dump), one line on stderr that names the value and what is allowed, nothing on
// stdout, and no file written or touched (a report or screenshot is whole or absent).
#include "run_ticklab.hpp"

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

struct bad_case {
    std::string args;                  // shell words, quoted where needed
    std::vector<std::string> mention;  // what the error line must contain: the value, the range
};

// The docs/inputs.md table, one row (or more) per input.
const std::vector<bad_case>& bad_cases() {
    static const std::vector<bad_case> cases{
        {"--scene moon", {"--scene", "'moon'", "balls", "lander"}},
        {"--scene ''", {"--scene", "''", "balls", "lander"}},
        // A line break inside a value stays inside the one line (found by command_line_fuzz).
        {"--scene \"$(printf 'moon\\nmars')\"", {"--scene", "'moon mars'", "balls"}},
        {"--tick-rate \"$(printf '6\\n0')\"", {"--tick-rate", "'6 0'", "1 to 1000"}},
        {"--tick-rate 0", {"--tick-rate", " 0 ", "1 to 1000"}},
        {"--tick-rate 1001", {"--tick-rate", "1001", "1 to 1000"}},
        {"--tick-rate 59.5", {"--tick-rate", "59.5", "whole number"}},
        {"--tick-rate sixty", {"--tick-rate", "'sixty'", "1 to 1000"}},
        {"--tick-rate nan", {"--tick-rate", "nan", "1 to 1000"}},
        {"--tick-rate ''", {"--tick-rate", "''", "1 to 1000"}},
        {"--max-loops 0", {"--max-loops", " 0 ", "1 to 64"}},
        {"--max-loops 65", {"--max-loops", "65", "1 to 64"}},
        {"--max-loops 2.5", {"--max-loops", "2.5", "whole number"}},
        {"--time-scale 0", {"--time-scale", " 0x ", "0.01 to 64"}},
        {"--time-scale 65", {"--time-scale", "65", "0.01 to 64"}},
        {"--time-scale -1", {"--time-scale", "-1", "0.01 to 64"}},
        {"--time-scale inf", {"--time-scale", "inf", "0.01 to 64"}},
        {"--time-scale fast", {"--time-scale", "'fast'", "0.01 to 64"}},
        {"--balls -1", {"--balls", "-1", "0 to 100000"}},
        {"--balls 100001", {"--balls", "100001", "0 to 100000"}},
        {"--balls 1.5", {"--balls", "1.5", "whole number"}},
        {"--balls ' 5'", {"--balls", "' 5'", "0 to 100000"}},
        {"--seed -1", {"--seed", "seed -1 ", "0 to 18446744073709551615"}},
        {"--seed 18446744073709551616", {"--seed", "1.84467440737096e+19", "0 to 18446744073709551615"}},
        {"--seed x", {"--seed", "'x'", "whole number"}},
        {"--threads 0", {"--threads", " 0 ", "1 to 64"}},
        {"--threads 65", {"--threads", "65", "1 to 64"}},
        {"--threads 1.5", {"--threads", "1.5", "whole number"}},
        {"--threads all", {"--threads", "'all'", "1 to 64"}},
        {"--fps-cap -1", {"--fps-cap", "-1", "1 to 1000"}},
        {"--fps-cap 0.5", {"--fps-cap", "0.5", "0 (no cap)"}},
        {"--fps-cap 1001", {"--fps-cap", "1001", "1 to 1000"}},
        {"--frames 0", {"--frames", " 0 ", "1 to 1000000000"}},
        {"--frames 1e10", {"--frames", "10000000000", "1 to 1000000000"}},
        {"--frames 1.5", {"--frames", "1.5", "whole number"}},
        {"--ticks -1", {"--ticks", "-1", "0 to 1000000000"}},
        {"--ticks 2e9", {"--ticks", "2000000000", "0 to 1000000000"}},
        {"--frame-ms 0", {"--frame-ms", " 0 ", "above 0, at most 1000"}},
        {"--frame-ms 1e7", {"--frame-ms", "10000000", "above 0, at most 1000"}},
        {"--frame-ms nan", {"--frame-ms", "nan", "above 0, at most 1000"}},
        {"--report ''", {"--report", "empty"}},
        {"--report /nonexistent-ticklab-folder/r.json", {"--report", "/nonexistent-ticklab-folder", "does not exist"}},
        {"--report /tmp", {"--report", "'/tmp'", "folder"}},
        {"--screenshot -", {"--screenshot", "'-'", "file path"}},
        {"--screenshot /tmp", {"--screenshot", "'/tmp'", "folder"}},
        {"--screenshot /nonexistent-ticklab-folder/s.png",
         {"--screenshot", "/nonexistent-ticklab-folder", "does not exist"}},
        {"--bogus", {"--bogus", "--help"}},
        {"stray", {"stray", "--help"}},
        {"--paused=maybe", {"--paused", "maybe"}},
        {"--network udp", {"--network", "'udp'", "lockstep, rollback or synctest"}},
        {"--latency-ms 10", {"--latency-ms", "needs --network"}},
        {"--peer-drops", {"--peer-drops", "needs --network"}},
        {"--network rollback --latency-ms 1001", {"--latency-ms", "1001", "0 to 1000"}},
        {"--network rollback --latency-ms fast", {"--latency-ms", "'fast'", "0 to 1000"}},
        {"--network rollback --jitter-ms -1", {"--jitter-ms", "-1", "0 to 500"}},
        {"--network rollback --loss 51", {"--loss", "51", "0 to 50"}},
        {"--network rollback --input-delay 31", {"--input-delay", "31", "0 to 30"}},
        {"--network rollback --input-delay 1.5", {"--input-delay", "1.5", "whole number"}},
        {"--network lockstep --input-delay 0", {"--input-delay", " 0 ", "lockstep", "1 to 30"}},
        {"--network rollback --peer-hitch-ms 2001", {"--peer-hitch-ms", "2001", "0 (never) to 2000"}},
        {"--network rollback --catch-up debt", {"--catch-up", "--network"}},
        {"--network lockstep --stepping variable", {"--stepping variable", "--network"}},
    };
    return cases;
}

using ticklab_test::outcome;
using ticklab_test::read_file;

int lines(const std::string& text) {
    int n = 0;
    for (const char ch : text) n += ch == '\n';
    return n;
}

struct bad_input_fixture : ::testing::Test {
    fs::path folder;  // what the binary may write to
    fs::path logs;    // its stdout and stderr, kept apart so `folder` can be checked for strays

    void SetUp() override {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        const std::string base = std::string{"ticklab_bad_input_"} + info->name() + "_" + std::to_string(::getpid());
        folder = fs::temp_directory_path() / base;
        logs = fs::temp_directory_path() / (base + "_logs");
        fs::create_directories(folder);
        fs::create_directories(logs);
    }
    void TearDown() override {
        fs::remove_all(folder);
        fs::remove_all(logs);
    }

    outcome run(const std::string& args) const { return ticklab_test::run_ticklab(args, folder, logs); }

    [[nodiscard]] std::vector<std::string> files_in_folder() const {
        std::vector<std::string> names;
        for (const auto& entry : fs::directory_iterator{folder}) names.push_back(entry.path().filename().string());
        return names;
    }

    // `c` on the command line of a headless run, or of a screenshot run, with a good --frames and
    // --report unless `c` is about those very options (given twice, CLI11 refuses the second).
    void expect_refused(const bad_case& c, bool headless) {
        const auto about = [&](const char* flag) { return c.args.rfind(flag, 0) == 0; };
        std::string line = c.args;
        if (headless) line += " --headless";
        if (!headless && !about("--screenshot")) line += " --screenshot shot.png";
        if (!about("--frames")) line += " --frames 2";
        if (!about("--report")) line += " --report report.json";
        SCOPED_TRACE(line);
        const outcome o = run(line);
        EXPECT_TRUE(o.exited) << "killed by a signal";
        EXPECT_EQ(o.exit_code, 2);
        EXPECT_EQ(lines(o.err), 1) << o.err;
        EXPECT_EQ(o.err.rfind("ticklab: ", 0), 0u) << o.err;
        for (const std::string& word : c.mention)
            EXPECT_NE(o.err.find(word), std::string::npos) << word << ": " << o.err;
        EXPECT_EQ(o.out, "");
        EXPECT_EQ(read_file(folder / "report.json"), "old report\n") << "the old report was touched";
        EXPECT_EQ(files_in_folder(), std::vector<std::string>{"report.json"}) << "a file was written";
    }
};

}  // namespace

using BadInput = bad_input_fixture;

TEST_F(BadInput, EveryBadValueOfAHeadlessRunIsOneLineAndExitTwo) {
    std::ofstream{folder / "report.json"} << "old report\n";
    for (const bad_case& c : bad_cases()) expect_refused(c, true);
}

TEST_F(BadInput, EveryBadValueOfAScreenshotRunIsOneLineAndExitTwo) {
    std::ofstream{folder / "report.json"} << "old report\n";
    for (const bad_case& c : bad_cases()) expect_refused(c, false);
}

// An option whose value is missing at the end of the line.
TEST_F(BadInput, MissingValueIsOneLineAndExitTwo) {
    std::ofstream{folder / "report.json"} << "old report\n";
    const outcome o = run("--headless --report report.json --tick-rate");
    EXPECT_TRUE(o.exited);
    EXPECT_EQ(o.exit_code, 2);
    EXPECT_EQ(lines(o.err), 1) << o.err;
    EXPECT_NE(o.err.find("--tick-rate"), std::string::npos) << o.err;
    EXPECT_NE(o.err.find("missing"), std::string::npos) << o.err;
    EXPECT_EQ(files_in_folder(), std::vector<std::string>{"report.json"});
}

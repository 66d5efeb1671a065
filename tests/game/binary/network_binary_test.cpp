// The network game through the real binary, headless: the report a script reads.
#include "run_ticklab.hpp"

#include <gtest/gtest.h>

#include <ticklab/time.hpp>

#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <string>

namespace {

namespace fs = std::filesystem;

struct network_binary_fixture : ::testing::Test {
    fs::path folder;

    void SetUp() override {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        folder = fs::temp_directory_path() /
                 (std::string{"ticklab_network_"} + info->name() + "_" + std::to_string(::getpid()));
        fs::create_directories(folder);
    }
    void TearDown() override { fs::remove_all(folder); }

    std::string report(const std::string& args) const {
        const fs::path path = folder / "report.json";
        const auto o = ticklab_test::run_ticklab("--headless --report '" + path.string() + "' " + args, folder, folder);
        EXPECT_EQ(o.exit_code, 0) << args << ": " << o.err;
        return fs::exists(path) ? ticklab_test::read_file(path) : std::string{};
    }
};

// The raw JSON text of a top-level key's value; arrays whole.
std::string field(const std::string& json, const std::string& key) {
    const std::string quoted = "\"" + key + "\": ";
    const auto at = json.find(quoted);
    if (at == std::string::npos) return "<missing " + key + ">";
    const auto start = at + quoted.size();
    const auto end = json[start] == '[' ? json.find(']', start) + 1 : json.find_first_of(",}", start);
    return json.substr(start, end - start);
}

}  // namespace

using NetworkBinary = network_binary_fixture;

TEST_F(NetworkBinary, PeersInSyncReportTheSameHashAndNoDesync) {
    for (const char* mode : {"lockstep --input-delay 12", "rollback"}) {
        const std::string json = report(std::string{"--scene lander --network "} + mode +
                                        " --latency-ms 150 --jitter-ms 20 --loss 10 --ticks 2000");
        SCOPED_TRACE(mode);
        EXPECT_EQ(field(json, "network"), std::string{"\""} + std::string{mode}.substr(0, 8) + "\"");
        EXPECT_EQ(field(json, "desync_tick"), "null");
        const std::string hashes = field(json, "peer_state_hashes");
        ASSERT_EQ(hashes.size(), 44u) << hashes;  // ["0x" + 16, "0x" + 16]
        EXPECT_EQ(hashes.substr(1, 20), hashes.substr(23, 20));
        EXPECT_EQ(field(json, "state_hash"), hashes.substr(1, 20));
        EXPECT_GE(std::stoull(field(json, "ticks")), 2000u);
        EXPECT_EQ(field(json, "skipped_ticks"), "[0, 0]");
    }
}

TEST_F(NetworkBinary, ADroppingPeerIsReportedAtTheFirstTickItSkipped) {
    // Frames of 20 ms from the game's first frame: the last one before the hitch at 5 s is at
    // 4.98 s, when 298 ticks (of 16.67 ms) are due; after the hitch, at 5.3 s, 318 are due: the
    // second peer runs 8 of the 20 and drops the rest, so its first skipped tick is 298 + 9.
    std::uint64_t due_before = 0;
    while (ticklab::tick_offset(due_before + 1, 60) <= std::chrono::milliseconds{4980}) ++due_before;
    ASSERT_EQ(due_before, 298u);
    const std::string json =
        report("--scene lander --network rollback --peer-drops --peer-hitch-ms 300 --frame-ms 20 --ticks 700");
    EXPECT_EQ(field(json, "desync_tick"), std::to_string(due_before + 8 + 1));
    const std::string hashes = field(json, "peer_state_hashes");
    EXPECT_NE(hashes.substr(1, 20), hashes.substr(23, 20));
    // Without --peer-drops the same hitch leaves the peers in sync.
    EXPECT_EQ(
        field(report("--scene lander --network rollback --peer-hitch-ms 300 --frame-ms 20 --ticks 700"), "desync_tick"),
        "null");
}

TEST_F(NetworkBinary, LockstepSlowsDownWhenTheLatencyExceedsTheDelay) {
    // 600 frames of 16.67 ms are 10 s: with 100 ms one way and 2 ticks of delay, about 200 ticks.
    const std::string slow = report("--scene lander --network lockstep --latency-ms 100 --frames 600");
    EXPECT_LT(std::stoull(field(slow, "ticks")), 250u);
    const std::string fast = report("--scene lander --network lockstep --latency-ms 100 --input-delay 8 --frames 600");
    EXPECT_GT(std::stoull(field(fast, "ticks")), 580u);
}

namespace {

// The report of `--lesson name` run headless for 12 s of real time at `frame_ms` per frame.
std::string lesson_report(const network_binary_fixture& f, const std::string& name, double frame_ms,
                          const std::string& extra = "") {
    const auto frames = static_cast<long>(12000.0 / frame_ms);
    return f.report("--lesson " + name + " --frame-ms " + std::to_string(frame_ms) + " --frames " +
                    std::to_string(frames) + " " + extra);
}

double ticks_per_second(const std::string& json) {
    return std::stod(field(json, "ticks")) / std::stod(field(json, "real_time_s"));
}

// The first number of a "[a, b]" field, and the second.
double first_of(const std::string& pair) {
    return std::stod(pair.substr(1));
}
double second_of(const std::string& pair) {
    return std::stod(pair.substr(pair.find(',') + 1));
}

}  // namespace

// Each network lesson's claim, on the real loop, at the display rates a classroom has.
TEST_F(NetworkBinary, LessonLockstepWaitsRunsAtAThirdOfItsSpeedUntilTheDelayCoversTheLatency) {
    for (const double frame_ms : {4.0, 1000.0 / 120, 1000.0 / 60}) {
        SCOPED_TRACE(frame_ms);
        const std::string json = lesson_report(*this, "lockstep-waits", frame_ms);
        EXPECT_LT(ticks_per_second(json), 21.0);  // "about 20 ticks a second instead of 60"
        EXPECT_GT(first_of(field(json, "stall_frames")), 0.0);
        EXPECT_GT(first_of(field(json, "input_lag_ms")), 100.0);  // "over 100 ms to show"
        EXPECT_EQ(field(json, "desync_tick"), "null");
        const std::string fixed = lesson_report(*this, "lockstep-waits", frame_ms, "--input-delay 8");
        EXPECT_GT(ticks_per_second(fixed), 59.0);                               // "full speed again"
        EXPECT_NEAR(first_of(field(fixed, "input_lag_ms")), 8000.0 / 60, 1.0);  // "each input 133 ms late"
    }
}

TEST_F(NetworkBinary, LessonRollbackHidesLatencyRunsAtFullSpeedAndShowsYourInputAtOnce) {
    for (const double frame_ms : {4.0, 1000.0 / 120, 1000.0 / 60}) {
        SCOPED_TRACE(frame_ms);
        const std::string json = lesson_report(*this, "rollback-hides-latency", frame_ms);
        EXPECT_GT(ticks_per_second(json), 59.0);
        EXPECT_EQ(field(json, "stall_frames"), "[0, 0]");
        EXPECT_EQ(field(json, "input_lag_ms"), "[0, 0]");         // "in the frame you make it"
        EXPECT_GT(first_of(field(json, "rollback_ticks")), 0.0);  // the guesses were corrected
        EXPECT_EQ(field(json, "desync_tick"), "null");
    }
}

TEST_F(NetworkBinary, LessonPeerDropsDesyncsAtTheFirstSkippedTick) {
    for (const double frame_ms : {4.0, 1000.0 / 120, 1000.0 / 60}) {
        SCOPED_TRACE(frame_ms);
        // From the schedule alone: the last frame before the hitch at 5 s has run every tick due
        // by then; the first frame after it runs MAX_LOOPS (8) more and drops the rest.
        std::uint64_t frame = 0;
        const auto at = [&](std::uint64_t f) {
            return ticklab::nanoseconds{std::llround(static_cast<double>(f) * std::llround(frame_ms * 1e6))};
        };
        while (at(frame + 1) < std::chrono::seconds{5}) ++frame;
        std::uint64_t due = 0;
        while (ticklab::tick_offset(due + 1, 60) <= at(frame)) ++due;
        const std::string json = lesson_report(*this, "peer-drops", frame_ms);
        EXPECT_EQ(field(json, "desync_tick"), std::to_string(due + 8 + 1));
        EXPECT_GT(second_of(field(json, "skipped_ticks")), 8.0);  // "owing 18 ticks ... runs 8 and drops the rest"
        const std::string hashes = field(json, "peer_state_hashes");
        EXPECT_NE(hashes.substr(1, 20), hashes.substr(23, 20));
    }
}

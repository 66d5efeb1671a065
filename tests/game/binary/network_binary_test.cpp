// The network game through the real binary, headless: the report a script reads, read back with
// nlohmann-json. The network lessons' claims are checked with the others in
// tests/game/run/lesson_claims_test.cpp.
#include "run_ticklab.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <ticklab/time.hpp>

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <string>

namespace {

namespace fs = std::filesystem;

struct network_binary_fixture : ticklab_test::folder_fixture {
    nlohmann::json report(const std::string& args) const {
        const fs::path path = folder / "report.json";
        const auto o = ticklab_test::run_ticklab("--headless --report '" + path.string() + "' " + args, folder, folder);
        EXPECT_EQ(o.exit_code, 0) << args << ": " << o.err;
        return nlohmann::json::parse(fs::exists(path) ? ticklab_test::read_file(path) : std::string{"{}"});
    }
};

}  // namespace

using NetworkBinary = network_binary_fixture;

TEST_F(NetworkBinary, PeersInSyncReportTheSameHashAndNoDesync) {
    for (const char* mode : {"lockstep --input-delay 12", "rollback"}) {
        const nlohmann::json json = report(std::string{"--scene lander --network "} + mode +
                                           " --latency-ms 150 --jitter-ms 20 --loss 10 --ticks 2000");
        SCOPED_TRACE(mode);
        EXPECT_EQ(json["network"], std::string{mode}.substr(0, 8));
        EXPECT_TRUE(json["desync_tick"].is_null());
        const nlohmann::json& hashes = json["peer_state_hashes"];
        ASSERT_EQ(hashes.size(), 2u) << hashes;
        EXPECT_EQ(hashes[0].get<std::string>().size(), 18u) << hashes;  // "0x" + 16 hex digits
        EXPECT_EQ(hashes[0], hashes[1]);
        EXPECT_EQ(json["state_hash"], hashes[0]);
        EXPECT_GE(json["ticks"].get<std::uint64_t>(), 2000u);
        EXPECT_EQ(json["skipped_ticks"], nlohmann::json::array({0, 0}));
    }
}

TEST_F(NetworkBinary, ADroppingPeerIsReportedAtTheFirstTickItSkipped) {
    // Frames of 20 ms from the game's first frame: the last one before the hitch at 5 s is at
    // 4.98 s, when 298 ticks (of 16.67 ms) are due; after the hitch, at 5.3 s, 318 are due: the
    // second peer runs 8 of the 20 and drops the rest, so its first skipped tick is 298 + 9.
    std::uint64_t due_before = 0;
    while (ticklab::tick_offset(due_before + 1, 60) <= std::chrono::milliseconds{4980}) ++due_before;
    ASSERT_EQ(due_before, 298u);
    const nlohmann::json json =
        report("--scene lander --network rollback --peer-drops --peer-hitch-ms 300 --frame-ms 20 --ticks 700");
    EXPECT_EQ(json["desync_tick"], due_before + 8 + 1);
    EXPECT_NE(json["peer_state_hashes"][0], json["peer_state_hashes"][1]);
    // Without --peer-drops the same hitch leaves the peers in sync.
    EXPECT_TRUE(report("--scene lander --network rollback --peer-hitch-ms 300 --frame-ms 20 --ticks 700")["desync_tick"]
                    .is_null());
}

TEST_F(NetworkBinary, LockstepSlowsDownWhenTheLatencyExceedsTheDelay) {
    // 600 frames of 16.67 ms are 10 s: with 100 ms one way and 2 ticks of delay, about 200 ticks.
    const nlohmann::json slow = report("--scene lander --network lockstep --latency-ms 100 --frames 600");
    EXPECT_LT(slow["ticks"].get<std::uint64_t>(), 250u);
    const nlohmann::json fast =
        report("--scene lander --network lockstep --latency-ms 100 --input-delay 8 --frames 600");
    EXPECT_GT(fast["ticks"].get<std::uint64_t>(), 580u);
}

// Two ticklab windows playing one network game over UDP on 127.0.0.1 (--listen / --connect without
// --headless), under SDL's offscreen driver: both reach the same state hash and save their last
// frame; a window told to quit (SIGTERM, which SDL turns into the window being closed) leaves with
// a bye, and the other window ends with its one line at once, the two hashes compared, never after
// --peer-timeout-s of silence.
#include "udp_processes.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <string>

namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using RemoteWindow = ticklab_test::udp_processes;

TEST_F(RemoteWindow, TwoWindowsPlayOneGameOverUdpWithTenPercentLossAndReachTheSameHash) {
    start("listener",
          "--listen 0 --peer-timeout-s 20 --ticks 600 --loss 10 --scene balls --balls 40 "
          "--network rollback --screenshot listener.png --report listener.json");
    const int port = listening_port("listener");
    ASSERT_GT(port, 0) << err("listener");
    start("joiner", "--connect 127.0.0.1:" + std::to_string(port) +
                        " --peer-timeout-s 20 --loss 10 --screenshot joiner.png --report joiner.json");
    const auto listener_code = exit_code("listener");
    const auto joiner_code = exit_code("joiner");
    ASSERT_TRUE(listener_code && joiner_code) << err("listener") << err("joiner");
    EXPECT_EQ(*listener_code, 0) << err("listener");
    EXPECT_EQ(*joiner_code, 0) << err("joiner");
    const nlohmann::json a = report("listener");
    const nlohmann::json b = report("joiner");
    SCOPED_TRACE(a.dump() + "\n" + b.dump());
    EXPECT_EQ(a["ending"], "last_tick");
    EXPECT_EQ(b["ending"], "last_tick");
    EXPECT_EQ(a["ticks"], 600);
    EXPECT_EQ(b["ticks"], 600);
    EXPECT_EQ(a["peer_id"], 0);
    EXPECT_EQ(b["peer_id"], 1);
    ASSERT_TRUE(a["state_hash"].is_string());
    EXPECT_EQ(a["state_hash"], b["state_hash"]);
    EXPECT_EQ(a["peer_state_hashes"], b["peer_state_hashes"]);
    EXPECT_TRUE(a["desync_tick"].is_null());
    EXPECT_TRUE(b["desync_tick"].is_null());
    EXPECT_GT(a["messages_lost"].get<int>(), 0);  // the loss was applied, and resent through
    EXPECT_GT(b["messages_lost"].get<int>(), 0);
    // Each window drew frames and saved its last one (a 1280x720 PNG is far over 4 kB).
    EXPECT_GT(a["frames"].get<int>(), 30);
    EXPECT_GT(b["frames"].get<int>(), 30);
    for (const char* png : {"listener.png", "joiner.png"}) {
        ASSERT_TRUE(fs::exists(folder / png)) << png;
        EXPECT_GT(fs::file_size(folder / png), 4096u) << png;
    }
}

TEST_F(RemoteWindow, ClosingOneWindowSendsByeAndTheOtherEndsAtOnceWithTheSameHash) {
    // No --ticks: the game runs until a player leaves. The silence timeout is long, so an end
    // within seconds can only come from the bye.
    start("listener",
          "--listen 0 --peer-timeout-s 60 --scene lander --network lockstep --input-delay 2 "
          "--report listener.json");
    const int port = listening_port("listener");
    ASSERT_GT(port, 0) << err("listener");
    // The joiner's window is closed 4 s after it starts (timeout's SIGTERM; SDL makes it SDL_QUIT).
    start("joiner", "--connect 127.0.0.1:" + std::to_string(port) + " --peer-timeout-s 60 --report joiner.json", 4,
          "--preserve-status");
    const auto joiner_code = exit_code("joiner", 30s);
    ASSERT_TRUE(joiner_code) << err("joiner");
    const auto left = std::chrono::steady_clock::now();
    EXPECT_EQ(*joiner_code, 0) << err("joiner");
    const auto listener_code = exit_code("listener", 30s);
    ASSERT_TRUE(listener_code) << "the listener still runs: " << err("listener");
    EXPECT_LT(std::chrono::steady_clock::now() - left, 5s);
    EXPECT_EQ(*listener_code, 0) << err("listener");
    EXPECT_NE(out("joiner").find("player 2, you left at tick "), std::string::npos) << out("joiner");
    EXPECT_NE(out("listener").find("player 1, the other player left at tick "), std::string::npos) << out("listener");
    const nlohmann::json a = report("listener");
    const nlohmann::json b = report("joiner");
    SCOPED_TRACE(a.dump() + "\n" + b.dump());
    EXPECT_EQ(a["ending"], "other_left");
    EXPECT_EQ(b["ending"], "you_left");
    EXPECT_EQ(a["ticks"], b["ticks"]);
    EXPECT_GT(b["ticks"].get<int>(), 60);  // a few seconds of play at 60 Hz
    ASSERT_TRUE(a["state_hash"].is_string());
    EXPECT_EQ(a["state_hash"], b["state_hash"]);
    EXPECT_EQ(a["peer_state_hashes"][0], a["peer_state_hashes"][1]);  // the leaver's hash, as its bye said
}

}  // namespace

// Two ticklab processes playing one network game over UDP on 127.0.0.1 (--listen / --connect),
// read back from their reports: both reach the same state hash with 10% of each side's messages
// lost on purpose, a flood of stranger datagrams is counted and changes nothing, a side whose
// other player never answers ends with one line and exit 3, and bad flags with one line and exit 2.
#include "udp_processes.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <regex>
#include <string>
#include <thread>

namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

struct udp_binary_fixture : ticklab_test::udp_processes {
    // Sends `count` datagrams of junk to the port from a shell (a stranger to both players).
    void junk(int port, int count) const {
        const std::string command = "bash -c 'for i in $(seq " + std::to_string(count) +
                                    "); do printf \"TKLB junk %s\" $i >/dev/udp/127.0.0.1/" + std::to_string(port) +
                                    "; done' 2>/dev/null";
        ASSERT_EQ(std::system(command.c_str()), 0);
    }

    // Both sides play `game` (the listener's flags) for 3,000 ticks, each losing 10% of what it
    // sends; a stranger floods the listener before and during the game.
    void plays_in_sync(const std::string& game) {
        start("listener",
              "--headless --listen 0 --peer-timeout-s 20 --ticks 3000 --loss 10 --report listener.json " + game);
        const int port = listening_port("listener");
        ASSERT_GT(port, 0) << err("listener");
        junk(port, 40);
        start("joiner", "--headless --connect 127.0.0.1:" + std::to_string(port) +
                            " --peer-timeout-s 20 --loss 10 --report joiner.json");
        std::this_thread::sleep_for(1500ms);
        junk(port, 40);
        const auto listener_code = exit_code("listener");
        const auto joiner_code = exit_code("joiner");
        ASSERT_TRUE(listener_code && joiner_code) << err("listener") << err("joiner");
        EXPECT_EQ(*listener_code, 0) << err("listener");
        EXPECT_EQ(*joiner_code, 0) << err("joiner");
        const nlohmann::json a = report("listener");
        const nlohmann::json b = report("joiner");
        SCOPED_TRACE(a.dump() + "\n" + b.dump());
        EXPECT_EQ(a["ticks"], 3000);
        EXPECT_EQ(b["ticks"], 3000);
        EXPECT_EQ(a["peer_id"], 0);
        EXPECT_EQ(b["peer_id"], 1);
        ASSERT_TRUE(a["state_hash"].is_string());
        EXPECT_EQ(a["state_hash"], b["state_hash"]);
        EXPECT_EQ(a["peer_state_hashes"], b["peer_state_hashes"]);
        EXPECT_EQ(a["peer_state_hashes"][0], a["peer_state_hashes"][1]);
        EXPECT_TRUE(a["desync_tick"].is_null());
        EXPECT_TRUE(b["desync_tick"].is_null());
        // Every exchanged block of hashes was compared (3,000 ticks: up to 100 blocks of 30).
        EXPECT_GE(a["hashes_compared"].get<int>(), 2700);
        EXPECT_GE(b["hashes_compared"].get<int>(), 2700);
        // The loss was applied on both sides: about 10% of the messages each sent.
        for (const nlohmann::json* r : {&a, &b}) {
            const double lost = (*r)["messages_lost"].get<double>();
            const double sent = (*r)["datagrams_sent"].get<double>();
            EXPECT_GT(lost, 0.05 * (sent + lost));
            EXPECT_LT(lost, 0.15 * (sent + lost));
        }
        // The junk was counted on the listener, never taken for a message.
        EXPECT_GE(a["datagrams_dropped"].get<int>(), 40);
        EXPECT_EQ(a["dropped_by_reason"]["malformed"], 0);
    }
};

}  // namespace

using UdpBinary = udp_binary_fixture;

TEST_F(UdpBinary, TwoProcessesInLockstepReachTheSameHashesWithTenPercentLoss) {
    plays_in_sync("--scene balls --balls 60 --network lockstep --input-delay 6 --tick-rate 240 --frame-ms 4");
}

TEST_F(UdpBinary, TwoProcessesInRollbackReachTheSameHashesWithTenPercentLoss) {
    plays_in_sync("--scene lander --network rollback --tick-rate 240 --frame-ms 4");
}

TEST_F(UdpBinary, ASideWhoseOtherPlayerNeverAnswersEndsWithOneLineAndExit3) {
    // Nobody listens on the joiner's port: a listener opened and closed to find a free one.
    start("probe", "--headless --listen 0 --peer-timeout-s 1 --ticks 10");
    const int port = listening_port("probe");
    ASSERT_GT(port, 0);
    const auto probe = exit_code("probe", 20s);
    ASSERT_TRUE(probe);
    EXPECT_EQ(*probe, 3) << err("probe");
    EXPECT_NE(err("probe").find("no other player after 1 s"), std::string::npos) << err("probe");

    const auto start_time = std::chrono::steady_clock::now();
    start("joiner", "--headless --connect 127.0.0.1:" + std::to_string(port) + " --peer-timeout-s 1");
    const auto code = exit_code("joiner", 20s);
    ASSERT_TRUE(code);
    EXPECT_EQ(*code, 3) << err("joiner");
    EXPECT_LT(std::chrono::steady_clock::now() - start_time, 10s);
    const std::string text = err("joiner");
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1) << text;
    EXPECT_NE(text.find("is ticklab --listen " + std::to_string(port) + " running on 127.0.0.1"), std::string::npos)
        << text;
}

TEST_F(UdpBinary, ASideWhoseOtherPlayerVanishesMidGameEndsWithExit3) {
    // The joiner is killed (timeout's SIGTERM) 3 s into a game that would last 28 minutes.
    start("listener", "--headless --listen 0 --peer-timeout-s 2 --ticks 100000 --scene lander");
    const int port = listening_port("listener");
    ASSERT_GT(port, 0);
    const auto started = std::chrono::steady_clock::now();
    start("joiner", "--headless --connect 127.0.0.1:" + std::to_string(port) + " --peer-timeout-s 2", 3);
    const auto code = exit_code("listener", 30s);
    ASSERT_TRUE(code) << "the listener still runs: " << err("listener");
    EXPECT_EQ(*code, 3) << err("listener");
    EXPECT_LT(std::chrono::steady_clock::now() - started, 15s);
    EXPECT_NE(err("listener").find("has sent nothing for 2 s (at tick "), std::string::npos) << err("listener");
    EXPECT_EQ(exit_code("joiner", 10s), 124) << "killed by timeout";
}

TEST_F(UdpBinary, BadRemoteFlagsAreOneLineAndExit2) {
    const std::pair<const char*, const char*> cases[] = {
        {"--headless --listen 70000 --ticks 5", "--listen: port '70000' is not allowed"},
        {"--headless --connect localhost --ticks 5", "--connect: 'localhost' is not allowed: use HOST:PORT"},
        {"--headless --connect 127.0.0.1:0", "with a port from 1 to 65535"},
        {"--headless --listen 0", "--listen with --headless needs --ticks N"},
        {"--listen 0 --frames 5", "--frames cannot be used with --listen"},
        {"--headless --connect 127.0.0.1:5000 --scene lander", "--scene cannot be used with --connect"},
        {"--headless --listen 0 --connect 127.0.0.1:5000 --ticks 5", "--listen and --connect do not go together"},
        {"--headless --listen 0 --ticks 5 --peer-drops", "--peer-drops cannot be used with --listen"},
        {"--headless --connect 127.0.0.1:5000 --time-scale 2", "--time-scale cannot be used with --connect"},
        {"--headless --listen 0 --ticks 5 --peer-timeout-s 0", "--peer-timeout-s: '0' is not allowed"},
        {"--headless --ticks 5 --peer-timeout-s 5", "--peer-timeout-s needs --listen PORT or --connect HOST:PORT"},
        {"--headless --connect no.such.host.invalid:5000", "--connect: host 'no.such.host.invalid'"},
    };
    for (const auto& [args, words] : cases) {
        const auto o = ticklab_test::run_ticklab(args, folder, folder, 30);
        EXPECT_EQ(o.exit_code, 2) << args << ": " << o.err;
        EXPECT_NE(o.err.find(words), std::string::npos) << args << ": " << o.err;
        EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << args << ": " << o.err;
    }
}

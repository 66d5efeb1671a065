#include "net/simulated_network.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <vector>

using namespace std::chrono_literals;
using ticklab::game::link_settings;
using ticklab::game::net_message;
using ticklab::game::simulated_network;

namespace {

net_message numbered(std::uint64_t n) {
    net_message m;
    m.tick = n;
    return m;
}

// Sends one message per millisecond for `count` ms from peer 0 and returns, per message number,
// the millisecond it reached peer 1 (or -1 when lost).
std::vector<std::int64_t> arrivals(std::uint64_t seed, const link_settings& link, std::uint64_t count) {
    simulated_network net{seed, link};
    std::vector<std::int64_t> at(count, -1);
    std::vector<net_message> inbox;
    for (std::int64_t ms = 0; ms < static_cast<std::int64_t>(count) + 2000; ++ms) {
        if (ms < static_cast<std::int64_t>(count)) net.send(0, std::chrono::milliseconds{ms}, numbered(ms));
        net.receive(1, std::chrono::milliseconds{ms}, inbox);
        for (const net_message& m : inbox) at[m.tick] = ms;
    }
    return at;
}

}  // namespace

TEST(SimulatedNetwork, AMessageArrivesAfterTheLatencyAndNotBefore) {
    simulated_network net{1, {.latency_ms = 100}};
    net.send(0, 10ms, numbered(7));
    std::vector<net_message> inbox;
    net.receive(1, 109ms, inbox);
    EXPECT_TRUE(inbox.empty());
    net.receive(0, 200ms, inbox);
    EXPECT_TRUE(inbox.empty()) << "a message goes to the other peer only";
    net.receive(1, 110ms, inbox);
    ASSERT_EQ(inbox.size(), 1u);
    EXPECT_EQ(inbox[0].tick, 7u);
    EXPECT_EQ(net.stats(0).delivered, 1u);
}

TEST(SimulatedNetwork, JitterDelaysWithinItsRangeAndReorders) {
    const auto at = arrivals(3, {.latency_ms = 50, .jitter_ms = 30}, 2000);
    bool overtaken = false;
    for (std::size_t i = 0; i < at.size(); ++i) {
        const std::int64_t delay = at[i] - static_cast<std::int64_t>(i);
        EXPECT_GE(delay, 50);
        EXPECT_LE(delay, 80);
        if (i > 0 && at[i] < at[i - 1]) overtaken = true;
    }
    EXPECT_TRUE(overtaken) << "30 ms of jitter on messages 1 ms apart must reorder some";
}

TEST(SimulatedNetwork, LossDropsAboutTheGivenShare) {
    const auto at = arrivals(5, {.latency_ms = 10, .loss_percent = 20}, 20'000);
    const auto lost = std::count(at.begin(), at.end(), -1);
    EXPECT_NEAR(static_cast<double>(lost) / static_cast<double>(at.size()), 0.20, 0.015);
    const auto none_lost = arrivals(5, {.latency_ms = 10}, 1000);
    EXPECT_EQ(std::count(none_lost.begin(), none_lost.end(), -1), 0);
}

TEST(SimulatedNetwork, TheSameSeedGivesTheSameRunAndEachDirectionItsOwnDraws) {
    const link_settings link{.latency_ms = 20, .jitter_ms = 40, .loss_percent = 10};
    EXPECT_EQ(arrivals(11, link, 3000), arrivals(11, link, 3000));
    EXPECT_NE(arrivals(11, link, 3000), arrivals(12, link, 3000));
    // The other direction, same seed: other delays and losses.
    simulated_network net{11, link};
    std::vector<std::int64_t> back(3000, -1);
    std::vector<net_message> inbox;
    for (std::int64_t ms = 0; ms < 5000; ++ms) {
        if (ms < 3000) net.send(1, std::chrono::milliseconds{ms}, numbered(ms));
        net.receive(0, std::chrono::milliseconds{ms}, inbox);
        for (const net_message& m : inbox) back[m.tick] = ms;
    }
    EXPECT_NE(back, arrivals(11, link, 3000));
}

TEST(SimulatedNetwork, SettingsOutOfRangeAreRefused) {
    EXPECT_THROW((simulated_network{1, {.latency_ms = -1}}), std::invalid_argument);
    EXPECT_THROW((simulated_network{1, {.latency_ms = 1001}}), std::invalid_argument);
    EXPECT_THROW((simulated_network{1, {.jitter_ms = 501}}), std::invalid_argument);
    EXPECT_THROW((simulated_network{1, {.loss_percent = 50.5}}), std::invalid_argument);
    EXPECT_NO_THROW((simulated_network{1, {.latency_ms = 1000, .jitter_ms = 500, .loss_percent = 50}}));
}

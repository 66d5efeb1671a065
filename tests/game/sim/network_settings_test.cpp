#include "sim/network_settings.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace ticklab::game;

TEST(NetworkSettings, LockstepNeedsAnInputDelayOfAtLeastOneTick) {
    EXPECT_NE(check_input_delay(0, net_mode::lockstep), "");
    EXPECT_EQ(check_input_delay(1, net_mode::lockstep), "");
    EXPECT_EQ(check_input_delay(0, net_mode::rollback), "");
    EXPECT_NE(check_input_delay(31, net_mode::rollback), "");
    EXPECT_NE(check_input_delay(1.5, net_mode::rollback), "");
    EXPECT_EQ(check_input_delay(0, net_mode::lockstep),
              "input_delay 0 ticks is not allowed: use a whole number from 1 to 30 ticks with lockstep");
}

TEST(NetworkSettings, ChecksNameTheValueAndTheRange) {
    EXPECT_EQ(check_latency(-5), "latency_ms -5 ms is not allowed: use a value from 0 to 1000 ms");
    EXPECT_NE(check_latency(std::nan("")), "");
    EXPECT_NE(check_jitter(std::numeric_limits<double>::infinity()), "");
    EXPECT_EQ(check_loss(60), "loss 60% is not allowed: use a value from 0 to 50%");
    EXPECT_NE(check_peer_hitch(2001), "");
    network_settings s;
    EXPECT_EQ(check_network_settings(s), "");
    s.link.loss_percent = 51;
    EXPECT_EQ(check_network_settings(s), check_loss(51));
}

TEST(NetworkSettings, EachModeHasTheDefaultDelayTheDocsGive) {
    // docs/network.md: "default 2 in lockstep, 0 in rollback".
    EXPECT_EQ(default_input_delay(net_mode::lockstep), 2u);
    EXPECT_EQ(default_input_delay(net_mode::rollback), 0u);
    EXPECT_EQ(network_settings{}.input_delay, default_input_delay(net_mode::lockstep));
    for (const net_mode mode : {net_mode::lockstep, net_mode::rollback}) {
        EXPECT_EQ(check_input_delay(default_input_delay(mode), mode), "");
    }
}

TEST(NetworkSettings, SwitchingModeTakesTheNewModesDefaultDelay) {
    // Issue 22, finding 13: the panel switched lockstep to rollback keeping lockstep's 2 ticks.
    network_settings lockstep;
    lockstep.link.latency_ms = 100.0;
    const network_settings rollback = with_mode(lockstep, net_mode::rollback);
    EXPECT_EQ(rollback.mode, net_mode::rollback);
    EXPECT_EQ(rollback.input_delay, 0u);
    EXPECT_EQ(rollback.link.latency_ms, 100.0) << "nothing else changes";
    const network_settings back = with_mode(rollback, net_mode::lockstep);
    EXPECT_EQ(back.mode, net_mode::lockstep);
    EXPECT_EQ(back.input_delay, 2u);
    EXPECT_EQ(check_network_settings(back), "");
}

TEST(NetworkSettings, SwitchingModeKeepsADelayTheUserChose) {
    network_settings s;
    s.input_delay = 8;  // not lockstep's default: chosen
    EXPECT_EQ(with_mode(s, net_mode::rollback).input_delay, 8u);
    s.mode = net_mode::rollback;
    s.input_delay = 1;  // not rollback's default: chosen, and lockstep allows it
    const network_settings lockstep = with_mode(s, net_mode::lockstep);
    EXPECT_EQ(lockstep.input_delay, 1u);
    EXPECT_EQ(check_network_settings(lockstep), "");
    EXPECT_EQ(with_mode(s, net_mode::rollback).input_delay, 1u) << "the same mode changes nothing";
}

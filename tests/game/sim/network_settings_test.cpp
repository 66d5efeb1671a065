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
              "input delay (ticks) with lockstep 0 is not allowed: use a whole number from 1 to 30");
}

TEST(NetworkSettings, ChecksNameTheValueAndTheRange) {
    EXPECT_EQ(check_latency(-5), "latency (ms) -5 is not allowed: use a value from 0 to 1000");
    EXPECT_NE(check_latency(std::nan("")), "");
    EXPECT_NE(check_jitter(std::numeric_limits<double>::infinity()), "");
    EXPECT_EQ(check_loss(60), "loss (%) 60 is not allowed: use a value from 0 to 50");
    EXPECT_NE(check_peer_hitch(2001), "");
    network_settings s;
    EXPECT_EQ(check_network_settings(s), "");
    s.link.loss_percent = 51;
    EXPECT_EQ(check_network_settings(s), check_loss(51));
}

// --listen / --connect's values (cli/remote_options.hpp): the host and port of --connect, in every
// form a classroom may type, and what each side sets.
#include "cli/remote_options.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

using namespace ticklab::game;

TEST(RemoteOptions, ConnectTakesANameAnIPv4OrABracketedIPv6Address) {
    std::string host;
    std::uint16_t port = 0;
    EXPECT_EQ(parse_host_port("192.168.1.20:5000", host, port), "");
    EXPECT_EQ(host, "192.168.1.20");
    EXPECT_EQ(port, 5000);
    EXPECT_EQ(parse_host_port("[fe80::1%wlan0]:65535", host, port), "");
    EXPECT_EQ(host, "fe80::1%wlan0");
    EXPECT_EQ(port, 65535);
    EXPECT_EQ(parse_host_port("laptop-b.local:1", host, port), "");
    EXPECT_EQ(host, "laptop-b.local");
    for (const char* bad : {"5000", ":5000", "host:", "host:0", "host:65536", "host:50x", "[]:5000", "host: 5000"}) {
        EXPECT_NE(parse_host_port(bad, host, port), "") << bad;
    }
}

TEST(RemoteOptions, ListeningSetsALockstepGameUnlessTheNetworkFlagChoseOne) {
    const std::string port = "0";
    launch_options out;
    remote_flags flags{.listen = &port, .headless = true, .ticks_given = true};
    ASSERT_EQ(apply_remote_options(flags, out), "");
    ASSERT_TRUE(out.remote);
    EXPECT_TRUE(out.remote->listening);
    EXPECT_EQ(out.remote->port, 0);
    EXPECT_EQ(out.remote->peer_timeout_s, 30.0);
    ASSERT_TRUE(out.network);
    EXPECT_EQ(out.network->mode, net_mode::lockstep);

    launch_options chosen;
    flags.network_given = true;
    ASSERT_EQ(apply_remote_options(flags, chosen), "");
    EXPECT_FALSE(chosen.network) << "--network's own options set it";
}

TEST(RemoteOptions, WithoutEitherFlagNothingIsSet) {
    launch_options out;
    EXPECT_EQ(apply_remote_options({}, out), "");
    EXPECT_FALSE(out.remote);
    EXPECT_FALSE(out.network);
}

TEST(RemoteOptions, AWindowMayListenWithoutTicksAndSaveAScreenshotButAHeadlessRunNeedsTicks) {
    const std::string port = "7777";
    launch_options window;
    // A window's game ends when a player leaves; a headless one has no player to leave.
    EXPECT_EQ(apply_remote_options({.listen = &port, .headless = false}, window), "");
    ASSERT_TRUE(window.remote);
    EXPECT_EQ(window.remote->port, 7777);
    launch_options headless;
    EXPECT_NE(apply_remote_options({.listen = &port, .headless = true}, headless).find("needs --ticks N"),
              std::string::npos);
    // A remote window's last frame can be saved; a frame count still cannot end a real-time game.
    EXPECT_EQ(std::ranges::count(remote_conflicting_flags(), std::string{"--screenshot"}), 0);
    EXPECT_EQ(std::ranges::count(remote_conflicting_flags(), std::string{"--frames"}), 1);
}

// The network game's keys in the run report (run/report.hpp), from a session that runs one.
#include "run/report.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <ticklab/time.hpp>

#include <string>

using namespace ticklab::game;
using nlohmann::ordered_json;

namespace {

// The report after `frames` frames of exactly one 60 Hz tick each.
ordered_json report_after(const std::string& scene, const network_settings& network, std::uint64_t frames) {
    ticklab::manual_time_source source;
    session s{source, scene, {}, {}};
    s.start_network(network);
    for (std::uint64_t f = 0; f < frames; ++f) {
        source.advance(ticklab::tick_offset(f + 1, 60) - ticklab::tick_offset(f, 60));
        s.update_frame(s.advance());
    }
    return report_object(s, ticklab::to_seconds(ticklab::tick_offset(frames, 60)));
}

}  // namespace

TEST(ReportNetwork, InSyncPeersReportEqualHashesAndNoDesync) {
    network_settings n;
    n.mode = net_mode::rollback;
    n.input_delay = 0;
    n.link.latency_ms = 50;
    const ordered_json r = report_after("lander", n, 300);
    EXPECT_EQ(r["network"], "rollback");
    EXPECT_TRUE(r["desync_tick"].is_null());
    const ordered_json& hashes = r["peer_state_hashes"];
    ASSERT_EQ(hashes.size(), 2u);
    ASSERT_TRUE(hashes[0].is_string()) << hashes;
    EXPECT_EQ(hashes[0].get<std::string>().size(), 18u) << hashes;  // "0x" + 16 hex digits
    EXPECT_EQ(hashes[0], hashes[1]);
    EXPECT_EQ(r["state_hash"], hashes[0]) << "the report's state_hash is peer 0's at the confirmed tick";
    EXPECT_EQ(r["stall_frames"], ordered_json::array({0, 0}));
    EXPECT_EQ(r["skipped_ticks"], ordered_json::array({0, 0}));
    EXPECT_EQ(r["input_lag_ms"].size(), 2u);
    EXPECT_GT(r["network_tick"].get<std::uint64_t>(), 280u);
    EXPECT_EQ(r["ticks"], r["network_tick"]);
    EXPECT_EQ(r["lander_state"], "flying") << "peer 0's scene keys";
}

TEST(ReportNetwork, ADroppingPeerReportsItsDesyncTickAndDifferentHashes) {
    network_settings n;
    n.mode = net_mode::rollback;
    n.input_delay = 0;
    n.peer_drops = true;
    n.peer_hitch_ms = 300;
    const ordered_json r = report_after("lander", n, 420);
    EXPECT_EQ(r["desync_tick"], 308);  // tick 299 before the hitch at 5 s, 8 run after it, then skipped
    EXPECT_NE(r["peer_state_hashes"][0], r["peer_state_hashes"][1]);
    EXPECT_EQ(r["skipped_ticks"][0], 0);
    EXPECT_GT(r["skipped_ticks"][1].get<std::uint64_t>(), 0u);
}

TEST(ReportNetwork, WithoutANetworkGameTheKeysAreAbsent) {
    ticklab::manual_time_source source;
    session s{source, "balls", {}, {}};
    s.update_frame(s.advance());
    const ordered_json r = report_object(s, 0.0);
    for (const char* key : {"network", "peer_state_hashes", "desync_tick", "rollback_ticks", "stall_frames"})
        EXPECT_FALSE(r.contains(key)) << key;
}

#include "net/network_report.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>

using namespace ticklab::game;

namespace {

std::map<std::string, std::string> fields_after(const network_game_config& c, std::uint64_t frames) {
    network_game game{c};
    for (std::uint64_t f = 0; f < frames; ++f) game.frame(ticklab::tick_offset(f, 60));
    std::vector<report_field> fields;
    network_report_fields(game, fields);
    std::map<std::string, std::string> by_key;
    for (const report_field& f : fields) by_key[f.key] = f.json_value;
    return by_key;
}

}  // namespace

TEST(NetReport, InSyncPeersReportEqualHashesAndNoDesync) {
    network_game_config c;
    c.scene = "lander";
    c.network.mode = net_mode::rollback;
    c.network.link.latency_ms = 50;
    const auto f = fields_after(c, 300);
    EXPECT_EQ(f.at("network"), "\"rollback\"");
    EXPECT_EQ(f.at("desync_tick"), "null");
    const std::string& hashes = f.at("peer_state_hashes");
    ASSERT_EQ(hashes.size(), std::string{"[\"0x0123456789abcdef\", \"0x0123456789abcdef\"]"}.size()) << hashes;
    EXPECT_EQ(hashes.substr(1, 20), hashes.substr(23, 20));
    EXPECT_EQ(f.at("stall_frames"), "[0, 0]");
    EXPECT_EQ(f.at("skipped_ticks"), "[0, 0]");
    EXPECT_EQ(f.at("input_lag_ms").front(), '[');
    EXPECT_GT(std::stoull(f.at("network_tick")), 280u);
}

TEST(NetReport, ADroppingPeerReportsItsDesyncTickAndDifferentHashes) {
    network_game_config c;
    c.scene = "lander";
    c.network.mode = net_mode::rollback;
    c.network.peer_drops = true;
    c.network.peer_hitch_ms = 300;
    const auto f = fields_after(c, 420);
    EXPECT_EQ(f.at("desync_tick"), "308");  // tick 299 before the hitch at 5 s, 8 run after it, then skipped
    const std::string& hashes = f.at("peer_state_hashes");
    EXPECT_NE(hashes.substr(1, 20), hashes.substr(23, 20));
    EXPECT_EQ(f.at("skipped_ticks").substr(0, 4), "[0, ");
    EXPECT_NE(f.at("skipped_ticks"), "[0, 0]");
}

TEST(NetReport, PeersInSyncShowTheSameHashForTheSameBlock) {
    network_game_config c;
    c.scene = "balls";
    c.options.balls = 20;
    c.network.mode = net_mode::lockstep;
    network_game game{c};
    EXPECT_FALSE(game.peer_at(0).last_block_hash());
    for (std::uint64_t f = 0; f < 200; ++f) game.frame(ticklab::tick_offset(f, 60));
    const auto a = game.peer_at(0).last_block_hash();
    const auto b = game.peer_at(1).last_block_hash();
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->tick % hash_block_ticks, 0u);
    EXPECT_GT(a->tick + hash_block_ticks, game.peer_at(0).stats().confirmed);
    ASSERT_EQ(a->tick, b->tick);
    EXPECT_EQ(a->hash, b->hash);
}

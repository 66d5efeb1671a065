// The HUD blocks over each peer of a network game (game/app/ui/network_hud.cpp): every count says
// what it counts ("stalled 1855 frames", not "stalls 1855").
#include "app/ui/network_hud.hpp"
#include "session/session.hpp"
#include "sim/frame_time.hpp"

#include <gtest/gtest.h>
#include <ticklab/time_source.hpp>

#include <memory>
#include <regex>
#include <string>
#include <vector>

namespace {

using ticklab::game::net_mode;
using ticklab::game::network_settings;

// The numbers in `line` that name no unit: a unit after the number (ticks, frames, ms, %, ...), or a
// tick number ("tick 1200") or a peer's ("Peer 2") before it. The state hash (16 hex digits) is no count.
std::vector<std::string> bare_numbers(const std::string& line) {
    static const std::regex number{R"([+-]?\d+(\.\d+)?)"};
    static const std::regex unit_after{R"(^\s*(ticks?|frames?|ms|%|ticks/s)\b)"};
    static const std::regex named_before{R"((\btick|\bPeer|\bat tick)\s*$)"};
    static const std::regex hash{R"(\b[0-9a-f]{16}\b)"};
    const std::string text = std::regex_replace(line, hash, "HASH");
    std::vector<std::string> bare;
    for (auto it = std::sregex_iterator{text.begin(), text.end(), number}; it != std::sregex_iterator{}; ++it) {
        const auto at = static_cast<std::size_t>(it->position());
        const std::string before = text.substr(0, at);
        const std::string after = text.substr(at + it->str().size());
        if (std::regex_search(after, unit_after) || std::regex_search(before, named_before)) continue;
        bare.push_back(it->str() + " in '" + line + "'");
    }
    return bare;
}

struct network_run {
    ticklab::manual_time_source source;
    std::unique_ptr<ticklab::game::session> s;

    explicit network_run(const network_settings& network) {
        s = std::make_unique<ticklab::game::session>(source, "balls", ticklab::game::scene_options{},
                                                     ticklab::game::loop_settings{});
        s->start_network(network);
        for (int frame = 0; frame < 240; ++frame) {
            source.advance(ticklab::game::frame_time(16.7));
            s->update_frame(s->advance());
        }
    }
};

TEST(NetworkHud, EveryCountNamesItsUnit) {
    network_settings lockstep;  // lockstep-waits: 100 ms apart, input delay 2: it stalls
    lockstep.link.latency_ms = 100.0;
    network_settings rollback;
    rollback.mode = net_mode::rollback;
    rollback.input_delay = 0;
    rollback.link.latency_ms = 50.0;
    for (const network_settings& n : {lockstep, rollback}) {
        const network_run run{n};
        ASSERT_NE(run.s->network(), nullptr);
        for (std::size_t peer = 0; peer < 2; ++peer) {
            std::vector<ticklab::app::hud_line> lines;
            ticklab::app::build_network_hud_lines(*run.s->network(), peer, false, lines);
            ASSERT_GE(lines.size(), 4u);
            for (const auto& line : lines) EXPECT_EQ(bare_numbers(line.text), std::vector<std::string>{});
        }
    }
}

TEST(NetworkHud, LockstepSaysHowManyFramesItStalled) {
    network_settings lockstep;
    lockstep.link.latency_ms = 100.0;
    const network_run run{lockstep};
    std::vector<ticklab::app::hud_line> lines;
    ticklab::app::build_network_hud_lines(*run.s->network(), 0, false, lines);
    ASSERT_GT(run.s->network()->peer_at(0).stats().stall_frames, 0u);
    std::string all;
    for (const auto& line : lines) all += line.text + "\n";
    EXPECT_NE(all.find("stalled " + std::to_string(run.s->network()->peer_at(0).stats().stall_frames) + " frames"),
              std::string::npos)
        << all;
}

}  // namespace

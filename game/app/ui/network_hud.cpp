#include "app/ui/network_hud.hpp"

#include "app/ui/text_format.hpp"

#include <cinttypes>
#include <cstdio>
#include <string>

namespace ticklab::app {
void build_network_hud_lines(const game::network_game& game, std::size_t peer, bool paused,
                             std::vector<hud_line>& out) {
    out.clear();
    const game::peer& p = game.peer_at(peer);
    const game::peer_stats& s = p.stats();
    const game::network_settings& n = game.config().network;
    const char* who = peer == 0 ? "you" : "the other player";
    const bool drops = p.config().drops_time;
    out.push_back({format_text("Peer %zu (%s): %s%s", peer + 1, who, std::string{to_string(n.mode)}.c_str(),
                               drops ? ", drops time" : ""),
                   hud_style::title});
    const char* state = s.waiting ? "WAITING" : "running";
    if (game.hitching(peer)) state = "HITCH: its machine stalls";
    out.push_back({format_text("tick %" PRIu64 "  delay %u ticks  %s", p.tick(), p.config().input_delay, state),
                   s.waiting ? hud_style::alert : hud_style::body});
    if (n.mode == game::net_mode::rollback) {
        out.push_back({format_text("confirmed to tick %" PRIu64 "  rolled back %2u ticks (most %u ticks)", s.confirmed,
                                   s.rollback_this_frame, s.max_rollback),
                       hud_style::body});
    } else {
        out.push_back(
            {format_text("confirmed to tick %" PRIu64 "  stalled %" PRIu64 " frames", s.confirmed, s.stall_frames),
             hud_style::body});
    }
    out.push_back({format_text("round trip %.0f ms  ahead %+.1f ticks%s", ticklab::to_milliseconds(s.round_trip),
                               s.frames_ahead, p.config().time_sync ? " (sync)" : ""),
                   hud_style::body});
    if (const auto block = p.last_block_hash()) {
        out.push_back({format_text("hash at tick %" PRIu64 " %016" PRIx64, block->tick, block->hash), hud_style::dim});
    } else {
        out.push_back({"hash: after the first 30 ticks", hud_style::dim});
    }
    if (const std::uint64_t owed = p.owed_ticks(); owed > 0) {
        out.push_back({format_text("behind: owes %" PRIu64 " ticks", owed), hud_style::alert});
    }
    if (s.skipped_ticks > 0)
        out.push_back({format_text("skipped %" PRIu64 " ticks", s.skipped_ticks), hud_style::alert});
    if (s.desync_tick) out.push_back({format_text("DESYNC from tick %" PRIu64, *s.desync_tick), hud_style::alert});
    if (paused && peer == 0) out.push_back({"PAUSED", hud_style::alert});
}

}  // namespace ticklab::app

#pragma once
// The network game's keys in a run report, as (key, JSON value) pairs.
//
// Keys: network ("lockstep" | "rollback"), network_tick (the last tick both peers confirmed),
// peer_state_hashes (each peer's state_hash after network_tick, "0x" + 16 hex digits, equal when
// in sync), desync_tick (the first tick whose hashes differed, or null), and per peer, as
// [peer 0, peer 1]: rollback_ticks (ticks re-simulated), stall_frames (frames held back for want of
// input), skipped_ticks (ticks dropped by a peer that breaks the rule), input_lag_ms (mean real
// time from a player's input to the frame that first ran its tick), messages_lost.

#include "net/network_game.hpp"
#include "sim/scene.hpp"

#include <vector>

namespace ticklab::game {

void network_report_fields(const network_game& game, std::vector<report_field>& out);

}  // namespace ticklab::game

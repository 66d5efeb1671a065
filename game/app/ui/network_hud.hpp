#pragma once
// What the HUD says over each peer of a network game: who it is, its tick, input delay, whether it
// waits, how much it re-simulated, and the state hash two peers in sync show alike.

#include "app/ui/hud.hpp"
#include "net/network_game.hpp"

#include <cstddef>
#include <vector>

namespace ticklab::app {

void build_network_hud_lines(const game::network_game& game, std::size_t peer, bool paused, std::vector<hud_line>& out);

}  // namespace ticklab::app

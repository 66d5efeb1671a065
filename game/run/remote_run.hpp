#pragma once
// A network game against another ticklab process (--listen PORT / --connect HOST:PORT), headless:
// the handshake, one peer on the real clock joined to the other process by a udp_link, and an
// agreed end. Both sides run until each has confirmed tick --ticks N and holds the other's state
// hash after it (a "bye" datagram, sent every frame until answered); then each writes its report
// and exits: exit_ok when the hashes agree, exit_desync (naming the first tick that differs) when
// not. Both keep simulating and sending while they wait, so the slower side still gets the inputs
// it needs to reach N.
//
// Exit codes besides those of run_error.hpp:
//   exit_peer_silent (3): no welcome or hello within --peer-timeout-s, or the other process
//                         went silent that long during the game.
//   exit_desync (4):      the two processes' states differ.

#include "run/launch_options.hpp"

namespace ticklab::game {

inline constexpr int exit_peer_silent = 3;
inline constexpr int exit_desync = 4;

// Runs the game `options` describe (options.remote and options.network set, options.ticks set).
[[nodiscard]] int run_remote(const launch_options& options);

}  // namespace ticklab::game

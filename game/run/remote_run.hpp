#pragma once
// A network game against another ticklab process (--listen PORT / --connect HOST:PORT), headless:
// this player is a seeded bot, frames come every --frame-ms of real time, and the game ends at the
// listener's --ticks N (run/remote_game.hpp has the rules and the exit codes).

#include "run/launch_options.hpp"
#include "run/remote_game.hpp"

namespace ticklab::game {

// Runs the game `options` describe (options.remote and options.network set, options.ticks set).
[[nodiscard]] int run_remote(const launch_options& options);

}  // namespace ticklab::game

#pragma once
// A network game against another ticklab process, in a window (--listen PORT / --connect HOST:PORT
// without --headless): the handshake runs before the window opens, then this player steers with
// the keyboard and mouse (their input is the other process's remote input), the window shows this
// side's peer and the network's figures, and closing it (or Escape twice) leaves the game with a bye.
// run/remote_game.hpp has the rules of the game's end and the exit codes.
//
// With --screenshot PATH the window is hidden and drawn in software, and its last frame is saved
// when the game ends (what a test and the docs' pictures use).

#include "run/launch_options.hpp"

namespace ticklab::app {

[[nodiscard]] int run_remote_window(const game::launch_options& options);

}  // namespace ticklab::app

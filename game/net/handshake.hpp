#pragma once
// The two processes' handshake (docs/network.md, "Two machines"): the connecting side sends a
// hello every hello_interval until the listener's welcome comes; the welcome carries the game
// (shared_game: the listener's scene, seed, tick rate, mode and input delay, which the connecting
// side takes) and when the listener's tick 1 starts, counted from the welcome's sending. The
// connecting side starts at its arrival plus that, less half the round trip it measured: both
// begin tick 1 at the same moment, give or take half the difference of the two directions' delays.
// The listener answers every hello, also after its start (a lost welcome), with the time since
// its start as a negative wait.

#include "net/wire_codec.hpp"

#include <ticklab/time.hpp>

#include <chrono>
#include <string>

namespace ticklab::game {

inline constexpr ticklab::nanoseconds hello_interval = std::chrono::milliseconds{100};
// How long after the first hello the listener starts: room for the welcome to arrive (and be
// sent again if lost) before tick 1.
inline constexpr ticklab::nanoseconds start_lead = std::chrono::milliseconds{500};

// The listener's welcome to `hello`, sent at `now`, for a game starting at `start` (same clock).
[[nodiscard]] welcome_body answer_hello(const hello_body& hello, const shared_game& game, ticklab::nanoseconds start,
                                        ticklab::nanoseconds now);

// When the connecting side starts (its own clock): the welcome arrived at `arrived`, answering the
// hello sent at `hello_sent`.
[[nodiscard]] ticklab::nanoseconds start_time(const welcome_body& welcome, ticklab::nanoseconds hello_sent,
                                              ticklab::nanoseconds arrived);

// "" when this build can play `game`, else one line naming the value and what is allowed (a
// listener of another build could send a scene this one does not have).
[[nodiscard]] std::string check_shared_game(const shared_game& game);

// "lander, rollback, 60 Hz, input delay 0, seed 1": for the line each side prints.
[[nodiscard]] std::string describe(const shared_game& game);

}  // namespace ticklab::game

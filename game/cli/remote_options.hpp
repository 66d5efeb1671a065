#pragma once
// The command line's game against another process: --listen PORT, --connect HOST:PORT and
// --peer-timeout-s (docs/network.md, "Two machines"), kept apart from the simulated network's
// flags (network_options.hpp), which still shape this side's sending.
//
// Usage (inside the command line's validation, before apply_network_options):
//   remote_flags flags{...the texts given, null when not given...};
//   if (std::string error = apply_remote_options(flags, out); !error.empty()) ...exit 2

#include "run/launch_options.hpp"

#include <string>
#include <vector>

namespace ticklab::game {

struct remote_flags {
    const std::string* listen = nullptr;   // PORT, 0 to 65535 (0: any free port)
    const std::string* connect = nullptr;  // HOST:PORT, [IPv6]:PORT
    const std::string* peer_timeout_s = nullptr;
    bool network_given = false;  // --network: with --connect, the listener's mode is the game's
    bool headless = false;
    bool ticks_given = false;
    // Flags given that choose the game (--scene, --seed, ...): the listener's choice wins, so
    // --connect refuses them rather than ignore them.
    std::vector<std::string> game_flags{};
    // Flags given that a game with another process cannot honour (--peer-drops, --record, ...).
    std::vector<std::string> conflicts{};
};

// The flags this file refuses with --connect, and those it refuses with either.
[[nodiscard]] const std::vector<std::string>& game_choosing_flags();
[[nodiscard]] const std::vector<std::string>& remote_conflicting_flags();

// Sets out.remote, and out.network to a lockstep game when --network was not given. "" or one
// error line naming the flag and what is allowed.
[[nodiscard]] std::string apply_remote_options(const remote_flags& flags, launch_options& out);

// "host:port" split and checked; "" or one error line (without the flag's name).
[[nodiscard]] std::string parse_host_port(const std::string& text, std::string& host, std::uint16_t& port);

}  // namespace ticklab::game

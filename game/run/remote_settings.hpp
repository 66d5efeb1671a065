#pragma once
// A network game against another ticklab process over UDP (--listen / --connect; docs/network.md,
// "Two machines"). This process runs one peer; the other player is the other process.

#include <cstdint>
#include <string>

namespace ticklab::game {

struct remote_settings {
    bool listening = false;  // --listen PORT: wait for the other; else --connect HOST:PORT
    std::string host;        // --connect's host (a name, an IPv4 or an IPv6 address)
    std::uint16_t port = 0;  // --listen 0: a free port the system picks (printed)
    // The longest silence from the other process (also the wait for the handshake) before this one
    // gives up with exit_peer_silent.
    double peer_timeout_s = 30.0;

    static constexpr double min_peer_timeout_s = 1.0;
    static constexpr double max_peer_timeout_s = 3600.0;
};

}  // namespace ticklab::game

#pragma once
// The handshake of a game against another process, on the socket before the link exists
// (net/handshake.hpp has the rules): the listener waits for a hello and answers it; the connecting
// side sends hellos until a welcome comes. Each gives up after remote_settings::peer_timeout_s.
//
// Usage:
//   waiting_counts counts;
//   auto hs = listen_for_hello(socket, game, remote, counts);           // nullopt: nobody came
//   auto hs = connect_with_hellos(socket, remote, counts, error);       // nullopt: error, or no answer

#include "net/udp_socket.hpp"
#include "net/wire_codec.hpp"
#include "run/remote_settings.hpp"

#include <ticklab/time.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace ticklab::game {

// The steady clock as a duration since its epoch: both sides' own real time.
[[nodiscard]] ticklab::nanoseconds steady_now();
[[nodiscard]] ticklab::nanoseconds duration_of_seconds(double s);

// Datagrams before the link exists (waiting for a hello or a welcome): counted as the link counts.
struct waiting_counts {
    std::uint64_t received = 0, dropped = 0;
};

struct handshake_result {
    udp_address other;
    std::uint64_t game_id = 0;
    shared_game game;
    ticklab::nanoseconds start{0};  // this process's clock
};

[[nodiscard]] std::optional<handshake_result> listen_for_hello(udp_socket& socket, const shared_game& game,
                                                               const remote_settings& remote, waiting_counts& counts);
// nullopt with `error` empty: no answer in time; with `error` set: the listener's game cannot be
// played here.
[[nodiscard]] std::optional<handshake_result> connect_with_hellos(udp_socket& socket, const remote_settings& remote,
                                                                  waiting_counts& counts, std::string& error);

}  // namespace ticklab::game

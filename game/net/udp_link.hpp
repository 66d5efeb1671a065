#pragma once
// The message_link between two processes: each net_message is one UDP datagram (wire_codec.hpp)
// to the other process's address, through a socket the handshake opened. Nothing is resent here:
// a peer already sends every unacknowledged input and hash in every frame's message, so a lost
// datagram costs a frame, as on the simulated network.
//
// Optional shaping (--latency-ms, --jitter-ms, --loss) delays or drops this side's outgoing
// messages on top of the real network, through a simulated_network used as a delay line: the
// same draws from the seed as in one process.
//
// Every datagram received is checked, and one that is not a message of this game from the other
// process is dropped and counted by why (udp_counters), never passed on. Handshake and goodbye
// datagrams from the other process go to on_control.
//
// Usage:
//   udp_link link{socket, other_address, {.own_id = 0, .game_id = id, .seed = seed, .shaping = {}}};
//   peer.frame(now, link);

#include "net/message_guard.hpp"
#include "net/message_link.hpp"
#include "net/simulated_network.hpp"
#include "net/udp_socket.hpp"
#include "net/wire_codec.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

namespace ticklab::game {

// At most this many datagrams are read per receive (per frame): a flood cannot hold a frame up.
inline constexpr std::size_t max_datagrams_per_receive = 256;

struct udp_counters {
    std::uint64_t sent = 0;         // datagrams given to the socket
    std::uint64_t send_failed = 0;  // refused by the system
    std::uint64_t shaped_lost = 0;  // dropped by --loss before sending
    std::uint64_t received = 0;     // every datagram read, good or not
    std::uint64_t messages = 0;     // net_messages passed to the peer
    // Dropped, by why:
    std::uint64_t from_stranger = 0;  // not from the other process's address
    std::uint64_t malformed = 0;      // failed to decode (wire_error), too large included
    std::uint64_t other_game = 0;     // another game id (an earlier game on the same port)
    std::uint64_t wrong_sender = 0;   // claims to come from this side's own peer id
    std::uint64_t unbelievable = 0;   // acknowledges what was never sent (message_guard)
    [[nodiscard]] std::uint64_t dropped() const noexcept {
        return from_stranger + malformed + other_game + wrong_sender + unbelievable;
    }
};

struct udp_link_config {
    std::uint32_t own_id = 0;  // this process's peer id; the other's is 1 - own_id
    std::uint64_t game_id = 0;
    std::uint64_t seed = 1;  // the shaping's draws
    link_settings shaping{};
    std::uint32_t input_delay = 0;  // the game's: ticks 1..input_delay have empty inputs both sides know
};

class udp_link final : public message_link {
public:
    // `socket` must outlive the link. Throws std::invalid_argument for shaping out of range.
    udp_link(udp_socket& socket, const udp_address& other, const udp_link_config& config);

    void send(std::uint32_t from, ticklab::nanoseconds now, net_message message) override;
    void receive(std::uint32_t to, ticklab::nanoseconds now, std::vector<net_message>& out) override;

    // A hello, welcome or bye from the other process (kind in the header); returns false when
    // its body does not decode, and the link counts it malformed.
    std::function<bool(const wire_header&, std::span<const std::uint8_t>)> on_control;

    // Sends a handshake or goodbye datagram now, unshaped.
    void send_control(std::span<const std::uint8_t> bytes);

    [[nodiscard]] const udp_counters& counters() const noexcept { return counters_; }
    [[nodiscard]] const udp_link_config& config() const noexcept { return config_; }

    // What a datagram from `from` is to this link: a message (into `out`), a control datagram (to
    // on_control), or dropped and counted. Public so the tests and the fuzz target can feed it.
    void take_datagram(std::span<const std::uint8_t> bytes, const udp_address& from, std::vector<net_message>& out);

private:
    void send_now(std::uint32_t from, const net_message& message);

    udp_socket& socket_;
    udp_address other_;
    udp_link_config config_;
    std::optional<simulated_network> shaper_;
    message_guard guard_;
    std::vector<net_message> due_;
    std::vector<std::uint8_t> buffer_;
    udp_counters counters_;
};

}  // namespace ticklab::game

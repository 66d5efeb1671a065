#pragma once
// What a peer sends its messages through: the simulated network of one process
// (simulated_network) or a UDP socket to another process (udp_link). The peer neither knows nor
// cares which; both deliver whole messages or none, in any order, possibly late.
//
// Usage:
//   link.send(0, now, message);     // from peer 0 to the other
//   link.receive(1, now, inbox);    // what has reached peer 1 by `now` (inbox is cleared first)

#include "net/net_message.hpp"

#include <ticklab/time.hpp>

#include <cstdint>
#include <vector>

namespace ticklab::game {

class message_link {
public:
    virtual ~message_link() = default;
    // From peer `from` (0 or 1) to the other, sent at `now` (the sender's real time).
    virtual void send(std::uint32_t from, ticklab::nanoseconds now, net_message message) = 0;
    // Appends to `out` (after clearing it) the messages for peer `to` that have arrived by `now`.
    virtual void receive(std::uint32_t to, ticklab::nanoseconds now, std::vector<net_message>& out) = 0;

protected:
    message_link() = default;
    message_link(const message_link&) = default;
    message_link& operator=(const message_link&) = default;
    message_link(message_link&&) = default;
    message_link& operator=(message_link&&) = default;
};

}  // namespace ticklab::game

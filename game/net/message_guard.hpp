#pragma once
// What a received net_message may claim, judged from what this side has sent: the other peer can
// acknowledge only inputs and hashes it was sent, and no run of ticks may wrap past 2^64. A
// message that claims more is a lie (or a forgery with the right game id and address) and is
// dropped before the peer sees it: a peer trusts an acknowledgement to index its own logs, and an
// acknowledgement of tick 2^64 - 1 would make it ask for tick 0.
//
// Usage:
//   message_guard guard{input_delay};        // ticks 1..input_delay are known to both sides
//   guard.sent(message);                      // every message this side sends
//   if (guard.believable(received)) ...       // else drop it and count it

#include "net/net_message.hpp"

#include <cstdint>

namespace ticklab::game {

class message_guard {
public:
    explicit message_guard(std::uint64_t known_inputs) noexcept : inputs_through_{known_inputs} {}

    void sent(const net_message& message) noexcept;
    [[nodiscard]] bool believable(const net_message& message) const noexcept;

private:
    std::uint64_t inputs_through_;      // the last tick whose input this side has sent (or both know)
    std::uint64_t hashes_through_ = 0;  // the last tick whose hash this side has sent
};

}  // namespace ticklab::game

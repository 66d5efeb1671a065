#pragma once
// What one peer sends the other, once per frame (also while it waits, so a lost message is sent
// again a frame later rather than never).

#include "sim/tick_input.hpp"

#include <cstdint>
#include <vector>

namespace ticklab::game {

struct net_message {
    // The sender's own inputs: inputs[i] is for tick first_input + i. Every input the receiver has
    // not acknowledged is in every message until it is.
    std::uint64_t first_input = 1;
    std::vector<tick_input> inputs;
    // The sender holds the receiver's inputs for every tick up to this one.
    std::uint64_t input_ack = 0;
    // State hashes of the sender's confirmed ticks: hashes[i] is the hash after tick first_hash + i.
    // Sent in whole blocks of hash_block_ticks, again until acknowledged.
    std::uint64_t first_hash = 1;
    std::vector<std::uint64_t> hashes;
    // The sender holds the receiver's hashes for every tick up to this one.
    std::uint64_t hash_ack = 0;
    // The sender's current tick (predicted ticks included), for display and time sync.
    std::uint64_t tick = 0;
    // Time sync (appended; docs/network.md). Times are ns on the sender's own clock.
    std::int64_t sent_at = 0;    // when this was sent
    std::int64_t echo = -1;      // the newest sent_at the sender has received from the receiver (-1: none yet)
    std::int64_t echo_held = 0;  // how long the sender held that echo before sending this
    double frames_ahead = 0.0;   // the sender's own estimate of how many ticks it runs ahead of the receiver
};

}  // namespace ticklab::game

#include "net/message_guard.hpp"

#include <algorithm>
#include <limits>

namespace ticklab::game {

namespace {

// The last tick of a run of `count` values from `first`, or nothing when it would pass 2^64 - 1.
bool last_of(std::uint64_t first, std::size_t count, std::uint64_t& last) noexcept {
    if (first == 0) return false;  // ticks start at 1
    if (count > 0 && first > std::numeric_limits<std::uint64_t>::max() - (count - 1)) return false;
    last = first + count - 1;  // first - 1 for an empty run
    return true;
}

}  // namespace

void message_guard::sent(const net_message& message) noexcept {
    std::uint64_t last = 0;
    if (last_of(message.first_input, message.inputs.size(), last)) inputs_through_ = std::max(inputs_through_, last);
    if (last_of(message.first_hash, message.hashes.size(), last)) hashes_through_ = std::max(hashes_through_, last);
}

bool message_guard::believable(const net_message& message) const noexcept {
    std::uint64_t last = 0;
    return last_of(message.first_input, message.inputs.size(), last) &&
           last_of(message.first_hash, message.hashes.size(), last) && message.input_ack <= inputs_through_ &&
           message.hash_ack <= hashes_through_;
}

}  // namespace ticklab::game

#pragma once
// A deterministic stand-in for the network between two peers in one process: a queue per
// direction where each message arrives after the latency plus a random jitter, or never (loss).
// The delays and losses come from the seed, with a separate generator per direction, so a run
// repeats exactly whatever the frame rate. No sockets.
//
// Usage:
//   simulated_network net{seed, {.latency_ms = 100, .jitter_ms = 20, .loss_percent = 5}};
//   net.send(0, now, message);          // from peer 0 to peer 1
//   net.receive(1, now, inbox);         // what has reached peer 1 by `now`, in order of arrival

#include "net/message_link.hpp"
#include "net/net_message.hpp"
#include "sim/network_settings.hpp"
#include "sim/random.hpp"

#include <ticklab/time.hpp>

#include <array>
#include <cstdint>
#include <vector>

namespace ticklab::game {

class simulated_network final : public message_link {
public:
    struct direction_stats {
        std::uint64_t sent = 0;
        std::uint64_t lost = 0;
        std::uint64_t delivered = 0;
    };

    // Throws std::invalid_argument for settings outside their ranges (network_settings.hpp).
    simulated_network(std::uint64_t seed, const link_settings& link);

    // From peer `from` (0 or 1) to the other, sent at `now`.
    void send(std::uint32_t from, ticklab::nanoseconds now, net_message message) override;
    // Appends to `out` (after clearing it) every message for peer `to` that has arrived by `now`,
    // earliest arrival first (equal arrivals in the order sent).
    void receive(std::uint32_t to, ticklab::nanoseconds now, std::vector<net_message>& out) override;

    [[nodiscard]] const direction_stats& stats(std::uint32_t from) const { return directions_.at(from).stats; }
    [[nodiscard]] std::size_t in_flight(std::uint32_t from) const { return directions_.at(from).queue.size(); }
    [[nodiscard]] const link_settings& link() const noexcept { return link_; }

private:
    struct in_flight_message {
        ticklab::nanoseconds arrival;
        std::uint64_t order;
        net_message message;
    };
    struct direction {
        random_source rng;
        std::vector<in_flight_message> queue;  // a min-heap by (arrival, order)
        std::uint64_t next_order = 0;
        direction_stats stats;
    };

    link_settings link_;
    ticklab::nanoseconds latency_;
    ticklab::nanoseconds jitter_;
    std::array<direction, 2> directions_;
};

}  // namespace ticklab::game

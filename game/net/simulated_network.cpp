#include "net/simulated_network.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace ticklab::game {

namespace {

ticklab::nanoseconds from_ms(double ms) {
    return ticklab::nanoseconds{std::llround(ms * 1e6)};
}

bool later(const auto& a, const auto& b) {
    return a.arrival != b.arrival ? a.arrival > b.arrival : a.order > b.order;
}

random_source generator_for(std::uint64_t seed, std::uint32_t direction) {
    // Decorrelated from the scenes' generator, which starts from the same seed.
    random_source mix{seed ^ (0x6a09e667f3bcc909ULL * (direction + 1))};
    return random_source{mix.next()};
}

}  // namespace

simulated_network::simulated_network(std::uint64_t seed, const link_settings& link)
    : link_{link},
      latency_{from_ms(link.latency_ms)},
      jitter_{from_ms(link.jitter_ms)},
      directions_{direction{generator_for(seed, 0), {}, 0, {}}, direction{generator_for(seed, 1), {}, 0, {}}} {
    for (const std::string& error :
         {check_latency(link.latency_ms), check_jitter(link.jitter_ms), check_loss(link.loss_percent)}) {
        if (!error.empty()) throw std::invalid_argument(error);
    }
}

void simulated_network::send(std::uint32_t from, ticklab::nanoseconds now, net_message message) {
    direction& d = directions_.at(from);
    ++d.stats.sent;
    // Both numbers are drawn for every message, lost or not, so one loss does not shift the
    // delays of all later messages.
    const bool lost = d.rng.uniform() * 100.0 < link_.loss_percent;
    const double jitter_share = d.rng.uniform();
    if (lost) {
        ++d.stats.lost;
        return;
    }
    const auto extra = ticklab::nanoseconds{std::llround(jitter_share * static_cast<double>(jitter_.count()))};
    d.queue.push_back({.arrival = now + latency_ + extra, .order = d.next_order++, .message = std::move(message)});
    std::push_heap(d.queue.begin(), d.queue.end(), [](const auto& a, const auto& b) { return later(a, b); });
}

void simulated_network::receive(std::uint32_t to, ticklab::nanoseconds now, std::vector<net_message>& out) {
    out.clear();
    direction& d = directions_.at(1 - to);
    const auto heap_order = [](const auto& a, const auto& b) { return later(a, b); };
    while (!d.queue.empty() && d.queue.front().arrival <= now) {
        std::pop_heap(d.queue.begin(), d.queue.end(), heap_order);
        out.push_back(std::move(d.queue.back().message));
        d.queue.pop_back();
        ++d.stats.delivered;
    }
}

}  // namespace ticklab::game

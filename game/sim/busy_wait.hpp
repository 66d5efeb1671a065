#pragma once
// Artificial load for the demo: spins for a span of real time, so a slow tick or frame can be
// shown without touching the simulation.

#include <algorithm>
#include <chrono>

namespace ticklab::game {

inline void busy_wait_ms(double milliseconds) {
    if (!(milliseconds > 0.0)) return;
    const auto until = std::chrono::steady_clock::now() +
                       std::chrono::nanoseconds{static_cast<long long>(std::min(milliseconds, 1000.0) * 1e6)};
    while (std::chrono::steady_clock::now() < until) {
    }
}

}  // namespace ticklab::game

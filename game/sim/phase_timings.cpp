#include "sim/phase_timings.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ticklab::game {

void phase_series::add(double ms) {
    if (!std::isfinite(ms)) return;
    if (ring_.size() < window) {
        ring_.push_back(static_cast<float>(ms));
    } else {
        ring_[next_] = static_cast<float>(ms);
        next_ = (next_ + 1) % window;
    }
    ++count_;
    sum_ += ms;
}

double phase_series::mean_ms() const noexcept {
    return count_ == 0 ? std::numeric_limits<double>::quiet_NaN() : sum_ / static_cast<double>(count_);
}

double phase_series::p99_ms() const {
    if (ring_.empty()) return std::numeric_limits<double>::quiet_NaN();
    std::vector<float> sorted = ring_;
    // Nearest rank: the smallest sample with at least 99% of the samples at or below it.
    const std::size_t rank = static_cast<std::size_t>(std::ceil(0.99 * static_cast<double>(sorted.size())));
    const std::size_t k = std::max<std::size_t>(rank, 1) - 1;
    std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(k), sorted.end());
    return sorted[k];
}

}  // namespace ticklab::game

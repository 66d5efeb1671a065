#include "scenes/lander_terrain.hpp"

#include <algorithm>
#include <cmath>

namespace ticklab::game {

void lander_terrain::generate(random_source& rng, double width) {
    width_ = width;
    // The pad lies in the right half, so every start (on the left) has a real approach.
    pad_first_ = 22 + rng.below(static_cast<std::uint32_t>(points - pad_segments - 1 - 22));
    double h = rng.uniform(10.0, 30.0);
    for (std::size_t i = 0; i < points; ++i) {
        const bool on_pad = i > pad_first_ && i <= pad_first_ + pad_segments;
        if (!on_pad) h = std::clamp(h + rng.uniform(-7.0, 7.0), 4.0, 45.0);
        heights_[i] = h;
    }
}

double lander_terrain::height_at(double x) const noexcept {
    const double u = std::clamp(x / width_, 0.0, 1.0) * (points - 1);
    const auto i = std::min(static_cast<std::size_t>(u), points - 2);
    const double t = u - static_cast<double>(i);
    return heights_[i] + (heights_[i + 1] - heights_[i]) * t;
}

double lander_terrain::highest_between(double x0, double x1) const noexcept {
    const double low = std::min(x0, x1);
    const double high = std::max(x0, x1);
    double best = std::max(height_at(low), height_at(high));
    for (std::size_t i = 0; i < points; ++i) {
        if (x_of(i) > low && x_of(i) < high) best = std::max(best, heights_[i]);
    }
    return best;
}

}  // namespace ticklab::game

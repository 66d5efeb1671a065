#pragma once
// The lander's ground: a polyline across the world with one flat landing pad, made from a seed.

#include "sim/random.hpp"

#include <array>
#include <cstddef>

namespace ticklab::game {

class lander_terrain {
public:
    static constexpr std::size_t points = 41;  // 40 segments
    static constexpr std::size_t pad_segments = 4;

    // width in metres; heights are drawn from `rng`.
    void generate(random_source& rng, double width);

    // Ground height (m) at x, linear between points; flat outside the world.
    [[nodiscard]] double height_at(double x) const noexcept;
    // Highest ground between two x positions (either order), for the autopilot's clearance.
    [[nodiscard]] double highest_between(double x0, double x1) const noexcept;

    [[nodiscard]] double pad_left() const noexcept { return x_of(pad_first_); }
    [[nodiscard]] double pad_right() const noexcept { return x_of(pad_first_ + pad_segments); }
    [[nodiscard]] double pad_center() const noexcept { return 0.5 * (pad_left() + pad_right()); }
    [[nodiscard]] double pad_height() const noexcept { return heights_[pad_first_]; }
    [[nodiscard]] double x_of(std::size_t i) const noexcept { return width_ * static_cast<double>(i) / (points - 1); }
    [[nodiscard]] const std::array<double, points>& heights() const noexcept { return heights_; }
    [[nodiscard]] std::size_t pad_first() const noexcept { return pad_first_; }

private:
    double width_ = 240.0;
    std::array<double, points> heights_{};
    std::size_t pad_first_ = 0;
};

}  // namespace ticklab::game

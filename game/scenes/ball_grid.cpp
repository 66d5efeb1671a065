#include "scenes/ball_grid.hpp"

#include <algorithm>
#include <cmath>

namespace ticklab::game {

void ball_grid::rebuild(std::span<const double> x, std::span<const double> y, double width, double height,
                        double max_radius) {
    const std::size_t count = x.size();
    // At least a diameter, and large enough that there are not many more cells than balls.
    const double by_count = std::sqrt(width * height / static_cast<double>(std::max<std::size_t>(count, 64)));
    const double size = std::max(2.0 * max_radius, by_count);
    columns_ = static_cast<std::uint32_t>(std::clamp(std::floor(width / size), 1.0, 4096.0));
    rows_ = static_cast<std::uint32_t>(std::clamp(std::floor(height / size), 1.0, 4096.0));
    to_column_ = columns_ / width;
    to_row_ = rows_ / height;
    const std::size_t cells = static_cast<std::size_t>(columns_) * rows_;

    start_.assign(cells + 1, 0);
    cell_of_.resize(count);
    sorted_.resize(count);
    // Cells first, in a loop of their own (no stores to the counts in it): measured faster.
    for (std::size_t i = 0; i < count; ++i) cell_of_[i] = cell_at(x[i], y[i]);
    for (std::size_t i = 0; i < count; ++i) ++start_[cell_of_[i] + 1];
    for (std::size_t c = 0; c < cells; ++c) start_[c + 1] += start_[c];
    // Fill each cell from its end, walking balls backwards, so indices stay ascending within a
    // cell. Afterwards start_[c + 1] has moved down to the first entry of cell c: shift it back.
    for (std::size_t i = count; i-- > 0;) sorted_[--start_[cell_of_[i] + 1]] = static_cast<std::uint32_t>(i);
    for (std::size_t c = 0; c < cells; ++c) start_[c] = start_[c + 1];
    start_[cells] = static_cast<std::uint32_t>(count);
}

std::uint32_t ball_grid::cell_at(double x, double y) const noexcept {
    // Centres are inside the box (an invariant of the scene); the clamp guards the edges. Both
    // clamped values lie in [0, 4095], so converting to int gives what converting to unsigned would,
    // in fewer instructions.
    const auto column = static_cast<std::int32_t>(std::clamp(x * to_column_, 0.0, columns_ - 1.0));
    const auto row = static_cast<std::int32_t>(std::clamp(y * to_row_, 0.0, rows_ - 1.0));
    return static_cast<std::uint32_t>(row) * columns_ + static_cast<std::uint32_t>(column);
}

}  // namespace ticklab::game

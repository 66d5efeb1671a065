#include "scenes/ball_grid.hpp"

#include <ticklab/worker_pool.hpp>

#include <algorithm>
#include <array>
#include <cmath>

namespace ticklab::game {

void ball_grid::rebuild(std::span<const double> x, std::span<const double> y, double width, double height,
                        double max_radius, ticklab::worker_pool* pool) {
    const std::uint32_t columns = columns_;
    const std::uint32_t rows = rows_;
    size_cells(x.size(), width, height, max_radius);
    const bool same_cells = sorted_once_ && columns == columns_ && rows == rows_ && sorted_.size() == x.size();
    // The sort is a function of cell_of_ alone: when no ball changed cell (a resting pile, between
    // two of the scene's reorderings), the last one's result stands.
    if (!find_cells(x, y, pool) && same_cells) return;
    sort_by_cell();
    sorted_once_ = true;
}

void ball_grid::size_cells(std::size_t count, double width, double height, double max_radius) {
    // At least a diameter, and large enough that there are not many more cells than balls.
    const double by_count = std::sqrt(width * height / static_cast<double>(std::max<std::size_t>(count, 64)));
    const double size = std::max(2.0 * max_radius, by_count);
    columns_ = static_cast<std::uint32_t>(std::clamp(std::floor(width / size), 1.0, 4096.0));
    rows_ = static_cast<std::uint32_t>(std::clamp(std::floor(height / size), 1.0, 4096.0));
    to_column_ = columns_ / width;
    to_row_ = rows_ / height;
}

bool ball_grid::find_cells(std::span<const double> x, std::span<const double> y, ticklab::worker_pool* pool) {
    const std::size_t count = x.size();
    cell_of_.resize(count);
    // Below this the hand-off costs more than the split saves (BENCHMARKS.md, ball_grid_rebuild/N/T).
    constexpr std::size_t min_balls_to_split = 20'000;
    const bool split = pool != nullptr && pool->size() > 1 && count >= min_balls_to_split;
    const unsigned workers = split ? pool->size() : 1;
    std::array<std::uint8_t, ticklab::max_worker_threads> changed{};
    auto slice = [&](unsigned worker, unsigned of) {
        std::uint8_t moved = 0;
        for (std::size_t i = count * worker / of; i < count * (worker + 1) / of; ++i) {
            const std::uint32_t cell = cell_at(x[i], y[i]);
            moved |= static_cast<std::uint8_t>(cell != cell_of_[i]);
            cell_of_[i] = cell;
        }
        changed[worker] = moved;
    };
    if (split) {
        pool->run(slice);
    } else {
        slice(0, 1);
    }
    return std::any_of(changed.begin(), changed.begin() + workers, [](std::uint8_t c) { return c != 0; });
}

void ball_grid::sort_by_cell() {
    const std::size_t count = cell_of_.size();
    const std::size_t cells = cell_count();
    start_.assign(cells + 1, 0);
    sorted_.resize(count);
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

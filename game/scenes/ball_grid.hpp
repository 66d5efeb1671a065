#pragma once
// Uniform-grid broad phase for the balls: a counting sort of ball indices by cell, rebuilt every
// tick with no allocation once its arrays have grown to the ball count. The sort is skipped when
// no ball changed cell since the last rebuild (a resting pile), as it would give the same result.
//
// Usage: rebuild(), then for each cell visit it and its forward neighbours (right, and the three
// above), so each nearby pair is seen once. Cells are at least one diameter of the largest ball
// wide, so touching balls are always in the same or adjacent cells.

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

namespace ticklab {
class worker_pool;
}

namespace ticklab::game {

class ball_grid {
public:
    // Sizes the grid for `count` balls of radius up to `max_radius` in a width x height box. The
    // cell count is bounded by about the ball count (plus a small floor), never by the box size.
    // `pool` (may be null) finds the balls' cells in slices, one per worker; the result is the same
    // for any pool.
    void rebuild(std::span<const double> x, std::span<const double> y, double width, double height, double max_radius,
                 ticklab::worker_pool* pool = nullptr);

    [[nodiscard]] std::uint32_t columns() const noexcept { return columns_; }
    [[nodiscard]] std::uint32_t rows() const noexcept { return rows_; }
    // Ball indices in cell (column, row).
    [[nodiscard]] std::span<const std::uint32_t> cell(std::uint32_t column, std::uint32_t row) const noexcept {
        const std::size_t c = static_cast<std::size_t>(row) * columns_ + column;
        return {sorted_.data() + start_[c], sorted_.data() + start_[c + 1]};
    }

    [[nodiscard]] std::size_t cell_count() const noexcept { return static_cast<std::size_t>(columns_) * rows_; }
    // The cell ball `i` was sorted into by the last rebuild (row * columns + column).
    [[nodiscard]] std::uint32_t cell_of(std::size_t i) const noexcept { return cell_of_[i]; }
    // The cell a point falls in, clamped to the grid (any finite point; the box's edges included).
    [[nodiscard]] std::uint32_t cell_at(double x, double y) const noexcept;

    // Calls visit(c) for the cells of the 3 x 3 block around `cell` that exist: everything that can
    // touch a ball in `cell`, since cells are a diameter wide.
    template <typename Visit>
    void for_each_around(std::uint32_t cell, Visit&& visit) const {
        const std::uint32_t column = cell % columns_;
        const std::uint32_t row = cell / columns_;
        for (std::uint32_t r = row == 0 ? 0 : row - 1; r <= std::min(row + 1, rows_ - 1); ++r) {
            for (std::uint32_t c = column == 0 ? 0 : column - 1; c <= std::min(column + 1, columns_ - 1); ++c) {
                visit(r * columns_ + c);
            }
        }
    }

    // Calls visit(column, row) for the forward neighbours of cell (column, row) that exist, in this
    // order: right, then above-left, above, above-right. With the cell itself they hold every ball
    // that can touch one of its balls and comes later in the grid's order.
    template <typename Visit>
    void for_each_ahead(std::uint32_t column, std::uint32_t row, Visit&& visit) const {
        if (column + 1 < columns_) visit(column + 1, row);
        if (row + 1 == rows_) return;
        if (column > 0) visit(column - 1, row + 1);
        visit(column, row + 1);
        if (column + 1 < columns_) visit(column + 1, row + 1);
    }

    // All ball indices, grouped by cell in row-major cell order (ascending within a cell).
    [[nodiscard]] std::span<const std::uint32_t> order() const noexcept { return sorted_; }

private:
    void size_cells(std::size_t count, double width, double height, double max_radius);
    // cell_of_ for every ball; whether any ball's cell differs from the last call's.
    bool find_cells(std::span<const double> x, std::span<const double> y, ticklab::worker_pool* pool);
    void sort_by_cell();

    std::uint32_t columns_ = 1;
    std::uint32_t rows_ = 1;
    double to_column_ = 1.0;  // cells per world unit
    double to_row_ = 1.0;
    std::vector<std::uint32_t> start_;    // cells + 1 entries: cell c holds sorted_[start_[c], start_[c+1])
    std::vector<std::uint32_t> cell_of_;  // per ball
    std::vector<std::uint32_t> sorted_;   // ball indices grouped by cell
    bool sorted_once_ = false;            // sorted_ and start_ hold the sort of cell_of_
};

}  // namespace ticklab::game

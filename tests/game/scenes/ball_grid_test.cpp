// ball_grid: every ball once, in the cell its centre falls in, cells in row-major order and each
// cell's balls in ascending index order: the contact pass visits pairs in this order, so it is part
// of the balls' state_hash.
#include "scenes/ball_grid.hpp"

#include "sim/random.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

using ticklab::game::ball_grid;

namespace {

struct points {
    std::vector<double> x, y;
};

// `count` centres in a width x height box, some of them piled into one corner (full cells next to
// empty ones) and some on the box's edges.
points scatter(std::size_t count, double width, double height) {
    ticklab::game::random_source rng{7};
    points p;
    for (std::size_t i = 0; i < count; ++i) {
        const bool corner = i % 3 == 0;
        p.x.push_back(i % 97 == 0 ? width : rng.uniform(0.0, corner ? 0.1 * width : width));
        p.y.push_back(i % 89 == 0 ? 0.0 : rng.uniform(0.0, corner ? 0.1 * height : height));
    }
    return p;
}

}  // namespace

TEST(BallGrid, EachCellHoldsItsBallsInAscendingOrder) {
    const points p = scatter(5000, 160.0, 90.0);
    ball_grid grid;
    grid.rebuild(p.x, p.y, 160.0, 90.0, 0.5);
    ASSERT_EQ(grid.order().size(), p.x.size());
    std::vector<int> seen(p.x.size(), 0);
    for (std::uint32_t row = 0; row < grid.rows(); ++row) {
        for (std::uint32_t column = 0; column < grid.columns(); ++column) {
            const auto cell = grid.cell(column, row);
            for (std::size_t k = 0; k < cell.size(); ++k) {
                const std::uint32_t i = cell[k];
                ++seen[i];
                EXPECT_EQ(grid.cell_of(i), row * grid.columns() + column);
                EXPECT_EQ(grid.cell_at(p.x[i], p.y[i]), grid.cell_of(i));
                if (k > 0) {
                    EXPECT_LT(cell[k - 1], i) << "cell " << column << ", " << row;
                }
            }
        }
    }
    for (std::size_t i = 0; i < seen.size(); ++i) EXPECT_EQ(seen[i], 1) << "ball " << i;
}

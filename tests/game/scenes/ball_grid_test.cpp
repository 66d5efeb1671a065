// ball_grid: every ball once, in the cell its centre falls in, cells in row-major order and each
// cell's balls in ascending index order: the contact pass visits pairs in this order, so it is part
// of the balls' state_hash.
#include "scenes/ball_grid.hpp"

#include "sim/random.hpp"

#include <ticklab/worker_pool.hpp>

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

// Every cell's list of `grid`, cell by cell, with each cell's length: equal for two grids that sort
// the same balls the same way.
std::vector<std::uint32_t> cells_of(const ball_grid& grid) {
    std::vector<std::uint32_t> lists;
    for (std::uint32_t row = 0; row < grid.rows(); ++row) {
        for (std::uint32_t column = 0; column < grid.columns(); ++column) {
            const auto cell = grid.cell(column, row);
            lists.push_back(static_cast<std::uint32_t>(cell.size()));
            lists.insert(lists.end(), cell.begin(), cell.end());
        }
    }
    return lists;
}

// `grid` rebuilt from `p` against a grid that never saw a rebuild before.
void expect_as_new(const ball_grid& grid, const points& p, const char* after) {
    ball_grid fresh;
    fresh.rebuild(p.x, p.y, 160.0, 90.0, 0.5);
    EXPECT_EQ(cells_of(grid), cells_of(fresh)) << after;
    for (std::size_t i = 0; i < p.x.size(); ++i) ASSERT_EQ(grid.cell_of(i), fresh.cell_of(i)) << after;
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

// rebuild() keeps the last sort when no ball changed cell: every way the balls can change under it
// must still show, whatever pool finds the cells.
TEST(BallGrid, ARebuildShowsEveryMoveAsAFreshGridWould) {
    for (const unsigned threads : {1u, 2u}) {
        SCOPED_TRACE(threads);
        ticklab::worker_pool& pool = ticklab::shared_worker_pool(threads);
        points p = scatter(30'000, 160.0, 90.0);
        ball_grid grid;
        grid.rebuild(p.x, p.y, 160.0, 90.0, 0.5, &pool);
        expect_as_new(grid, p, "the first rebuild");
        grid.rebuild(p.x, p.y, 160.0, 90.0, 0.5, &pool);
        expect_as_new(grid, p, "no ball moved");
        p.x[29'999] = p.x[29'999] < 80.0 ? 150.0 : 10.0;  // the last ball, into another cell
        ASSERT_NE(grid.cell_at(p.x[29'999], p.y[29'999]), grid.cell_of(29'999));
        grid.rebuild(p.x, p.y, 160.0, 90.0, 0.5, &pool);
        expect_as_new(grid, p, "one ball moved");
        // Two balls in different cells trade places: the same balls per cell by count, other indices.
        std::swap(p.x[1], p.x[2]);
        std::swap(p.y[1], p.y[2]);
        ASSERT_NE(grid.cell_at(p.x[1], p.y[1]), grid.cell_at(p.x[2], p.y[2]));
        grid.rebuild(p.x, p.y, 160.0, 90.0, 0.5, &pool);
        expect_as_new(grid, p, "two balls swapped");
        p.x.pop_back();  // one ball fewer
        p.y.pop_back();
        grid.rebuild(p.x, p.y, 160.0, 90.0, 0.5, &pool);
        expect_as_new(grid, p, "one ball fewer");
    }
}

// The balls' contact pass: per block of columns, find the overlapping pairs through the grid and
// respond to them (collide), then push the block's pairs apart once more (relax_block).
//
// Gauss-Seidel: each contact sees the positions the contacts before it left, so the order of
// contacts is part of the result. It is column_blocks': the even blocks of columns, then the odd
// ones; in a block, rows bottom to top, cells left to right, and within a cell its balls in index
// order, each against the rest of its cell and the forward neighbours; then the block's pairs again,
// in the order found. Blocks that run at the same time share no ball (column_blocks.hpp), so they
// run on any number of threads with the same result bit for bit.
#include "scenes/balls_scene.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ticklab::game {

namespace {

// An overfull cell (only when the box is packed far beyond its area) resolves each ball against
// at most this many others per cell, so a tick stays O(n) even then.
constexpr std::size_t max_partners_per_cell = 64;
// Extra position passes over the tick's contacts, under gravity. With shock_share below, one pass
// holds a pile up better than two did at the old share (0.55), for a third less contact work: see
// shock_share's figures. Replay version 7 (replay_file.hpp) was this change.
constexpr int relax_passes = 1;
// Coulomb friction between balls (tangential impulse <= mu x normal impulse). Without it, a ball
// resting off-centre on two others turns the tick's gravity into sideways speed that the position
// pushes never take back: the pile boils instead of coming to rest.
constexpr double friction = 1.0;
// How much of a vertical push the lower ball of a pair is spared (see separate): 0 splits by mass,
// 1 lifts the upper ball alone. Measured from reset at 60 Hz with one relax pass (mean centre height
// at rest; mean overlap of touching pairs as a share of their radii; the tick the last ball slept):
// at 100,000 balls 0.65 stands at 15.7 (overlap 13.8%), 0.75 at 16.8 (9.7%, all asleep by tick
// 420), 0.85 at 17.8 but with balls still hopping at tick 420. Two passes at 0.55 stood at 15.3
// (15.6%). At 300, 2,000 and 10,000 balls 0.75 stands as high as that or higher, with no more
// overlap, and sleeps as soon.
constexpr double shock_share = 0.75;
// A sleeper hit faster than this wakes at once (slower touches treat it as a fixed obstacle).
constexpr double wake_impact_speed = 2.0 * balls_config::sleep_speed;  // world units / s

}  // namespace

balls_scene::contact_gap balls_scene::gap_of(double dx, double dy, double d2) noexcept {
    const double d = std::sqrt(d2);
    // Coincident centres: a tiny gap along +x, so the pair still parts, the same way every time.
    if (d <= 1e-9) return {1e-9, 0.0, 1e-9};
    return {dx, dy, d};
}

// The line of centres is never normalised on its own: with n = (dx, dy) / d, every formula below
// is multiplied through by d (or d^2): one division per push, where normalising took two more.
// Inlined into its two callers, collide and relax_pair (GCC called it out of line).
[[gnu::always_inline]] inline void balls_scene::separate(std::uint32_t i, std::uint32_t j, const contact_gap& g) noexcept {
    const double d = g.distance;
    const double wi = asleep_[i] ? 0.0 : inv_mass_[i];
    const double wj = asleep_[j] ? 0.0 : inv_mass_[j];
    // Each ball's share of the push, times d. Under gravity the lower ball of a pair rests on what
    // is below it, so the upper one gives way more (partial shock propagation): with the grid's
    // bottom-up order a pile settles in a few passes instead of sinking into itself. Full
    // propagation (the lower ball fixed) made piles grow towers: every sideways jostle was
    // resolved by lifting the upper ball, for free. Side by side (dy = 0) the masses share as
    // usual. Positions only: velocities (collide) use true masses, so no momentum or energy is made.
    double share_i = wi * d;
    double share_j = wj * d;
    if (config_.gravity_on) {
        const double lower = d - shock_share * std::abs(g.dy);
        if (g.dy > 0.0) {
            share_i = wi * lower;
        } else {
            share_j = wj * lower;
        }
    }
    const double shares = share_i + share_j;
    if (shares == 0.0) return;
    // Ball i moves -n push w_i' with push = overlap / (w_i' + w_j') and w' = share / d.
    const double t = (radius_[i] + radius_[j] - d) / (d * shares);
    x_[i] -= g.dx * t * share_i;
    y_[i] -= g.dy * t * share_i;
    x_[j] += g.dx * t * share_j;
    y_[j] += g.dy * t * share_j;
    // The walls win at once: a ball pushed into the floor comes straight back.
    if (wi > 0.0) keep_in_box(i);
    if (wj > 0.0) keep_in_box(j);
}

void balls_scene::wake_hit(std::uint32_t i, worker_tally& tally) noexcept {
    still_ticks_[i] = 0;
    if (!asleep_[i]) return;
    asleep_[i] = 0;
    ++tally.woken;
    if (count_rows_awake_) ++awake_in_row_[grid_.cell_of(i) / grid_.columns()];
}

void balls_scene::collide(std::uint32_t i, std::uint32_t j, double dx, double dy, double d2, contact_list& found,
                          worker_tally& tally) noexcept {
    const contact_gap g = gap_of(dx, dy, d2);
    // The approach speed times d (negative: closing): (v_j - v_i) . n d.
    const auto approach_d = [&] { return (vx_[j] - vx_[i]) * g.dx + (vy_[j] - vy_[i]) * g.dy; };
    // A hard hit wakes a sleeper, which then takes its share of the push and impulse.
    if (approach_d() < -wake_impact_speed * g.distance) {
        wake_hit(i, tally);
        wake_hit(j, tally);
    }
    if (config_.gravity_on) found.push_back({i, j});  // only piles need the extra passes
    separate(i, j, g);
    // After the push: a wall it met may have turned a velocity around.
    const double approach = approach_d();
    // Impulse only while approaching; with e <= 1 and true masses it never adds kinetic energy. A
    // slow contact (resting, in a pile) does not bounce.
    if (approach >= 0.0) return;
    const double wi = asleep_[i] ? 0.0 : inv_mass_[i];
    const double wj = asleep_[j] ? 0.0 : inv_mass_[j];
    if (wi + wj == 0.0) return;
    const bool resting = approach > -resting_speed_ * g.distance;
    const double e = resting ? 0.0 : config_.restitution;
    // Impulses divided by d, so that times (dx, dy) they give the impulse's components.
    const double k = 1.0 / (g.distance * g.distance * (wi + wj));
    const double normal = -(1.0 + e) * approach * k;
    // Friction (Coulomb), under gravity only, so a gas without gravity keeps its energy: the
    // tangential impulse stops sliding but never exceeds mu times the normal one.
    double tangential = 0.0;
    if (config_.gravity_on) {
        const double slide = (vy_[j] - vy_[i]) * g.dx - (vx_[j] - vx_[i]) * g.dy;  // sliding speed times d
        const double limit = friction * normal;
        tangential = std::clamp(-slide * k, -limit, limit);
    }
    const double px = normal * g.dx - tangential * g.dy;
    const double py = normal * g.dy + tangential * g.dx;
    vx_[i] -= px * wi;
    vy_[i] -= py * wi;
    vx_[j] += px * wj;
    vy_[j] += py * wj;
}

void balls_scene::resolve_collisions() {
    rebuild_grid();
    const std::uint32_t rows = grid_.rows();
    const std::uint32_t columns = grid_.columns();
    if (block_contacts_.size() < column_blocks::count(columns)) block_contacts_.resize(column_blocks::count(columns));
    // While some balls sleep, a cell with no awake ball needs no test against another such cell.
    const bool some_asleep = sleeping_ > 0;
    if (some_asleep) {
        awake_in_cell_.assign(grid_.cell_count(), 0);
        for (std::size_t i = 0; i < x_.size(); ++i) awake_in_cell_[grid_.cell_of(i)] += asleep_[i] ? 0 : 1;
    }
    // A cell whose balls and forward neighbours all slept at the start of the pass has no pair to
    // test (find_contacts_in_cell<true> would skip every one), unless a hard hit earlier in the
    // pass woke one of its balls: in a resting pile that is nearly every cell, and skipping it
    // here is cheaper than skipping ball by ball.
    const auto all_asleep_ahead = [&](std::uint32_t row, std::uint32_t column) {
        const auto awake_in = [&](std::uint32_t c, std::uint32_t r) {
            return awake_in_cell_[static_cast<std::size_t>(r) * columns + c];
        };
        std::uint32_t awake = awake_in(column, row);
        grid_.for_each_ahead(column, row, [&](std::uint32_t c, std::uint32_t r) { awake += awake_in(c, r); });
        if (awake != 0) return false;
        const auto here = grid_.cell(column, row);
        return std::all_of(here.begin(), here.end(), [&](std::uint32_t i) { return asleep_[i] != 0; });
    };
    const auto visit = [&](std::uint32_t row, std::uint32_t column, contact_list& found, unsigned worker) {
        // An empty cell has no ball to test: the upper half of the box during a landing.
        if (grid_.cell(column, row).empty()) return;
        // No sleeper: the sleep tests compile away (they cost a gas of balls about 1.4x).
        if (some_asleep) {
            if (!all_asleep_ahead(row, column)) find_contacts_in_cell<true>(row, column, found, tallies_[worker]);
        } else {
            find_contacts_in_cell<false>(row, column, found, tallies_[worker]);
        }
    };
    // Every block in column_blocks' order: its pair list cleared, then its cells row by row,
    // leaving out the rows skip_row names, then its pairs relaxed.
    const auto sweep = [&](ticklab::worker_pool& used, auto skip_row) {
        column_blocks::run(used, columns, [&](std::uint32_t block, unsigned worker) {
            contact_list& found = block_contacts_[block].pairs;
            found.clear();
            const std::uint32_t last = column_blocks::end(block, columns);
            for (std::uint32_t r = 0; r < rows; ++r) {
                if (skip_row(r)) continue;
                for (std::uint32_t c = column_blocks::first(block); c < last; ++c) visit(r, c, found, worker);
            }
            if (config_.gravity_on) relax_block(found);
        });
    };
    // Few balls awake (a pile at rest, a wave falling onto it): one thread that skips the sleeping
    // rows beats two that hand every cell over: a resting tick on two threads cost more than on one
    // (BENCHMARKS.md, issue 27's fifth round). Either way gives the same result bit for bit.
    const std::size_t awake = x_.size() - sleeping_;
    const bool alone =
        some_asleep && (pool().size() == 1 || (config_.resting_pass_alone && awake * 8 < grid_.cell_count()));
    if (alone) {
        // A row whose balls and the next row's are all asleep now holds no pair to test: every one
        // of its cells would be skipped (all_asleep_ahead), and in a resting pile that is nearly
        // every row (visiting its cells one by one was a third of a resting 100,000-ball tick).
        // The counts are the pass's start counts plus every ball woken since (wake_hit), so a ball
        // woken in the row below still has its row visited. Only on one thread: wake_hit's counts
        // are not shared between workers.
        count_awake_rows();
        count_rows_awake_ = true;
        sweep(pool_of_one(),
              [&](std::uint32_t r) { return awake_in_row_[r] == 0 && (r + 1 == rows || awake_in_row_[r + 1] == 0); });
        count_rows_awake_ = false;
    } else {
        sweep(pool(), [](std::uint32_t) { return false; });
    }
    sum_tallies();
}

void balls_scene::count_awake_rows() {
    const std::uint32_t rows = grid_.rows();
    const std::uint32_t columns = grid_.columns();
    awake_in_row_.assign(rows, 0);
    for (std::uint32_t r = 0; r < rows; ++r) {
        const auto* first = awake_in_cell_.data() + static_cast<std::size_t>(r) * columns;
        awake_in_row_[r] = std::accumulate(first, first + columns, std::uint32_t{0});
    }
}

template <bool some_asleep>
void balls_scene::find_contacts_in_cell(std::uint32_t row, std::uint32_t column, contact_list& found,
                                        worker_tally& tally) {
    const std::uint8_t* asleep = asleep_.data();
    const double* x = x_.data();
    const double* y = y_.data();
    const double* radius = radius_.data();
    const std::uint32_t columns = grid_.columns();
    const std::uint32_t rows = grid_.rows();
    const auto here = grid_.cell(column, row);
    for (std::size_t a = 0; a < here.size(); ++a) {
        const std::uint32_t i = here[a];
        // Most candidates are misses: test them inline against ball i's cached position and call
        // the contact response only for a hit (profiling: the call per candidate, not the
        // response, was most of a tick). Reload after a hit, since the response moves ball i.
        double xi = x[i];
        double yi = y[i];
        const double ri = radius[i];
        const bool i_asleep = some_asleep && asleep[i] != 0;
        const auto test = [&](const std::uint32_t* first, const std::uint32_t* last) {
            for (; first != last; ++first) {
                const std::uint32_t j = *first;
                const double dx = x[j] - xi;
                const double dy = y[j] - yi;
                const double reach = ri + radius[j];
                const double d2 = dx * dx + dy * dy;
                if (d2 >= reach * reach || (i_asleep && asleep[j])) continue;
                collide(i, j, dx, dy, d2, found, tally);
                xi = x[i];
                yi = y[i];
            }
        };
        if (!i_asleep) {
            // Cells of one row are consecutive in the grid's order, so the forward neighbours are
            // two runs: the rest of this cell plus the cell to the right, and the three cells
            // above. Two loops instead of five: in a gas most cells hold a ball or two, and each
            // loop's exit was a mispredicted branch. Same pairs, same order; a run long enough for
            // the per-cell cap to matter takes the path below, and so does a sleeper, which skips
            // the cells where every ball sleeps.
            const std::uint32_t* same_first = here.data() + a + 1;
            const auto right = grid_.cell(column + 1 < columns ? column + 1 : column, row);
            const std::uint32_t* same_last = right.data() + right.size();
            const std::uint32_t* above_first = same_last;
            const std::uint32_t* above_last = same_last;
            if (row + 1 < rows) {
                above_first = grid_.cell(column > 0 ? column - 1 : column, row + 1).data();
                const auto upper_right = grid_.cell(column + 1 < columns ? column + 1 : column, row + 1);
                above_last = upper_right.data() + upper_right.size();
            }
            if (same_last - same_first <= static_cast<std::ptrdiff_t>(max_partners_per_cell) &&
                above_last - above_first <= static_cast<std::ptrdiff_t>(max_partners_per_cell)) {
                test(same_first, same_last);
                test(above_first, above_last);
                continue;
            }
        }
        if (!i_asleep || awake_in_cell_[static_cast<std::size_t>(row) * columns + column] > 0) {
            const std::size_t own_end = std::min(here.size(), a + 1 + max_partners_per_cell);
            test(here.data() + a + 1, here.data() + own_end);
        }
        grid_.for_each_ahead(column, row, [&](std::uint32_t c, std::uint32_t r) {
            if (i_asleep && awake_in_cell_[static_cast<std::size_t>(r) * columns + c] == 0) return;
            const auto there = grid_.cell(c, r);
            const std::size_t end = std::min(there.size(), max_partners_per_cell);
            test(there.data(), there.data() + end);
        });
    }
}

void balls_scene::relax_pair(std::uint32_t i, std::uint32_t j) noexcept {
    const double dx = x_[j] - x_[i];
    const double dy = y_[j] - y_[i];
    const double reach = radius_[i] + radius_[j];
    const double d2 = dx * dx + dy * dy;
    if (d2 < reach * reach) separate(i, j, gap_of(dx, dy, d2));
}

// Right after the block's contacts were found, while its balls are still in cache: as separate
// passes over every block after the contact pass, these were a quarter of a landing tick and the
// balls' whole arrays went through the cache twice more (BENCHMARKS.md, issue 27's tenth round).
void balls_scene::relax_block(const contact_list& pairs) noexcept {
    for (int pass = 0; pass < relax_passes; ++pass)
        for (const auto [i, j] : pairs) relax_pair(i, j);
}

}  // namespace ticklab::game

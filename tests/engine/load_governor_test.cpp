#include <ticklab/load_governor.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

using namespace std::chrono_literals;
using ticklab::load_governor;
using ticklab::nanoseconds;

namespace {

// A frame whose cost is `fixed` plus `scalable` x the level, on a 16 ms budget.
struct workload {
    nanoseconds fixed;
    nanoseconds scalable;
    [[nodiscard]] nanoseconds at(double level) const {
        return fixed +
               nanoseconds{static_cast<std::int64_t>(std::llround(static_cast<double>(scalable.count()) * level))};
    }
};

constexpr nanoseconds budget = 16ms;

struct run_result {
    std::vector<double> levels;
    std::vector<double> idles;
    int reversals = 0;  // times the level changed direction
};

run_result run(load_governor& governor, const std::vector<std::pair<int, workload>>& phases) {
    run_result out;
    int last_direction = 0;
    for (const auto& [frames, load] : phases) {
        for (int i = 0; i < frames; ++i) {
            const double before = governor.level();
            governor.update(load.at(before), budget);
            out.idles.push_back(governor.last_idle());
            out.levels.push_back(governor.level());
            const int direction = governor.level() > before ? 1 : governor.level() < before ? -1 : 0;
            if (direction != 0) {
                if (last_direction != 0 && direction != last_direction) ++out.reversals;
                last_direction = direction;
            }
        }
    }
    return out;
}

}  // namespace

TEST(LoadGovernor, StepsDownFromAnOverloadIntoTheIdleBandAndHolds) {
    load_governor governor;
    const run_result r = run(governor, {{200, {.fixed = 2ms, .scalable = 24ms}}});  // 162 % of the budget at level 1
    const double idle = 1.0 - static_cast<double>(workload{2ms, 24ms}.at(r.levels.back()).count()) / 16e6;
    EXPECT_GE(idle, 0.05);
    EXPECT_LE(idle, 0.10);
    EXPECT_EQ(r.reversals, 0) << "straight down, no overshoot";
    for (std::size_t i = 1; i < r.levels.size(); ++i) {
        EXPECT_LE(std::abs(r.levels[i] - r.levels[i - 1]), 0.05 + 1e-12) << "small steps only, frame " << i;
    }
    EXPECT_EQ(r.levels.back(), r.levels[r.levels.size() - 50]) << "settled: it holds";
}

TEST(LoadGovernor, ALoadThatChangesIsFollowedWithoutOscillating) {
    load_governor governor{{.initial_level = 0.5}};
    // Light, then heavy, then light again, then a slow ramp up: the governor follows each change
    // and settles; it never swings back and forth.
    std::vector<std::pair<int, workload>> phases{
        {150, {.fixed = 1ms, .scalable = 10ms}},  // under-used even at level 1
        {150, {.fixed = 3ms, .scalable = 30ms}},
        {150, {.fixed = 2ms, .scalable = 16ms}},
    };
    for (int step = 0; step < 20; ++step)
        phases.push_back({10, {.fixed = 2ms, .scalable = nanoseconds{16ms} + step * 1ms}});
    const run_result r = run(governor, phases);
    EXPECT_EQ(r.reversals, 3) << "one reversal per change of direction in the load: up, down, up, down";
    // After each phase had time to settle, idle is in the band (or the level is at a bound).
    EXPECT_DOUBLE_EQ(r.levels[149], 1.0) << "light load: the level climbs to its maximum";
    EXPECT_GE(r.idles[299], 0.05);
    EXPECT_LE(r.idles[299], 0.10);
    EXPECT_GE(r.idles[449], 0.05);
    EXPECT_LE(r.idles[449], 0.10);
    EXPECT_GE(r.idles.back(), 0.05);
    EXPECT_LE(r.idles.back(), 0.10);
}

TEST(LoadGovernor, StaysWithinItsLevels) {
    load_governor governor{{.min_level = 0.2, .max_level = 0.8, .initial_level = 0.5}};
    run(governor, {{100, {.fixed = 20ms, .scalable = 10ms}}});  // over budget whatever the level
    EXPECT_DOUBLE_EQ(governor.level(), 0.2);
    run(governor, {{100, {.fixed = 0ms, .scalable = 1ms}}});
    EXPECT_DOUBLE_EQ(governor.level(), 0.8);
}

TEST(LoadGovernor, RefusesBadSettings) {
    EXPECT_THROW(load_governor({.idle_low = 0.2, .idle_high = 0.1}), std::invalid_argument);
    EXPECT_THROW(load_governor({.max_step = 0.0}), std::invalid_argument);
    EXPECT_THROW(load_governor({.min_level = 0.0}), std::invalid_argument);
    EXPECT_THROW(load_governor({.initial_level = 2.0}), std::invalid_argument);
    EXPECT_FALSE(ticklab::check_load_governor({.idle_high = std::nan("")}).empty());
    EXPECT_TRUE(ticklab::check_load_governor({}).empty());
    load_governor governor;
    EXPECT_THROW(governor.update(1ms, 0ms), std::invalid_argument);
}

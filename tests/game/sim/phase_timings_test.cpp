#include "sim/phase_timings.hpp"

#include <gtest/gtest.h>

#include <cmath>

using ticklab::game::phase_series;

TEST(PhaseTimings, EmptySeriesHasNoMeanOrPercentile) {
    const phase_series s;
    EXPECT_TRUE(std::isnan(s.mean_ms()));
    EXPECT_TRUE(std::isnan(s.p99_ms()));
}

TEST(PhaseTimings, MeanAndNearestRankP99) {
    phase_series s;
    for (int i = 1; i <= 100; ++i) s.add(static_cast<double>(i));
    EXPECT_DOUBLE_EQ(s.mean_ms(), 50.5);
    EXPECT_DOUBLE_EQ(s.p99_ms(), 99.0);  // 99 of 100 samples are <= 99
    EXPECT_EQ(s.count(), 100u);
}

TEST(PhaseTimings, PercentileCoversOnlyTheLastWindowOfSamples) {
    phase_series s;
    for (std::size_t i = 0; i < phase_series::window; ++i) s.add(1000.0);
    for (std::size_t i = 0; i < phase_series::window; ++i) s.add(1.0);
    EXPECT_DOUBLE_EQ(s.p99_ms(), 1.0);
    EXPECT_DOUBLE_EQ(s.mean_ms(), 500.5);
}

TEST(PhaseTimings, NonFiniteSamplesAreIgnored) {
    phase_series s;
    s.add(std::nan(""));
    s.add(2.0);
    EXPECT_EQ(s.count(), 1u);
    EXPECT_DOUBLE_EQ(s.mean_ms(), 2.0);
}

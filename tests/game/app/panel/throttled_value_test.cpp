#include "app/panel/throttled_value.hpp"

#include <gtest/gtest.h>

using ticklab::app::throttled_value;

TEST(ThrottledValue, RecomputesOnlyOncePerInterval) {
    throttled_value value{100};
    int computed = 0;
    const auto next = [&] { return static_cast<std::uint64_t>(++computed); };
    EXPECT_EQ(value.get(1000, next), 1u);
    EXPECT_EQ(value.get(1050, next), 1u) << "within the interval: the last value";
    EXPECT_EQ(value.get(1099, next), 1u);
    EXPECT_EQ(value.get(1100, next), 2u) << "the interval passed";
    EXPECT_EQ(computed, 2);
}

TEST(ThrottledValue, FirstReadAndABackwardClockAlwaysCompute) {
    throttled_value value{100};
    int computed = 0;
    const auto next = [&] { return static_cast<std::uint64_t>(++computed); };
    EXPECT_EQ(value.get(0, next), 1u) << "no value yet, even at time 0";
    EXPECT_EQ(value.get(5000, next), 2u);
    EXPECT_EQ(value.get(10, next), 3u) << "a clock that went back must not freeze the readout";
}

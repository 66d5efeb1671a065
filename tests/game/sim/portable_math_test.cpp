// The portable transcendentals: close to std:: over the range the scenes use, C's special cases, and
// a table of exact results. The table is the cross-platform proof: the same test binary built for
// WebAssembly (or with clang, or on another machine) must produce these bits, or it fails.
#include "sim/portable_math.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>

namespace pm = ticklab::game::portable_math;

namespace {

// Distance in units in the last place, on a line where consecutive doubles are one apart.
std::int64_t ulps_apart(double a, double b) {
    const auto ordered = [](double d) {
        std::int64_t i = 0;
        std::memcpy(&i, &d, sizeof i);
        return i < 0 ? std::numeric_limits<std::int64_t>::min() - i : i;
    };
    const std::int64_t d = ordered(a) - ordered(b);
    return d < 0 ? -d : d;
}

std::string hex(double d) {
    char text[64];
    std::snprintf(text, sizeof text, "%a", d);
    return text;
}

struct worst_case {
    std::int64_t ulps = 0;
    double argument = 0.0;
};

void keep_worst(worst_case& worst, std::int64_t ulps, double argument) {
    if (ulps > worst.ulps) worst = {ulps, argument};
}

}  // namespace

// glibc's sin, cos and hypot are within one ulp of the truth, its atan2 within one; ours within one
// (two for atan2, whose reduction rounds a quotient): measured on a million arguments here, bounded
// with a margin of nothing, so a worse kernel fails.
TEST(PortableMath, SinAndCosWithinOneUlpOfStdUpToTenThousandRadians) {
    std::mt19937_64 random{24};
    std::uniform_real_distribution<double> near{-8.0, 8.0};
    std::uniform_real_distribution<double> far{-1.0e4, 1.0e4};
    worst_case sin_worst;
    worst_case cos_worst;
    for (int i = 0; i < 400'000; ++i) {
        const double x = i % 2 == 0 ? near(random) : far(random);
        keep_worst(sin_worst, ulps_apart(pm::sin(x), std::sin(x)), x);
        keep_worst(cos_worst, ulps_apart(pm::cos(x), std::cos(x)), x);
    }
    EXPECT_LE(sin_worst.ulps, 1) << "sin(" << hex(sin_worst.argument) << ")";
    EXPECT_LE(cos_worst.ulps, 1) << "cos(" << hex(cos_worst.argument) << ")";
}

TEST(PortableMath, SinAndCosOfTinyArgumentsAreExactAsStd) {
    for (const double x : {0.0, -0.0, 0x1p-1074, 0x1p-600, -0x1p-30, 0x1p-27}) {
        EXPECT_EQ(hex(pm::sin(x)), hex(std::sin(x))) << hex(x);
        EXPECT_EQ(hex(pm::cos(x)), hex(std::cos(x))) << hex(x);
    }
}

TEST(PortableMath, Atan2WithinTwoUlpOfStdInEveryQuadrantAndScale) {
    std::mt19937_64 random{24};
    std::uniform_real_distribution<double> coordinate{-1.0e3, 1.0e3};
    std::uniform_real_distribution<double> exponent{-40.0, 40.0};
    worst_case worst;
    double worst_x = 0.0;
    for (int i = 0; i < 400'000; ++i) {
        double y = coordinate(random);
        double x = coordinate(random);
        if (i % 4 == 0) y *= std::exp2(exponent(random));  // steep and shallow angles too
        const std::int64_t ulps = ulps_apart(pm::atan2(y, x), std::atan2(y, x));
        if (ulps > worst.ulps) worst_x = x;
        keep_worst(worst, ulps, y);
    }
    EXPECT_LE(worst.ulps, 2) << "atan2(" << hex(worst.argument) << ", " << hex(worst_x) << ")";
}

TEST(PortableMath, AtanWithinTwoUlpOfStdAcrossItsBreakpoints) {
    std::mt19937_64 random{24};
    std::uniform_real_distribution<double> exponent{-30.0, 30.0};
    worst_case worst;
    for (int i = 0; i < 400'000; ++i) {
        const double x = (i % 2 == 0 ? 1.0 : -1.0) * std::exp2(exponent(random));
        keep_worst(worst, ulps_apart(pm::atan(x), std::atan(x)), x);
    }
    EXPECT_LE(worst.ulps, 2) << "atan(" << hex(worst.argument) << ")";
}

TEST(PortableMath, HypotWithinOneUlpOfStdWithoutOverflowOrUnderflow) {
    std::mt19937_64 random{24};
    std::uniform_real_distribution<double> coordinate{-1.0e3, 1.0e3};
    worst_case worst;
    for (int i = 0; i < 400'000; ++i) {
        const double x = coordinate(random);
        const double y = coordinate(random);
        keep_worst(worst, ulps_apart(pm::hypot(x, y), std::hypot(x, y)), x);
    }
    EXPECT_LE(worst.ulps, 1) << "hypot(" << hex(worst.argument) << ", ...)";
    EXPECT_EQ(pm::hypot(3e300, 4e300), std::hypot(3e300, 4e300));
    EXPECT_EQ(pm::hypot(3e-320, 4e-320), std::hypot(3e-320, 4e-320));
}

TEST(PortableMath, SpecialValuesFollowC) {
    const double inf = std::numeric_limits<double>::infinity();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double specials[] = {0.0, -0.0, 1.0, -1.0, inf, -inf};
    for (const double y : specials) {
        for (const double x : specials) {
            EXPECT_EQ(hex(pm::atan2(y, x)), hex(std::atan2(y, x))) << "atan2(" << y << ", " << x << ")";
            EXPECT_EQ(hex(pm::hypot(y, x)), hex(std::hypot(y, x))) << "hypot(" << y << ", " << x << ")";
        }
    }
    EXPECT_TRUE(std::isnan(pm::atan2(nan, 1.0)));
    EXPECT_TRUE(std::isnan(pm::atan2(1.0, nan)));
    EXPECT_TRUE(std::isnan(pm::sin(inf)));
    EXPECT_TRUE(std::isnan(pm::cos(-inf)));
    EXPECT_TRUE(std::isnan(pm::sin(nan)));
    EXPECT_EQ(pm::hypot(inf, nan), inf);
    EXPECT_EQ(pm::atan(inf), std::atan(inf));
    EXPECT_EQ(pm::atan(-inf), std::atan(-inf));
}

// Past max_reduced_argument the reduction is by a double 2*pi: still the same bits everywhere, with
// an absolute error that grows with |x| as the header says.
TEST(PortableMath, PastTheReducedRangeTheErrorGrowsOnlyAsDocumented) {
    for (const double x : {2.0e6, -3.5e7, 1.0e9, 1.0e15, 1.0e300}) {
        EXPECT_NEAR(pm::sin(x), std::sin(x), std::fabs(x) * 2.5e-16 + 1e-15) << x;
        EXPECT_NEAR(pm::cos(x), std::cos(x), std::fabs(x) * 2.5e-16 + 1e-15) << x;
        EXPECT_LE(std::fabs(pm::sin(x)), 1.0);
    }
}

// Exact results, as hex doubles. Each is within 1.2 ulp of the true value (checked with mpmath at
// 300 bits when the table was made). A platform whose arithmetic differs from IEEE-754 round to
// nearest, or a build that fuses a multiply and an add in portable_math.cpp, fails here.
TEST(PortableMath, ResultsAreThePinnedBitsOnEveryPlatform) {
    struct pinned {
        const char* function;
        double a;
        double b;
        double result;
    };
    const pinned table[] = {
        {"sin", 0x1p-30, 0.0, 0x1p-30},
        {"cos", 0x1p-30, 0.0, 0x1p+0},
        {"sin", 0x1p-1, 0.0, 0x1.eaee8744b05fp-2},
        {"cos", 0x1p-1, 0.0, 0x1.c1528065b7d5p-1},
        {"sin", 0x1p+0, 0.0, 0x1.aed548f090ceep-1},
        {"cos", 0x1p+0, 0.0, 0x1.14a280fb5068cp-1},
        {"sin", 0x1p+1, 0.0, 0x1.d18f6ead1b446p-1},
        {"cos", 0x1p+1, 0.0, -0x1.aa22657537205p-2},
        {"sin", 0x1.8p+1, 0.0, 0x1.210386db6d55bp-3},
        {"cos", 0x1.8p+1, 0.0, -0x1.fae04be85e5d2p-1},
        {"sin", -0x1.dp+2, 0.0, -0x1.a56adb62a27b9p-1},
        {"cos", -0x1.dp+2, 0.0, 0x1.22c6f50dc3fbep-1},
        {"sin", 0x1.9066666666666p+6, 0.0, -0x1.abc60c6e652bp-2},
        {"cos", 0x1.9066666666666p+6, 0.0, 0x1.d12f2e24ed41ap-1},
        {"sin", 0x1.34a456d5cfaadp+10, 0.0, 0x1.3fa00084ee3ddp-4},
        {"cos", 0x1.34a456d5cfaadp+10, 0.0, -0x1.fe7053dc31387p-1},
        {"sin", -0x1.3878p+13, 0.0, -0x1.45ad3086449bdp-1},
        {"cos", -0x1.3878p+13, 0.0, -0x1.8b116ef7bfe0dp-1},
        {"sin", 0x1.921fb54442d18p-1, 0.0, 0x1.6a09e667f3bccp-1},
        {"cos", 0x1.921fb54442d18p-1, 0.0, 0x1.6a09e667f3bcdp-1},
        {"sin", 0x1.921fb54442d18p+3, 0.0, -0x1.1a62633145c07p-51},
        {"cos", 0x1.921fb54442d18p+3, 0.0, 0x1p+0},
        {"sin", 0x1.e848p+18, 0.0, 0x1.6c32c3d5d59f3p-3},
        {"cos", 0x1.e848p+18, 0.0, -0x1.f7d6d81d1c85dp-1},
        {"atan2", 0x1p+0, 0x1p+1, 0x1.dac670561bb4fp-2},
        {"atan2", -0x1.8p+1, -0x1p+2, -0x1.3fc176b7a856p+1},
        {"atan2", 0x1.999999999999ap-4, -0x1.4p+2, 0x1.8f906f788cd1ap+1},
        {"atan2", 0x1.cp+2, 0x1p-4, 0x1.8fd694acf36bp+0},
        {"atan2", -0x1.0624dd2f1a9fcp-10, 0x1.f4p+9, -0x1.0c6f7a0b5e767p-20},
        {"atan2", 0x1.4p+1, -0x1.4p+1, 0x1.2d97c7f3321d2p+1},
        {"atan2", 0x1.0624dd2f1a9fcp-10, 0x1.d7dbf487fcb93p-11, 0x1.ad0be00825673p-1},
        {"atan2", -0x1.ed9999999999ap+6, 0x1.c59999999999ap+5, -0x1.23dca892550b2p+0},
        {"hypot", 0x1.8p+1, 0x1p+2, 0x1.4p+2},
        {"hypot", 0x1p+0, 0x1p+0, 0x1.6a09e667f3bcdp+0},
        {"hypot", 0x1.0624dd2f1a9fcp-10, 0x1.4p+1, 0x1.400001ad7f289p+1},
        {"hypot", -0x1.2c2p+9, 0x1p-3, 0x1.2c20006d2e616p+9},
        {"hypot", 0x1.4e718d7d7625ap+664, 0x1.4e718d7d7625ap+664, 0x1.d8f9811335b57p+664},
        {"hypot", 0x1.01297d23ab683p-995, 0x1.56e1fc2f8f359p-995, 0x1.ac9a7b3b7303p-995},
    };
    for (const pinned& p : table) {
        const std::string name = p.function;
        double got = 0.0;
        if (name == "sin") got = pm::sin(p.a);
        if (name == "cos") got = pm::cos(p.a);
        if (name == "atan2") got = pm::atan2(p.a, p.b);
        if (name == "hypot") got = pm::hypot(p.a, p.b);
        EXPECT_EQ(hex(got), hex(p.result)) << name << "(" << hex(p.a) << ", " << hex(p.b) << ")";
    }
}

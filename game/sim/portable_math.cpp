#include "sim/portable_math.hpp"

#include <cmath>
#include <cstdint>

// Only + - * / and sqrt below (and the exact std::fmod, std::nearbyint, std::fabs, std::copysign):
// every one is correctly rounded by IEEE-754, so the results are the same bits on every platform
// that rounds to nearest without excess precision (x86-64 SSE2, aarch64, wasm; not x87). The
// constants were computed with mpmath at 300 bits and are written as hex so no decimal parser rounds them.

namespace ticklab::game::portable_math {
namespace {

// pi/2 = half_pi_1 + half_pi_2 + half_pi_3 (+ 1e-37). The first two have 33 significant bits, so
// n * half_pi_1 and n * half_pi_2 are exact for |n| < 2^20.
constexpr double half_pi_1 = 0x1.921fb54400000p+0;
constexpr double half_pi_2 = 0x1.0b4611a600000p-34;
constexpr double half_pi_3 = 0x1.3198a2e037073p-69;
constexpr double two_over_pi = 0x1.45f306dc9c883p-1;
constexpr double two_pi = 0x1.921fb54442d18p+2;  // the double nearest 2*pi, used past max_reduced_argument

// pi and pi/2 as hi + lo: the double nearest and what it misses.
constexpr double pi_hi = 0x1.921fb54442d18p+1;
constexpr double pi_lo = 0x1.1a62633145c07p-53;
constexpr double half_pi_hi = 0x1.921fb54442d18p+0;
constexpr double half_pi_lo = 0x1.1a62633145c07p-54;
constexpr double quarter_pi = 0x1.921fb54442d18p-1;        // nearest double
constexpr double three_quarter_pi = 0x1.2d97c7f3321d2p+1;  // nearest double

// atan(k/8) for k = 0..8 as hi + lo.
constexpr double atan_eighth_hi[9] = {0.0,
                                      0x1.fd5ba9aac2f6ep-4,
                                      0x1.f5b75f92c80ddp-3,
                                      0x1.6f61941e4def1p-2,
                                      0x1.dac670561bb4fp-2,
                                      0x1.1e00babdefeb4p-1,
                                      0x1.4978fa3269ee1p-1,
                                      0x1.700a7c5784634p-1,
                                      0x1.921fb54442d18p-1};
constexpr double atan_eighth_lo[9] = {0.0,
                                      -0x1.cd37686760c17p-59,
                                      0x1.8ab6e3cf7afbdp-57,
                                      -0x1.c63aae6f6e918p-56,
                                      0x1.a2b7f222f65e2p-56,
                                      -0x1.928df287a668fp-58,
                                      0x1.2419a87f2a458p-56,
                                      -0x1.8c34d25aadef6p-56,
                                      0x1.1a62633145c07p-55};

// x reduced to r + tail with |r| <= about pi/4, and the quadrant n mod 4 it came from.
struct reduced {
    double r;
    double tail;
    unsigned quadrant;
};

reduced reduce(double x) noexcept {
    if (std::fabs(x) > max_reduced_argument) x = std::fmod(x, two_pi);
    const double n = std::nearbyint(x * two_over_pi);
    const double t = x - n * half_pi_1;  // exact: n * half_pi_1 is exact and close to x (Sterbenz)
    const double w = n * half_pi_2;      // exact
    const double r = t - w;
    // Two-sum (Knuth): the rounding error of t - w, exactly, whichever of them is larger.
    const double w_part = r - t;
    const double error = (t - (r - w_part)) + (-w - w_part);
    const double tail = error - n * half_pi_3;
    const double head = r + tail;
    const auto q = static_cast<std::int64_t>(n);
    return {head, (r - head) + tail, static_cast<unsigned>(q & 3)};
}

// sin(r + tail) for |r| <= about pi/4, |tail| tiny: Taylor to r^17 (the next term is below 2^-60 of
// the result), and sin(r + tail) = sin(r) + cos(r) * tail to first order.
double sin_kernel(double r, double tail) noexcept {
    const double z = r * r;
    const double p =
        -0x1.5555555555555p-3 +
        z * (0x1.1111111111111p-7 +
             z * (-0x1.a01a01a01a01ap-13 +
                  z * (0x1.71de3a556c734p-19 +
                       z * (-0x1.ae64567f544e4p-26 +
                            z * (0x1.6124613a86d09p-33 + z * (-0x1.ae7f3e733b81fp-41 + z * 0x1.952c77030ad4ap-49))))));
    return r + (r * z * p + tail * (1.0 - 0.5 * z));
}

// cos(r + tail) likewise, to r^16; 1 - r^2/2 is formed so that its rounding error is kept.
double cos_kernel(double r, double tail) noexcept {
    const double z = r * r;
    const double half_z = 0.5 * z;
    const double w = 1.0 - half_z;
    const double q =
        0x1.5555555555555p-5 +
        z * (-0x1.6c16c16c16c17p-10 +
             z * (0x1.a01a01a01a01ap-16 +
                  z * (-0x1.27e4fb7789f5cp-22 +
                       z * (0x1.1eed8eff8d898p-29 + z * (-0x1.93974a8c07c9dp-37 + z * 0x1.ae7f3e733b81fp-45)))));
    return w + (((1.0 - w) - half_z) + (z * z * q - r * tail));
}

// atan(t) for |t| <= 1/16: Taylor to t^15 (the next term is below 2^-60 of the result).
double atan_small(double t) noexcept {
    const double z = t * t;
    const double p =
        -0x1.5555555555555p-2 +
        z * (0x1.999999999999ap-3 +
             z * (-0x1.2492492492492p-3 +
                  z * (0x1.c71c71c71c71cp-4 +
                       z * (-0x1.745d1745d1746p-4 + z * (0x1.3b13b13b13b14p-4 + z * (-0x1.1111111111111p-4))))));
    return t + t * z * p;
}

// atan(a) for 0 <= a <= 1: atan(a) = atan(c) + atan((a - c) / (1 + a c)) with c = k/8 nearest a,
// so the second argument is at most 1/16 (a - c is exact by Sterbenz for k >= 1).
double atan_unit(double a) noexcept {
    const double k = std::nearbyint(a * 8.0);
    if (k == 0.0) return atan_small(a);
    const double c = k * 0.125;
    const double t = (a - c) / (1.0 + a * c);
    const auto i = static_cast<int>(k);
    return atan_eighth_hi[i] + (atan_eighth_lo[i] + atan_small(t));
}

}  // namespace

// Below 2^-27, sin(x) = x and cos(x) = 1 to the last bit (x^3/6 is under half an ulp of x); also keeps
// the sign of -0.
constexpr double tiny_argument = 0x1p-27;

double sin(double x) noexcept {
    if (!std::isfinite(x)) return x - x;
    if (std::fabs(x) < tiny_argument) return x;
    const reduced v = reduce(x);
    switch (v.quadrant) {
        case 0:
            return sin_kernel(v.r, v.tail);
        case 1:
            return cos_kernel(v.r, v.tail);
        case 2:
            return -sin_kernel(v.r, v.tail);
        default:
            return -cos_kernel(v.r, v.tail);
    }
}

double cos(double x) noexcept {
    if (!std::isfinite(x)) return x - x;
    if (std::fabs(x) < tiny_argument) return 1.0;
    const reduced v = reduce(x);
    switch (v.quadrant) {
        case 0:
            return cos_kernel(v.r, v.tail);
        case 1:
            return -sin_kernel(v.r, v.tail);
        case 2:
            return -cos_kernel(v.r, v.tail);
        default:
            return sin_kernel(v.r, v.tail);
    }
}

double atan(double x) noexcept {
    if (std::isnan(x)) return x + x;
    const double a = std::fabs(x);
    // Past 1, atan(a) = pi/2 - atan(1/a); 1/a of an infinity is 0, so atan(inf) = pi/2.
    const double result = a <= 1.0 ? atan_unit(a) : half_pi_hi - (atan_unit(1.0 / a) - half_pi_lo);
    return std::copysign(result, x);
}

double atan2(double y, double x) noexcept {
    if (std::isnan(x) || std::isnan(y)) return x + y;
    const double ay = std::fabs(y);
    const double ax = std::fabs(x);
    const bool left = std::signbit(x);  // -0 counts as left, as in C's atan2
    // Each octant in one rounding from its own constant (folding the right half's angle into the
    // left would round twice and miss pi/2 by an ulp).
    double angle = 0.0;
    if (std::isinf(ax) && std::isinf(ay)) {
        angle = left ? three_quarter_pi : quarter_pi;
    } else if (ay == 0.0 && ax == 0.0) {
        angle = left ? pi_hi : 0.0;
    } else if (ay <= ax) {
        const double a = atan_unit(ay / ax);  // an infinite ax gives 0
        angle = left ? pi_hi - (a - pi_lo) : a;
    } else {
        const double a = atan_unit(ax / ay);
        angle = left ? half_pi_hi + (a + half_pi_lo) : half_pi_hi - (a - half_pi_lo);
    }
    return std::copysign(angle, y);
}

double hypot(double x, double y) noexcept {
    if (std::isinf(x) || std::isinf(y)) return INFINITY;
    if (std::isnan(x) || std::isnan(y)) return x + y;
    double ax = std::fabs(x);
    double ay = std::fabs(y);
    const double big = ax > ay ? ax : ay;
    // Scale by a power of two (exact) so the squares neither overflow nor lose bits to underflow.
    double scale = 1.0;
    if (big > 0x1p500) {
        scale = 0x1p600;
        ax *= 0x1p-600;
        ay *= 0x1p-600;
    } else if (big < 0x1p-500) {
        scale = 0x1p-600;
        ax *= 0x1p600;
        ay *= 0x1p600;
    }
    return std::sqrt(ax * ax + ay * ay) * scale;
}

}  // namespace ticklab::game::portable_math

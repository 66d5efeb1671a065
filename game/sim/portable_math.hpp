#pragma once
// The transcendental functions a simulation may use: sin, cos, atan, atan2, hypot. The C library's
// versions round the last bit differently from one library to another (the browser build's musl and
// glibc disagree on ~3% of sin/cos and ~18% of atan2 arguments), so a state hash would depend on the
// machine. These are written with + - * / and sqrt only, each of which IEEE-754 rounds correctly
// everywhere, in a file compiled without FMA contraction (CMakeLists.txt: -ffp-contract=off): the
// same argument gives the same bits on x86-64 (GCC, clang) and WebAssembly.
//
// Accuracy: a few ulp of the true value (the test measures the maximum against std::) for
// |x| <= max_reduced_argument for sin and cos, and for every finite argument of atan, atan2, hypot.
// Past max_reduced_argument sin and cos reduce with std::fmod by a double 2*pi (exact, so still the
// same everywhere) and their absolute error grows to about |x| * 2.5e-16: no scene turns that far.
// NaN in gives NaN out; infinities follow C's atan2 and hypot; sin and cos of an infinity are NaN.
// Drawing code may keep std::; anything that changes simulated state uses these.

namespace ticklab::game::portable_math {

// 2^20 * pi/2 is where the three-part reduction stops being exact; kept a little under it.
inline constexpr double max_reduced_argument = 1.0e6;

[[nodiscard]] double sin(double x) noexcept;
[[nodiscard]] double cos(double x) noexcept;
[[nodiscard]] double atan(double x) noexcept;
[[nodiscard]] double atan2(double y, double x) noexcept;  // angle of (x, y) in [-pi, pi], as std::atan2
[[nodiscard]] double hypot(double x, double y) noexcept;  // sqrt(x^2 + y^2) without overflow or underflow

}  // namespace ticklab::game::portable_math

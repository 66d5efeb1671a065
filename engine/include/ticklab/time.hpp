#pragma once
// Time units shared by the whole engine.
//
// Usage: every time value is a `ticklab::nanoseconds` (signed 64-bit, so about 292 years of range).
// Virtual (simulation) time is never a floating-point number, so it cannot drift; seconds as a double
// exist only for display and for physics step sizes.
//
//   using namespace std::chrono_literals;
//   ticklab::nanoseconds wait = 16ms;
//   double s = ticklab::to_seconds(wait);  // 0.016

#include <chrono>
#include <cstdint>

namespace ticklab {

using nanoseconds = std::chrono::nanoseconds;

inline constexpr std::int64_t nanoseconds_per_second = 1'000'000'000;

constexpr double to_seconds(nanoseconds t) noexcept {
    return static_cast<double>(t.count()) / static_cast<double>(nanoseconds_per_second);
}

constexpr double to_milliseconds(nanoseconds t) noexcept {
    return static_cast<double>(t.count()) / 1.0e6;
}

// The nanosecond rule: tick `k` of a `hz` schedule starts at floor(k * 1e9 / hz) ns after the
// schedule's origin. Every tick length is therefore a whole number of nanoseconds (at 60 Hz they are
// 16'666'666 or 16'666'667 ns), and after any number of ticks the error against the exact rational
// time is below one nanosecond: 10'000'000 ticks at 60 Hz end at exactly 166'666'666'666'666 ns.
constexpr nanoseconds tick_offset(std::uint64_t k, std::uint32_t hz) noexcept {
    // k = q * hz + r, so k * 1e9 / hz = q * 1e9 + r * 1e9 / hz: exact, and no overflow in 64 bits.
    const std::uint64_t whole_seconds = k / hz;
    const std::uint64_t rest = (k % hz) * nanoseconds_per_second / hz;
    return nanoseconds{static_cast<std::int64_t>(whole_seconds * nanoseconds_per_second + rest)};
}

}  // namespace ticklab

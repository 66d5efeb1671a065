#pragma once
// A readout of a costly value, recomputed at most once per interval of wall time.
//
// Why: the panel shows the scene's state hash (and the ghost's), which reads every ball. At
// 100,000 balls that was a sixth of the whole process's CPU when done every frame, for digits
// nobody reads 60 times a second.
//
// Usage:
//   throttled_value hash{100};                                  // ms between recomputations
//   std::uint64_t h = hash.get(now_ms, [&] { return session.state_hash(); });

#include <cstdint>

namespace ticklab::app {

class throttled_value {
public:
    explicit throttled_value(std::uint64_t interval_ms) : interval_ms_{interval_ms} {}

    // The last value, or compute()'s when there is none yet or interval_ms has passed since it was
    // taken (a clock that went backwards counts as passed).
    template <typename Compute>
    std::uint64_t get(std::uint64_t now_ms, Compute&& compute) {
        // A clock that went backwards wraps the unsigned difference to a huge one: it recomputes.
        if (!valid_ || now_ms - taken_ms_ >= interval_ms_) {
            value_ = compute();
            taken_ms_ = now_ms;
            valid_ = true;
        }
        return value_;
    }

private:
    std::uint64_t interval_ms_;
    std::uint64_t value_ = 0;
    std::uint64_t taken_ms_ = 0;
    bool valid_ = false;
};

}  // namespace ticklab::app

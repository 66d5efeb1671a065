#pragma once
// A small deterministic random generator for the scenes (SplitMix64). The standard distributions
// differ between library implementations; this one gives the same numbers everywhere, so a seed
// and the per-tick inputs fix a trajectory bit for bit. Its state is part of every state hash.

#include <cstdint>

namespace ticklab::game {

class random_source {
public:
    explicit random_source(std::uint64_t seed = 1) noexcept : state_{seed} {}

    std::uint64_t next() noexcept {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    // Uniform in [0, 1), 53 bits.
    double uniform() noexcept { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    double uniform(double low, double high) noexcept { return low + (high - low) * uniform(); }
    // Uniform in [0, n); n > 0.
    std::uint32_t below(std::uint32_t n) noexcept { return static_cast<std::uint32_t>(uniform() * n); }

    [[nodiscard]] std::uint64_t state() const noexcept { return state_; }

private:
    std::uint64_t state_;
};

}  // namespace ticklab::game

#pragma once
// FNV-1a over the bit patterns of a scene's state: two states hash equal only when every double,
// float and count is bit-for-bit equal (so -0.0 and 0.0 differ, as they may diverge later).

#include <bit>
#include <cstdint>
#include <span>

namespace ticklab::game {

class state_hasher {
public:
    void add(std::uint64_t value) noexcept {
        for (int i = 0; i < 8; ++i) {
            hash_ ^= (value >> (8 * i)) & 0xffU;
            hash_ *= 0x100000001b3ULL;
        }
    }
    void add(double value) noexcept { add(std::bit_cast<std::uint64_t>(value)); }
    void add(float value) noexcept { add(static_cast<std::uint64_t>(std::bit_cast<std::uint32_t>(value))); }
    void add(bool value) noexcept { add(static_cast<std::uint64_t>(value)); }
    void add(std::uint32_t value) noexcept { add(static_cast<std::uint64_t>(value)); }
    template <typename T>
    void add_all(std::span<const T> values) noexcept {
        add(static_cast<std::uint64_t>(values.size()));
        for (const T& v : values) add(v);
    }

    [[nodiscard]] std::uint64_t value() const noexcept { return hash_; }

private:
    std::uint64_t hash_ = 0xcbf29ce484222325ULL;
};

}  // namespace ticklab::game

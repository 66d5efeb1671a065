#pragma once
// Values for a run of consecutive ticks [first(), last()], appended at the end and dropped from
// the front once nobody needs them (inputs, state hashes).

#include <cstdint>
#include <deque>
#include <stdexcept>
#include <string>

namespace ticklab::game {

template <typename T>
class tick_log {
public:
    explicit tick_log(std::uint64_t first = 1) : first_{first} {}

    // The value for tick last() + 1.
    void push(T value) { values_.push_back(std::move(value)); }
    // first() - 1 while the log is empty.
    [[nodiscard]] std::uint64_t last() const noexcept { return first_ + values_.size() - 1; }
    [[nodiscard]] std::uint64_t first() const noexcept { return first_; }
    [[nodiscard]] bool holds(std::uint64_t tick) const noexcept { return tick >= first_ && tick <= last(); }
    // Throws std::out_of_range for a tick the log does not hold.
    [[nodiscard]] const T& at(std::uint64_t tick) const {
        if (!holds(tick)) throw std::out_of_range("tick_log: tick " + std::to_string(tick) + " is not held");
        return values_[tick - first_];
    }
    // Forgets every tick before `tick` (at most up to last() + 1).
    void drop_before(std::uint64_t tick) {
        while (first_ < tick && !values_.empty()) {
            values_.pop_front();
            ++first_;
        }
    }

private:
    std::uint64_t first_;
    std::deque<T> values_;
};

}  // namespace ticklab::game

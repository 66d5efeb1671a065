#pragma once
// The last few hundred frames' figures, for the panel's plots. Fixed capacity, no allocation per frame.

#include <array>
#include <cstddef>

namespace ticklab::game {

struct frame_sample {
    float fps = 0.0f;
    float frame_ms = 0.0f;  // real time since the previous frame
    float ticks = 0.0f;     // ticks run in the frame
    float alpha = 0.0f;
    float dropped_ms = 0.0f;
    float tick_ms = 0.0f;    // real time spent in ticks
    float ticked_ms = 0.0f;  // virtual time the frame's ticks covered (frame_stats::ticked)
};

class frame_history {
public:
    static constexpr std::size_t capacity = 240;

    void push(const frame_sample& sample) {
        samples_[next_] = sample;
        next_ = (next_ + 1) % capacity;
        if (size_ < capacity) ++size_;
    }
    void clear() noexcept {
        next_ = 0;
        size_ = 0;
    }
    [[nodiscard]] std::size_t size() const noexcept { return size_; }
    // i = 0 is the oldest sample kept.
    [[nodiscard]] const frame_sample& at(std::size_t i) const noexcept {
        return samples_[(next_ + capacity - size_ + i) % capacity];
    }

private:
    std::array<frame_sample, capacity> samples_{};
    std::size_t next_ = 0;
    std::size_t size_ = 0;
};

}  // namespace ticklab::game

#include "sim/timeline.hpp"

namespace ticklab::game {

timeline_recorder::timeline_recorder() : frames_(frame_capacity), ticks_(tick_capacity) {}

void timeline_recorder::begin_frame(const ticklab::fixed_loop& loop) {
    recording_ = !frozen_;
    if (!recording_) return;
    open_ = timeline_frame{};
    open_.real_start = loop.clock().real_time();
    open_.virtual_start = loop.virtual_now();
    // Debt is virtual time the clock has already reached but no tick has covered yet.
    open_.virtual_anchor = loop.virtual_now() + loop.stats().debt;
    open_.first_tick = tick_sequence_;
}

void timeline_recorder::add_tick(ticklab::nanoseconds due) noexcept {
    if (!recording_) return;
    ticks_[tick_sequence_ % tick_capacity] = due;
    ++tick_sequence_;
}

void timeline_recorder::end_frame(const ticklab::fixed_loop& loop, bool paused) {
    if (!recording_) return;
    recording_ = false;
    const ticklab::frame_stats& stats = loop.stats();
    open_.index = stats.frame_index;
    open_.real_end = loop.clock().real_time();
    open_.virtual_end = loop.virtual_now();
    open_.dropped = stats.dropped;
    open_.debt = stats.debt;
    open_.virtual_per_real = loop.virtual_per_real();
    open_.alpha = stats.alpha;
    open_.ticks = static_cast<std::uint32_t>(tick_sequence_ - open_.first_tick);
    open_.paused = paused;
    open_.capped = stats.capped;
    open_.safety_stop = stats.safety_stop;
    frames_[frame_next_] = open_;
    frame_next_ = (frame_next_ + 1) % frame_capacity;
    if (frame_count_ < frame_capacity) ++frame_count_;
}

bool timeline_recorder::tick_of(const timeline_frame& frame, std::uint32_t k,
                                ticklab::nanoseconds& due) const noexcept {
    const std::uint64_t sequence = frame.first_tick + k;
    if (k >= frame.ticks || sequence >= tick_sequence_ || tick_sequence_ - sequence > tick_capacity) return false;
    due = ticks_[sequence % tick_capacity];
    return true;
}

}  // namespace ticklab::game

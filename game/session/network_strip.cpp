#include "session/network_strip.hpp"

#include <algorithm>

namespace ticklab::game {

network_strip::network_strip() {
    for (lane& l : lanes_) l.frames.resize(frame_capacity);
}

void network_strip::clear() noexcept {
    for (lane& l : lanes_) {
        l.next = 0;
        l.count = 0;
        l.start.reset();
        l.last_end = {};
        l.confirmed = 0;
        l.rollback_ticks = 0;
        l.held_ticks = 0;
        l.totals = {};
    }
}

void network_strip::record(std::size_t index, const peer& p, bool hitching, ticklab::nanoseconds now) {
    lane& l = lanes_[index & 1];
    if (!l.start) {
        l.start = now;
        l.last_end = now;
    }
    const peer_stats& stats = p.stats();
    network_strip_frame f;
    f.real_start = l.last_end;
    f.real_end = now;
    f.confirmed = static_cast<std::uint32_t>(stats.confirmed - std::min(stats.confirmed, l.confirmed));
    f.predicted = static_cast<std::uint32_t>(p.tick() - std::min(p.tick(), stats.confirmed));
    // rollback_this_frame is left from the last frame the peer ran: a hitching peer re-simulated nothing.
    f.resimulated = static_cast<std::uint32_t>(stats.rollback_ticks - l.rollback_ticks);
    f.waiting = !hitching && stats.waiting;
    f.hitching = hitching;
    // The peer's loop sees real time only as it is let through (peer::hold_back): what the game's
    // time ran past the loop's clock is time held back. Counted in whole ticks, so the frames'
    // counts add up to the whole time held back, each tick in the frame it completed in.
    const ticklab::nanoseconds tick_length = ticklab::tick_offset(1, p.config().tick_rate_hz);
    const ticklab::nanoseconds held = (now - *l.start) - p.loop().clock().real_time();
    const std::int64_t held_ticks = std::max<std::int64_t>(0, held / tick_length);
    if (!hitching) f.stalled = static_cast<std::uint32_t>(std::max<std::int64_t>(0, held_ticks - l.held_ticks));
    l.held_ticks = held_ticks;
    l.confirmed = stats.confirmed;
    l.rollback_ticks = stats.rollback_ticks;
    l.last_end = now;
    l.totals.frames += 1;
    l.totals.confirmed += f.confirmed;
    l.totals.resimulated += f.resimulated;
    l.totals.stalled += f.stalled;
    l.totals.waiting_frames += f.waiting ? 1 : 0;
    if (frozen_) return;
    l.frames[l.next] = f;
    l.next = (l.next + 1) % frame_capacity;
    l.count = std::min(l.count + 1, frame_capacity);
}

}  // namespace ticklab::game

#pragma once
// What each peer of the network game did in each frame, for the timeline's network strip:
// ticks confirmed, ticks run on a prediction, ticks re-simulated, ticks held back (stalled). Display
// only: nothing here reaches a peer.
//
// Usage (the session, after every network frame, for each peer):
//   strip.record(peer_index, peer, hitching, now);   // now: the network game's real time
//   strip.frame_at(0, strip.frames(0) - 1);          // peer 0's newest frame
//   strip.totals(0).resimulated == peer.stats().rollback_ticks   // since the game started

#include "net/peer.hpp"

#include <ticklab/time.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace ticklab::game {

struct network_strip_frame {
    ticklab::nanoseconds real_start{0};  // the network game's real time (the session clock's virtual time)
    ticklab::nanoseconds real_end{0};
    std::uint32_t confirmed = 0;    // ticks confirmed in this frame
    std::uint32_t predicted = 0;    // ticks run past the last confirmed one, at the frame's end
    std::uint32_t resimulated = 0;  // ticks re-simulated in this frame (rollback)
    std::uint32_t stalled = 0;      // whole ticks of this frame's time the peer was held back
    bool waiting = false;           // peer_stats::waiting: the frame was held back
    bool hitching = false;          // the peer sat the frame out (network_settings::peer_hitch_ms)
};

class network_strip {
public:
    static constexpr std::size_t frame_capacity = 4096;  // as timeline_recorder's

    struct totals_since_start {
        std::uint64_t frames = 0;
        std::uint64_t confirmed = 0;
        std::uint64_t resimulated = 0;
        std::uint64_t stalled = 0;
        std::uint64_t waiting_frames = 0;
    };

    network_strip();

    // One frame of peer `index` (0 or 1), read from its stats after the network frame at real time `now`.
    void record(std::size_t index, const peer& p, bool hitching, ticklab::nanoseconds now);
    // A new network game: every frame and total forgotten.
    void clear() noexcept;
    // A frozen strip keeps what it has (the timeline's Freeze); totals still count.
    void set_frozen(bool frozen) noexcept { frozen_ = frozen; }

    [[nodiscard]] std::size_t frames(std::size_t index) const noexcept { return lanes_[index & 1].count; }
    // Oldest first: frame_at(i, frames(i) - 1) is the newest.
    [[nodiscard]] const network_strip_frame& frame_at(std::size_t index, std::size_t i) const noexcept {
        const lane& l = lanes_[index & 1];
        return l.frames[(l.next + frame_capacity - l.count + i) % frame_capacity];
    }
    [[nodiscard]] const totals_since_start& totals(std::size_t index) const noexcept {
        return lanes_[index & 1].totals;
    }

private:
    struct lane {
        std::vector<network_strip_frame> frames;
        std::size_t next = 0;
        std::size_t count = 0;
        std::optional<ticklab::nanoseconds> start;  // real time of the first frame recorded
        ticklab::nanoseconds last_end{0};
        std::uint64_t confirmed = 0;       // the peer's confirmed tick at the last frame
        std::uint64_t rollback_ticks = 0;  // and its rollback_ticks
        std::int64_t held_ticks = 0;       // whole ticks of real time its loop has been held back
        totals_since_start totals;
    };
    std::array<lane, 2> lanes_;
    bool frozen_ = false;
};

}  // namespace ticklab::game

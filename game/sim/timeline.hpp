#pragma once
// What each recent frame did, on a real-time axis, for the panel's timeline strip.
//
// Usage (the session does this every frame):
//   timeline.begin_frame(loop);              // before loop.advance
//   timeline.add_tick(tick.time);            // from every tick
//   timeline.end_frame(loop, paused);        // after loop.advance
//   timeline.frame_at(timeline.frames() - 1) // the newest frame
//
// Ticks are recorded at their virtual due time and mapped back to real time: a tick due at virtual
// time v is placed where the virtual clock reached v at this frame's time scale, anchored at the
// frame's start (where the clock stood at the frame's virtual start plus the debt carried in). So
// a tick of a catch-up burst sits where it was due, earlier than the frame that ran it, and ticks
// owed from earlier frames (kept debt) land in those frames. Fixed capacity: two rings allocated
// once, nothing allocated per frame; a frame whose ticks have left the tick ring reports fewer.

#include <ticklab/fixed_loop.hpp>
#include <ticklab/time.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ticklab::game {

struct timeline_frame {
    std::uint64_t index = 0;             // the loop's frame index
    ticklab::nanoseconds real_start{0};  // real time since the session started: the previous clock reading
    ticklab::nanoseconds real_end{0};    // this frame's clock reading
    ticklab::nanoseconds virtual_start{0};
    ticklab::nanoseconds virtual_end{0};
    ticklab::nanoseconds dropped{0};  // virtual time discarded this frame
    ticklab::nanoseconds debt{0};     // virtual time carried to the next frame
    double virtual_per_real = 1.0;    // how virtual due times map back to real time (the scale)
    double alpha = 0.0;
    std::uint64_t first_tick = 0;  // sequence number of the frame's first tick in the tick ring
    std::uint32_t ticks = 0;       // ticks run in the frame
    bool paused = false;
    bool capped = false;  // a cap stopped ticks that were due
    bool safety_stop = false;
    // Where the clock stood at real_start, in virtual time; ticks map back to real time from here.
    ticklab::nanoseconds virtual_anchor{0};

    // Real time (same axis as real_start) at which virtual time `due` came due.
    [[nodiscard]] ticklab::nanoseconds real_of(ticklab::nanoseconds due) const noexcept {
        const double real = static_cast<double>((due - virtual_anchor).count()) / virtual_per_real;
        return real_start + ticklab::nanoseconds{static_cast<std::int64_t>(real)};
    }
};

class timeline_recorder {
public:
    static constexpr std::size_t frame_capacity = 4096;  // 8 s at 500 FPS
    static constexpr std::size_t tick_capacity = 16384;  // 8 s of 1000 Hz ticks, with room for bursts

    timeline_recorder();

    void begin_frame(const ticklab::fixed_loop& loop);
    void add_tick(ticklab::nanoseconds due) noexcept;
    void end_frame(const ticklab::fixed_loop& loop, bool paused);

    // A frozen recorder keeps what it has and ignores new frames, so a learner can study a moment.
    void set_frozen(bool frozen) noexcept { frozen_ = frozen; }
    [[nodiscard]] bool frozen() const noexcept { return frozen_; }
    // Forgets every frame kept and unfreezes (a frozen empty strip would show nothing): the next
    // frame recorded is the first. Call between frames.
    void clear() noexcept {
        frame_next_ = 0;
        frame_count_ = 0;
        frozen_ = false;
    }

    // Frames kept, oldest first: frame_at(frames() - 1) is the newest.
    [[nodiscard]] std::size_t frames() const noexcept { return frame_count_; }
    [[nodiscard]] const timeline_frame& frame_at(std::size_t i) const noexcept {
        return frames_[(frame_next_ + frame_capacity - frame_count_ + i) % frame_capacity];
    }
    // Tick `k` of `frame` (k < frame.ticks): false when the tick ring no longer holds it.
    [[nodiscard]] bool tick_of(const timeline_frame& frame, std::uint32_t k, ticklab::nanoseconds& due) const noexcept;

private:
    std::vector<timeline_frame> frames_;
    std::vector<ticklab::nanoseconds> ticks_;  // due times, by sequence number modulo tick_capacity
    std::size_t frame_next_ = 0;
    std::size_t frame_count_ = 0;
    std::uint64_t tick_sequence_ = 0;  // ticks recorded so far
    timeline_frame open_;              // the frame between begin_frame and end_frame
    bool recording_ = false;           // begin_frame ran while not frozen
    bool frozen_ = false;
};

}  // namespace ticklab::game

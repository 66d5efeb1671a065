#pragma once
// The fixed-tick game loop with MAX_LOOPS catch-up.
//
// Usage (one frame; the client implements `loop_client`):
//
//   ticklab::steady_time_source source;
//   ticklab::fixed_loop loop{source, {.tick_rate_hz = 60, .max_loops = 8}};
//   while (running) {
//       const ticklab::frame_stats& frame = loop.advance(game);  // read the clock once, run 0..max_loops ticks
//       game.update_frame(frame.simulated);                      // once per frame, told the simulated time
//       game.render(frame.alpha);                                // draw between the last two tick states
//   }
//
// Rules:
// - Virtual time lives here. Tick k of the current schedule is due at origin + floor(k * 1e9 / hz) ns
//   (see ticklab::tick_offset); a tick runs when the virtual time reaches its due time.
// - At most `max_loops` ticks run in one frame. When that cap leaves ticks due, the backlog is cut
//   to less than one tick (the phase within the tick is kept) and the cut is counted as dropped
//   time. Dropped time is not virtual time: it never happened for the simulation or for any timed
//   event, and it is never replayed later as a burst.
// - Changing the tick rate keeps virtual time continuous and keeps the fraction of the current tick
//   that has elapsed (alpha), so a change neither bursts nor loses a tick.
// - Before each tick, `advance_to(due)` lets the client run timed work due up to and including the
//   tick's due time; after the last tick, `advance_to(now)` covers the rest of the frame.
// - Bad settings (rate outside [1, 1000] Hz, max_loops outside [1, 64]) throw std::invalid_argument.

#include <ticklab/time.hpp>
#include <ticklab/time_source.hpp>
#include <ticklab/virtual_clock.hpp>

#include <cstdint>
#include <string>

namespace ticklab {

inline constexpr std::uint32_t min_tick_rate_hz = 1;
inline constexpr std::uint32_t max_tick_rate_hz = 1000;
inline constexpr std::uint32_t min_max_loops = 1;
inline constexpr std::uint32_t max_max_loops = 64;

struct loop_config {
    std::uint32_t tick_rate_hz = 60;
    std::uint32_t max_loops = 8;
};

struct tick_info {
    std::uint64_t index = 0;  // 1 for the first tick ever run; counts across rate changes
    nanoseconds time{0};      // virtual time the tick is due at (the clock reads this during the tick)
    double dt_seconds = 0.0;  // 1 / tick rate: the step every tick simulates, the same for every tick
};

struct frame_stats {
    std::uint64_t frame_index = 0;        // 1 for the first frame
    std::uint32_t ticks = 0;              // ticks run this frame
    double alpha = 0.0;                   // [0, 1): how far virtual time is past the last tick
    nanoseconds simulated{0};             // virtual time that passed this frame (the seed's frameTime)
    nanoseconds real{0};                  // real time since the previous frame
    nanoseconds dropped{0};               // backlog discarded this frame by the cap
    nanoseconds tick_cost{0};             // real time spent inside ticks this frame
    bool capped = false;                  // the cap stopped ticks that were due
    bool stepped = false;                 // this frame's tick was a single step while paused
    // Running totals since construction.
    std::uint64_t total_ticks = 0;
    nanoseconds total_dropped{0};
    std::uint32_t max_ticks_per_frame = 0;
};

class loop_client {
public:
    virtual ~loop_client() = default;
    // Timed work due at or before `virtual_time` (a scheduler's time tasks). Called in increasing
    // order of virtual_time, never with a time earlier than the previous call.
    virtual void advance_to(nanoseconds virtual_time) { static_cast<void>(virtual_time); }
    // One fixed simulation step.
    virtual void tick(const tick_info& tick) = 0;
};

class fixed_loop {
public:
    // `source` is not owned and must outlive the loop.
    explicit fixed_loop(const time_source& source, loop_config config = {});

    // One frame: reads the clock once, runs due ticks (at most max_loops), drops any backlog past
    // the cap, and returns the frame's figures (valid until the next call).
    const frame_stats& advance(loop_client& client);

    void set_tick_rate(std::uint32_t hz);
    void set_max_loops(std::uint32_t max_loops);
    [[nodiscard]] std::uint32_t tick_rate() const noexcept { return hz_; }
    [[nodiscard]] std::uint32_t max_loops() const noexcept { return max_loops_; }

    [[nodiscard]] virtual_clock& clock() noexcept { return clock_; }
    [[nodiscard]] const virtual_clock& clock() const noexcept { return clock_; }

    [[nodiscard]] nanoseconds virtual_now() const noexcept { return now_; }
    [[nodiscard]] std::uint64_t ticks() const noexcept { return ticks_; }
    // Due time of the last tick run (or of the schedule's origin before any tick), and of the next.
    [[nodiscard]] nanoseconds last_tick_time() const noexcept { return due_time(ticks_); }
    [[nodiscard]] nanoseconds next_tick_time() const noexcept { return due_time(ticks_ + 1); }
    [[nodiscard]] double tick_seconds() const noexcept { return 1.0 / hz_; }
    [[nodiscard]] const frame_stats& stats() const noexcept { return stats_; }

private:
    [[nodiscard]] nanoseconds due_time(std::uint64_t tick) const noexcept {
        return origin_time_ + tick_offset(tick - origin_tick_, hz_);
    }
    void run_tick(loop_client& client);
    [[nodiscard]] double current_alpha() const noexcept;

    virtual_clock clock_;
    std::uint32_t hz_;
    std::uint32_t max_loops_;
    // The schedule: tick `origin_tick_` is due at `origin_time_`; rebased when the rate changes.
    std::uint64_t origin_tick_ = 0;
    nanoseconds origin_time_{0};
    std::uint64_t ticks_ = 0;
    nanoseconds now_{0};
    frame_stats stats_;
};

// Checks without throwing; each returns an empty string when the value is allowed, else one line
// naming the value and the allowed range (for command lines and settings panels).
[[nodiscard]] std::string check_tick_rate(double hz);
[[nodiscard]] std::string check_max_loops(double max_loops);
[[nodiscard]] std::string check_time_scale(double scale);

}  // namespace ticklab

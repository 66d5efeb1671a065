#pragma once
// The fixed-tick game loop with MAX_LOOPS catch-up.
//
// Usage (one frame; the client implements `loop_client`):
//
//   ticklab::steady_time_source source;
//   ticklab::fixed_loop loop{source, {.tick_rate_hz = 60, .max_loops = 8}};
//   while (running) {
//       const ticklab::frame_stats& frame = loop.advance(game);  // read the clock once, run 0..max_loops ticks
//       game.update_frame(frame.ticked);                         // once per frame: text 004's IndependentTickRun(frameTime)
//       game.render(frame.alpha);                                // draw between the last two tick states
//   }
//
// advance() is begin_frame() (read the clock, plan the frame: its index, ticks and target time)
// then finish_frame() (run the planned ticks). Between the two the frame's target is known before
// any of its ticks run (the game's session uses that for the scheduler's frame window).
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
// - Other strategies (variable stepping, a frame-time clamp, kept debt, no cap, text 004's loop
//   as printed; tick-length time scaling) are selectable for comparison; see the enums below.
//   Whatever the strategy, one frame runs at most safety_ticks_per_frame ticks.
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

// How a frame's time becomes simulation steps. The defaults are the loop Ticklab teaches; the
// others exist so a learner can compare them on the same scene.
enum class stepping : std::uint8_t {
    fixed,     // whole ticks of 1/hz, as many as are due (the default)
    variable,  // one update per frame with the frame's own delta; nothing is due "between" updates
};

enum class catch_up : std::uint8_t {
    // At most max_loops ticks; the backlog past that is dropped, keeping the phase within the
    // current tick (text 004 caps the same way but keeps a whole tick pending: see text_004).
    drop_backlog,
    clamp_frame_time,  // a frame brings at most frame_time_clamp of time (Fiedler, Bevy, Unity)
    keep_debt,         // at most max_loops ticks; the backlog is kept and caught up later in bursts
    uncapped,          // every due tick runs: the spiral of death, stopped only by the safety limits
    // Text 004's loop as printed, for comparison: a tick runs while MORE than TICK_TIME
    // (floor(1e9 / hz) ns) is pending (`>`, where ours has `>=`), at most max_loops; then, if more
    // than a tick is still pending, all but one tick is discarded (time0 = time1 - TICK_TIME). With
    // 20 ms ticks on 20 ms frames it runs 0 1 1 1 ... ticks where ours runs 1 1 1 1: a tick behind.
    text_004,
};

enum class time_scaling : std::uint8_t {
    tick_count,   // scaled time brings more or fewer ticks of the same length (deterministic)
    tick_length,  // ticks come at the real-time rate and each tick's dt is scaled (Godot's way)
};

// Safety limits that hold whatever the strategy: they keep a window responsive in the spiral of death.
inline constexpr std::uint32_t safety_ticks_per_frame = 10'000;
inline constexpr nanoseconds safety_tick_time_per_frame = std::chrono::milliseconds{250};  // real time
inline constexpr nanoseconds max_debt = std::chrono::seconds{60};                             // virtual time

struct loop_config {
    std::uint32_t tick_rate_hz = 60;
    std::uint32_t max_loops = 8;
    stepping step_mode = stepping::fixed;
    catch_up catch_up_mode = catch_up::drop_backlog;
    time_scaling scaling = time_scaling::tick_count;
    nanoseconds frame_time_clamp = std::chrono::milliseconds{250};  // for catch_up::clamp_frame_time
};

struct tick_info {
    std::uint64_t index = 0;  // 1 for the first tick ever run; counts across rate changes
    nanoseconds time{0};      // virtual time the tick is due at (the clock reads this during the tick)
    // The step this tick simulates: 1 / tick rate with fixed stepping and tick-count scaling, the
    // same for every tick; the frame's delta with variable stepping; times the scale with
    // tick-length scaling.
    double dt_seconds = 0.0;
};

struct frame_stats {
    std::uint64_t frame_index = 0;        // 1 for the first frame
    std::uint32_t ticks = 0;              // ticks run this frame
    double alpha = 0.0;                   // [0, 1): how far virtual time is past the last tick (1 with variable stepping: the state is current)
    nanoseconds simulated{0};             // virtual time that passed this frame (ticks plus the change in phase)
    nanoseconds ticked{0};                // the length of the ticks run this frame: text 004's frameTime
    nanoseconds real{0};                  // real time since the previous frame
    nanoseconds dropped{0};               // backlog discarded this frame by the cap
    nanoseconds tick_cost{0};             // real time spent inside ticks this frame
    bool capped = false;                  // the cap stopped ticks that were due
    bool stepped = false;                 // this frame's tick was a single step while paused
    bool safety_stop = false;             // a safety limit stopped ticks (uncapped catch-up)
    nanoseconds debt{0};                  // backlog carried to the next frame (keep_debt, uncapped)
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
    // Real time the last tick would have cost beyond what it took: a headless run models a slow
    // machine by counting its artificial load instead of sleeping it. Added to tick_cost.
    [[nodiscard]] virtual nanoseconds counted_tick_cost() const noexcept { return nanoseconds{0}; }
    // True when counted_tick_cost() is a tick's whole cost (a run on a manual clock): the real-time
    // safety limit then reads only that, and stops a frame on the same tick on every machine.
    [[nodiscard]] virtual bool tick_cost_is_modelled() const noexcept { return false; }
    // True while the client takes no ticks (a replay held at its recorded end): the frame ends at
    // the last tick run, so neither the tick count nor virtual time moves past that end.
    [[nodiscard]] virtual bool holds() const noexcept { return false; }
};

// A frame as begin_frame() planned it, before any of its ticks ran.
struct frame_plan {
    std::uint64_t frame_index = 0;
    nanoseconds start{0};   // virtual time when the frame began (the previous frame's end)
    nanoseconds target{0};  // virtual time the frame will end at (see finish_frame for the exception)
    std::uint32_t ticks = 0;  // ticks it will run
};

class fixed_loop {
public:
    // `source` is not owned and must outlive the loop.
    explicit fixed_loop(const time_source& source, loop_config config = {});

    // One frame: reads the clock once, runs due ticks (at most max_loops), drops any backlog past
    // the cap, and returns the frame's figures (valid until the next call). The same as
    // begin_frame() then finish_frame(client).
    const frame_stats& advance(loop_client& client);
    // The first half of advance(): reads the clock once and plans the frame (its index, ticks and
    // target time), running nothing. Settings changed before finish_frame() apply from the next frame.
    const frame_plan& begin_frame();
    // The second half: runs the planned ticks, then advance_to(target). Calls begin_frame() first if
    // it was not. The one case where the frame ends elsewhere than planned: catch_up::uncapped's
    // real-time safety stop, which ends the ticks early and moves the target back to the last tick.
    const frame_stats& finish_frame(loop_client& client);
    [[nodiscard]] const frame_plan& plan() const noexcept { return plan_; }

    void set_tick_rate(std::uint32_t hz);
    void set_max_loops(std::uint32_t max_loops);
    void set_stepping(stepping mode);
    void set_catch_up(catch_up mode) noexcept { config_.catch_up_mode = mode; }
    void set_time_scaling(time_scaling mode) noexcept { config_.scaling = mode; }
    void set_frame_time_clamp(nanoseconds clamp);  // (0, 10 s]
    [[nodiscard]] const loop_config& config() const noexcept { return config_; }
    [[nodiscard]] std::uint32_t tick_rate() const noexcept { return config_.tick_rate_hz; }
    [[nodiscard]] std::uint32_t max_loops() const noexcept { return config_.max_loops; }

    [[nodiscard]] virtual_clock& clock() noexcept { return clock_; }
    [[nodiscard]] const virtual_clock& clock() const noexcept { return clock_; }

    [[nodiscard]] nanoseconds virtual_now() const noexcept { return now_; }
    [[nodiscard]] std::uint64_t ticks() const noexcept { return ticks_; }
    // Due time of the last tick run (or of the schedule's origin before any tick), and of the next.
    [[nodiscard]] nanoseconds last_tick_time() const noexcept { return due_time(ticks_); }
    [[nodiscard]] nanoseconds next_tick_time() const noexcept { return due_time(ticks_ + 1); }
    [[nodiscard]] double tick_seconds() const noexcept { return 1.0 / config_.tick_rate_hz; }
    [[nodiscard]] const frame_stats& stats() const noexcept { return stats_; }
    // Starts the figures afresh (a lesson applied, a setting flipped): the totals of dropped time
    // and most ticks in a frame, and the last frame's ticks, times and flags read as if no frame
    // had run since. The frame index, the tick count (total_ticks), alpha and the debt are the
    // loop's state, not figures: they stay, and nothing the simulation sees changes.
    void restart_statistics() noexcept;
    // Forgets the time owed to the next frame: the debt (keep_debt, uncapped) and the real time the
    // clock has seen since the last frame began. Neither becomes virtual time nor counts as
    // dropped: for a fresh start that must not inherit what other settings left (the spiral's
    // minute of debt, its 250 ms frame). Like dropped time, the ticks that follow are the same
    // ticks at the same due times, only fewer of them in the next frame. Call between frames.
    void forgive_owed_time();
    // Virtual ns the loop's time moves per real ns: the clock's scale, or 1 with tick-length
    // scaling, whose ticks come at the real rate (the scale goes into each tick's dt instead).
    [[nodiscard]] double virtual_per_real() const noexcept {
        return config_.scaling == time_scaling::tick_length ? 1.0 : clock_.time_scale();
    }

private:
    [[nodiscard]] nanoseconds due_time(std::uint64_t tick) const noexcept {
        return origin_time_ + tick_offset(tick - origin_tick_, config_.tick_rate_hz);
    }
    void plan_fixed(nanoseconds elapsed);
    void plan_text_004(nanoseconds elapsed);
    void plan_variable(nanoseconds elapsed);
    void run_fixed(loop_client& client);
    void run_tick(loop_client& client, nanoseconds due, nanoseconds length, double dt_seconds);
    // Where the ticks of text 004's loop are due: floor(1e9 / hz) apart, from the last one.
    [[nodiscard]] nanoseconds text_tick_time() const noexcept { return tick_offset(1, config_.tick_rate_hz); }
    [[nodiscard]] double scaled_dt(double dt_seconds) const noexcept;
    [[nodiscard]] double current_alpha() const noexcept;

    virtual_clock clock_;
    loop_config config_;
    // The schedule: tick `origin_tick_` is due at `origin_time_`; rebased when the rate changes.
    std::uint64_t origin_tick_ = 0;
    nanoseconds origin_time_{0};
    std::uint64_t ticks_ = 0;
    nanoseconds now_{0};
    nanoseconds debt_{0};  // keep_debt / uncapped: virtual time owed to ticks not yet run
    frame_stats stats_;
    frame_plan plan_;
    bool planned_ = false;        // begin_frame() ran and finish_frame() has not yet
    nanoseconds raw_target_{0};   // the target before the cap (for the uncapped safety stop)
    nanoseconds safety_cost_{0};  // this frame's tick cost as the safety stop reads it
};

// Checks without throwing; each returns an empty string when the value is allowed, else one line
// naming the value and the allowed range (for command lines and settings panels).
[[nodiscard]] std::string check_tick_rate(double hz);
[[nodiscard]] std::string check_max_loops(double max_loops);
[[nodiscard]] std::string check_time_scale(double scale);

}  // namespace ticklab

#pragma once
// Turns real time into virtual (simulation) time: pause, resume, time scale, single step.
//
// Usage: the fixed loop owns one and calls `take_elapsed()` once per frame; a UI or test talks to it
// through `fixed_loop::clock()`.
//
//   clock.pause();               // virtual time stops; frames go on
//   clock.request_step();        // while paused: the next frame runs exactly one tick
//   clock.set_time_scale(2.0);   // virtual time runs twice as fast as real time
//
// Guarantees: virtual time never decreases (a source that jumps backwards yields 0 elapsed and is
// re-anchored); a pause, resume or scale change takes effect at the moment it is made, so the
// virtual time it produces is continuous; real time that jumps forwards is passed on (clamped to
// `max_frame_real_time`) for the loop to bound.

#include <ticklab/time.hpp>
#include <ticklab/time_source.hpp>

#include <cstdint>

namespace ticklab {

inline constexpr double min_time_scale = 0.01;
inline constexpr double max_time_scale = 64.0;

class virtual_clock {
public:
    // One frame never accounts for more real time than this (a day); it keeps the scaled
    // arithmetic far from overflow whatever the source does.
    static constexpr nanoseconds max_frame_real_time = std::chrono::hours{24};

    // `source` is not owned and must outlive the clock.
    explicit virtual_clock(const time_source& source);

    // Reads the source once. Returns the virtual time that passed since the previous call: 0 while
    // paused, real time x scale otherwise. Also records this frame's real duration.
    nanoseconds take_elapsed();

    void pause();
    void resume();
    void set_paused(bool paused) { paused ? pause() : resume(); }
    [[nodiscard]] bool paused() const noexcept { return paused_; }

    // Throws std::invalid_argument unless scale is finite and in [min_time_scale, max_time_scale].
    void set_time_scale(double scale);
    [[nodiscard]] double time_scale() const noexcept { return scale_; }

    // Real time between the two calls counts as real time but never becomes virtual time, whether
    // paused or not: for a stall the program makes on purpose (rebuilding 100,000 balls), which
    // catching up in ticks would only make longer. A stall leaves pause and step requests alone.
    void begin_stall();
    void end_stall();
    // The virtual time banked since the last take_elapsed() never becomes ticks: for a scene that
    // starts anew mid-frame (a reset), whose first frame would otherwise also run the old scene's
    // share of it. The frame's real time still counts as real time.
    void forget_banked();

    // Honoured only while paused: the next frame runs exactly one tick.
    void request_step() noexcept { step_requested_ = paused_; }
    [[nodiscard]] bool take_step_request() noexcept;

    // Real time the clock has seen pass (backward jumps excluded), and the last frame's share of it.
    [[nodiscard]] nanoseconds real_time() const noexcept { return real_time_; }
    [[nodiscard]] nanoseconds last_frame_real_time() const noexcept { return last_frame_real_; }
    // The last frame's real time while not paused, before scaling (for tick-length time scaling).
    [[nodiscard]] nanoseconds last_frame_running_time() const noexcept { return last_frame_running_; }
    [[nodiscard]] std::uint64_t backward_jumps() const noexcept { return backward_jumps_; }

private:
    // Moves the real time read since the last reading into `banked_` at the current rate.
    void bank();

    const time_source& source_;
    nanoseconds last_reading_;
    nanoseconds real_time_{0};
    nanoseconds frame_real_{0};       // real time banked since the last take_elapsed()
    nanoseconds last_frame_real_{0};
    nanoseconds banked_{0};           // virtual time banked since the last take_elapsed()
    nanoseconds running_{0};          // unpaused real time banked since the last take_elapsed()
    nanoseconds last_frame_running_{0};
    double carry_ns_ = 0.0;           // sub-nanosecond remainder of scaled time, in [0, 1)
    double scale_ = 1.0;
    bool paused_ = false;
    bool step_requested_ = false;
    bool stalled_ = false;
    std::uint64_t backward_jumps_ = 0;
};

}  // namespace ticklab

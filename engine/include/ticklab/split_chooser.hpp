#pragma once
// Whether splitting a step of work across threads (worker_pool.hpp) pays, decided from measured
// times instead of a fixed size: for work whose result is the same bit for bit on one thread or
// several, so the choice changes only the speed. The balls' tick uses it, and the window's draw of
// the balls (each with a chooser of its own); the comments below say "tick" for either step.
//
// Usage, once per step:
//   const bool split = chooser.split();  // run the step split (true) or on the caller (false)
//   ... step ...
//   chooser.record(split, seconds);      // the step's wall time
//
// It runs on one thread and now and then tries a few ticks the other way (a probe), comparing
// their mean with the ticks just before; the faster way is kept. Why measured: on a quiet 2-core
// machine two threads gain from about 10,000 balls, but when another process holds a core, each
// hand-off between two threads waits for the scheduler: with the row wavefront of earlier rounds, a
// tick that took 28 ms of CPU took a second of wall time (100,000 balls in a window at load 9: 3
// frames in 25 s).
// A probe that loses by a lot ends after one tick and the next waits max_interval ticks; a probe
// that loses ends as soon as one of its ticks is clearly slower (lose_ratio), and a probe that
// loses by a little after all its ticks, and both double the wait (from first_interval up to
// max_interval); a winning one resets it to first_interval.

#include <algorithm>
#include <cstdint>

namespace ticklab {

class split_chooser {
public:
    static constexpr std::uint32_t probe_ticks = 3;      // ticks the other way per probe
    static constexpr std::uint32_t reference_ticks = 3;  // ticks the kept way compared with
    static constexpr std::uint32_t first_interval = 30;  // ticks the kept way before a probe
    // The first probe comes after one tick, compared with that tick alone: a splash is heavy from
    // its first tick (the balls are drawn overlapping), and first_interval ticks on one thread at
    // its start made the catch-up of a 100,000-ball window's first seconds longer (BENCHMARKS.md,
    // issue 27's ninth round); three were three of the ten slowest ticks of its first 600.
    static constexpr std::uint32_t first_probe_after = 1;
    static constexpr std::uint32_t max_interval = 960;
    // A probe tick slower than this many times the reference ends the probe at once, and the next
    // waits max_interval ticks.
    static constexpr double give_up_ratio = 2.0;
    // A probe tick slower than this many times the reference ends the probe at once as lost (the
    // wait doubles): the other ticks would then have to average under 0.75 times the reference to
    // win. On a quiet machine, the one-thread probes of a 100,000-ball landing were 1.6-1.8 times
    // the split ticks: three in a row were three of the run's six slowest ticks (its p99).
    static constexpr double lose_ratio = 1.2;
    // The other way must be faster by this factor to be kept (measurements are noisy).
    static constexpr double switch_ratio = 0.9;

    // Starts on one thread, which is never stalled by a busy machine, and probes splitting after
    // first_probe_after ticks.
    [[nodiscard]] bool split() const noexcept { return probing_ ? !split_ : split_; }
    [[nodiscard]] bool splitting_kept() const noexcept { return split_; }

    void record(bool was_split, double seconds) noexcept {
        if (was_split != split()) return;  // a tick run by a rule of the caller's: not ours
        if (!probing_) {
            reference_[kept_ticks_ % reference_ticks] = seconds;
            if (++kept_ticks_ >= interval_) start_probe();
            return;
        }
        probe_sum_ += seconds;
        ++probe_count_;
        const double reference = reference_mean();
        if (seconds > give_up_ratio * reference) return end_probe(false, true);
        if (seconds > lose_ratio * reference) return end_probe(false);
        if (probe_count_ == probe_ticks) end_probe(probe_sum_ / probe_count_ < switch_ratio * reference);
    }

    // Back to the start, e.g. when the work changes a lot (a reset with another ball count).
    void restart() noexcept { *this = split_chooser{}; }

private:
    [[nodiscard]] double reference_mean() const noexcept {
        // Only the ticks measured so far: one at the first probe (interval_ >= reference_ticks
        // after it).
        const std::uint32_t count = std::min(kept_ticks_, reference_ticks);
        double sum = 0.0;
        for (std::uint32_t k = 0; k < count; ++k) sum += reference_[k];
        return sum / count;
    }
    void start_probe() noexcept {
        probing_ = true;
        probe_sum_ = 0.0;
        probe_count_ = 0;
    }
    // A probe lost by far (given up) waits the longest before the next: the machine is busy, and
    // each such probe tick is a hitch the user sees (1.4 s at load 9).
    void end_probe(bool other_won, bool given_up = false) noexcept {
        probing_ = false;
        kept_ticks_ = 0;
        if (other_won) {
            split_ = !split_;
            interval_ = first_interval;
        } else {
            interval_ = given_up ? max_interval : std::clamp(2 * interval_, first_interval, max_interval);
        }
    }

    bool split_ = false;
    bool probing_ = false;
    std::uint32_t interval_ = first_probe_after;
    std::uint32_t kept_ticks_ = 0;
    double reference_[reference_ticks] = {};
    double probe_sum_ = 0.0;
    std::uint32_t probe_count_ = 0;
};

}  // namespace ticklab

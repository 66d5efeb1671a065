#pragma once
// The artificial load a lesson asks for (tick, frame, task and idle work, in ms), and the clock
// the scheduler measures task costs with. In a window the load is real busy work and costs are
// real time; in manual-clock runs (headless, screenshot) the load is counted, not slept, the clock
// counts only it, and the runner adds it to the next frame (run/frame_clock.hpp). So task budgets
// follow the model exactly (a 3 ms task on a 2 ms budget runs in exactly two frames of three).
//
// Usage (the session):
//   modelled_load load;
//   simulation sim{entry, options, {.cost_clock = &load.clock()}};
//   load.begin_frame();  load.spend(settings.frame_load_ms);  load.counted_ms();

#include <ticklab/time.hpp>
#include <ticklab/time_source.hpp>

namespace ticklab::game {

class modelled_load {
public:
    void count_only(bool on) noexcept {
        counted_only_ = on;
        clock_.count_only(on);
    }
    [[nodiscard]] bool counted_only() const noexcept { return counted_only_; }
    // Busy-waits `ms`, or counts it.
    void spend(double ms);
    // The load counted since begin_frame (ms); 0 while the load is real.
    void begin_frame() noexcept { counted_ms_ = 0.0; }
    [[nodiscard]] double counted_ms() const noexcept { return counted_ms_; }
    // What a tick of `tick_load_ms` costs on the clock the loop cannot see (counted load only).
    [[nodiscard]] ticklab::nanoseconds counted_tick_cost(double tick_load_ms) const noexcept;
    // Outlives every scheduler that reads it.
    [[nodiscard]] const ticklab::time_source& clock() const noexcept { return clock_; }

private:
    // Real time, or only the counted load.
    class cost_clock final : public ticklab::time_source {
    public:
        [[nodiscard]] ticklab::nanoseconds now() const override { return counted_only_ ? counted_ : real_.now(); }
        void count_only(bool on) noexcept { counted_only_ = on; }
        void add(ticklab::nanoseconds load) noexcept { counted_ += load; }

    private:
        ticklab::steady_time_source real_;
        bool counted_only_ = false;
        ticklab::nanoseconds counted_{0};
    };
    cost_clock clock_;
    bool counted_only_ = false;
    double counted_ms_ = 0.0;
};

}  // namespace ticklab::game

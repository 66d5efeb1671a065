#pragma once
// Where real time comes from.
//
// Usage: the demo hands a `steady_time_source` to the loop; tests and the headless mode hand a
// `manual_time_source` and move it by hand, which makes every run reproducible.
//
//   ticklab::manual_time_source source;
//   ticklab::fixed_loop loop{source};
//   source.advance(16ms);           // one 16 ms frame "passes"
//   loop.advance(client);

#include <ticklab/time.hpp>

namespace ticklab {

class time_source {
public:
    virtual ~time_source() = default;
    // Real time since an arbitrary origin. Implementations may jump in either direction (a
    // manual source set backwards, a suspended laptop); the virtual clock copes with both.
    [[nodiscard]] virtual nanoseconds now() const = 0;
};

// Monotonic wall time (std::chrono::steady_clock, nanosecond resolution on Linux).
class steady_time_source final : public time_source {
public:
    steady_time_source();
    [[nodiscard]] nanoseconds now() const override;

private:
    std::chrono::steady_clock::time_point origin_;
};

// Time that moves only when told to.
class manual_time_source final : public time_source {
public:
    [[nodiscard]] nanoseconds now() const override { return now_; }
    void set(nanoseconds t) noexcept { now_ = t; }
    void advance(nanoseconds dt) noexcept { now_ += dt; }

private:
    nanoseconds now_{0};
};

}  // namespace ticklab

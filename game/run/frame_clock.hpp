#pragma once
// Where a run's real time comes from, one frame at a time: the hardware clock in a live window, a
// manual clock moved by --frame-ms in headless and screenshot runs.
//
// Usage (the runner does this):
//   stepped_clock clock{frame_time(options.frame_ms)};
//   session s{clock.source(), ...};
//   clock.before_frame(s, tick_target);   // moves the manual clock; a live clock does nothing
//   s.advance();

#include "session/session.hpp"
#include "sim/frame_time.hpp"
#include "sim/random.hpp"

#include <ticklab/time.hpp>
#include <ticklab/time_source.hpp>

#include <cstdint>
#include <optional>

namespace ticklab::game {

class frame_clock {
public:
    virtual ~frame_clock() = default;
    [[nodiscard]] virtual const ticklab::time_source& source() const = 0;
    // Before each frame. `tick_target`: the tick the run stops at, if any.
    virtual void before_frame(const session& s, std::optional<std::uint64_t> tick_target) = 0;
    // Whether anything but the program moves this clock (a live window's can be unpaused by a key).
    [[nodiscard]] virtual bool manual() const noexcept = 0;
    // Where the frame just run ends on source()'s axis, after its work: a live clock's now; a
    // manual clock's next reading as modelled (modelled_frame, without jitter or a tick target's
    // cut), since nothing moves a manual clock until the next frame. For the last frame's length.
    [[nodiscard]] virtual ticklab::nanoseconds frame_end(const session& s) const = 0;
    [[nodiscard]] double real_time_s() const { return ticklab::to_seconds(source().now()); }
};

// The steady hardware clock: a live window.
class live_clock final : public frame_clock {
public:
    [[nodiscard]] const ticklab::time_source& source() const override { return source_; }
    void before_frame(const session&, std::optional<std::uint64_t>) override {}
    [[nodiscard]] bool manual() const noexcept override { return false; }
    [[nodiscard]] ticklab::nanoseconds frame_end(const session&) const override { return source_.now(); }

private:
    ticklab::steady_time_source source_;
};

// What a frame lasts on the machine a manual clock models: the display's frame (`display_frame`,
// --frame-ms) or the FPS cap's interval, whichever is longer, plus the artificial load the previous
// frame counted (session::count_load: its ticks x tick load, and the frame load). So a lesson's
// slow machine looks the same headless, in a screenshot and in a window, on any display.
[[nodiscard]] ticklab::nanoseconds modelled_frame(ticklab::nanoseconds display_frame, const session& s);

// Headless runs: every frame lasts modelled_frame(`frame`), moved by up to +-jitter as a screenshot
// run's (a lesson's beat needs the wobble; 0 by default, then every frame is the same). With a tick target under fixed
// stepping the last frame is cut short so the run ends on exactly that tick, which makes state_hash independent of
// --frame-ms. Variable stepping runs one update per frame, whatever its length, so its frames are
// never cut: a cut would change the update's dt, and a frame never lasts less than `frame`.
class stepped_clock final : public frame_clock {
public:
    explicit stepped_clock(ticklab::nanoseconds frame, double jitter_ms = 0.0)
        : frame_{frame}, jitter_ns_{jitter_ms * 1e6} {}
    [[nodiscard]] const ticklab::time_source& source() const override { return source_; }
    void before_frame(const session& s, std::optional<std::uint64_t> tick_target) override;
    [[nodiscard]] bool manual() const noexcept override { return true; }
    [[nodiscard]] ticklab::nanoseconds frame_end(const session& s) const override;

private:
    ticklab::manual_time_source source_;
    ticklab::nanoseconds frame_;
    double jitter_ns_;
    random_source jitter_{7};
    ticklab::nanoseconds due_{0};  // the sum of the modelled frames so far
};

// Screenshot runs: frame `i` reads the sum of the first i + 1 modelled frames, moved by up to +-jitter, as a display's
// vsync does (a late frame is followed by a short one); a fixed seed makes every run the same.
// The clock never goes backwards: a reading at or before the last one moves it by 1 ns.
class jittered_clock final : public frame_clock {
public:
    jittered_clock(ticklab::nanoseconds frame, double jitter_ms) : frame_{frame}, jitter_ns_{jitter_ms * 1e6} {}
    [[nodiscard]] const ticklab::time_source& source() const override { return source_; }
    void before_frame(const session& s, std::optional<std::uint64_t> tick_target) override;
    [[nodiscard]] bool manual() const noexcept override { return true; }
    [[nodiscard]] ticklab::nanoseconds frame_end(const session& s) const override;

private:
    ticklab::manual_time_source source_;
    ticklab::nanoseconds frame_;
    double jitter_ns_;
    random_source jitter_{7};
    ticklab::nanoseconds due_{0};  // the sum of the modelled frames so far
};

}  // namespace ticklab::game

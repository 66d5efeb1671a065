#include "run/frame_clock.hpp"

#include <algorithm>
#include <cmath>

namespace ticklab::game {

namespace {

// Real time that brings the virtual clock to the due time of the `remaining`-th next tick.
ticklab::nanoseconds real_time_to_tick(const ticklab::fixed_loop& loop, std::uint64_t remaining) {
    // Tick lengths differ by at most 1 ns, so this is within 1 ns of the due time; the extra
    // nanosecond lands on or just past it, far short of the tick after.
    const ticklab::nanoseconds virtual_needed = loop.next_tick_time() - loop.virtual_now() +
                                                ticklab::tick_offset(remaining - 1, loop.tick_rate()) +
                                                ticklab::nanoseconds{1};
    const double real = std::ceil(static_cast<double>(virtual_needed.count()) / loop.virtual_per_real());
    return ticklab::nanoseconds{static_cast<std::int64_t>(real) + 1};
}

}  // namespace

ticklab::nanoseconds modelled_frame(ticklab::nanoseconds display_frame, const session& s) {
    ticklab::nanoseconds frame = display_frame;
    if (s.settings().fps_cap > 0.0) frame = std::max(frame, frame_time(1000.0 / s.settings().fps_cap));
    if (s.counted_load_ms() > 0.0) frame += frame_time(s.counted_load_ms());
    return frame;
}

void stepped_clock::before_frame(const session& s, std::optional<std::uint64_t> tick_target) {
    due_ += modelled_frame(frame_, s);
    ticklab::nanoseconds reading = due_;
    if (jitter_ns_ > 0.0) reading += ticklab::nanoseconds{std::llround(jitter_.uniform(-jitter_ns_, jitter_ns_))};
    ticklab::nanoseconds step = std::max(ticklab::nanoseconds{1}, reading - source_.now());
    const ticklab::fixed_loop& loop = s.loop();
    // A replay runs fixed ticks whatever the settings say (session::advance locks them).
    const bool fixed_ticks =
        s.replay_state().locked_tick_rate() || s.settings().strategy.step_mode == ticklab::stepping::fixed;
    if (tick_target && *tick_target > loop.ticks() && !s.settings().paused && fixed_ticks) {
        step = std::min(step, real_time_to_tick(loop, *tick_target - loop.ticks()));
    }
    source_.advance(step);
}

ticklab::nanoseconds stepped_clock::frame_end(const session& s) const {
    return std::max(source_.now(), due_ + modelled_frame(frame_, s));
}

ticklab::nanoseconds jittered_clock::frame_end(const session& s) const {
    return std::max(source_.now(), due_ + modelled_frame(frame_, s));
}

void jittered_clock::before_frame(const session& s, std::optional<std::uint64_t>) {
    const auto wobble = ticklab::nanoseconds{std::llround(jitter_.uniform(-jitter_ns_, jitter_ns_))};
    due_ += modelled_frame(frame_, s);
    const ticklab::nanoseconds reading = due_ + wobble;
    source_.advance(std::max(ticklab::nanoseconds{1}, reading - source_.now()));
}

}  // namespace ticklab::game

#include <ticklab/fixed_loop.hpp>

#include "format.hpp"

#include <cmath>
#include <stdexcept>

namespace ticklab {

namespace {

std::string check_range(const char* what, double value, double low, double high, bool whole) {
    const bool ok = std::isfinite(value) && value >= low && value <= high && (!whole || value == std::floor(value));
    if (ok) return {};
    return std::string{what} + " " + detail::format_number(value) + " is not allowed: use " +
           (whole ? "a whole number from " : "a value from ") + detail::format_number(low) + " to " +
           detail::format_number(high);
}

void throw_if_bad(const std::string& error) {
    if (!error.empty()) throw std::invalid_argument(error);
}

}  // namespace

std::string check_tick_rate(double hz) {
    return check_range("tick rate (Hz)", hz, min_tick_rate_hz, max_tick_rate_hz, true);
}

std::string check_max_loops(double max_loops) {
    return check_range("max loops", max_loops, min_max_loops, max_max_loops, true);
}

std::string check_time_scale(double scale) {
    return check_range("time scale", scale, min_time_scale, max_time_scale, false);
}

fixed_loop::fixed_loop(const time_source& source, loop_config config)
    : clock_{source}, hz_{config.tick_rate_hz}, max_loops_{config.max_loops} {
    throw_if_bad(check_tick_rate(hz_));
    throw_if_bad(check_max_loops(max_loops_));
}

void fixed_loop::set_tick_rate(std::uint32_t hz) {
    throw_if_bad(check_tick_rate(hz));
    if (hz == hz_) return;
    // Keep the elapsed fraction of the current tick: the old tick has elapsed `into` of `length`,
    // so the new schedule puts the last tick at now - into * new_length / length.
    const nanoseconds last = last_tick_time();
    // Both lengths are at most 1 s, so the product stays below 1e18 and fits in 64 bits.
    const std::int64_t into = (now_ - last).count();
    const std::int64_t length = (next_tick_time() - last).count();
    origin_tick_ = ticks_;
    hz_ = hz;
    const std::int64_t new_length = tick_offset(1, hz_).count();
    origin_time_ = now_ - nanoseconds{into * new_length / length};
}

void fixed_loop::set_max_loops(std::uint32_t max_loops) {
    throw_if_bad(check_max_loops(max_loops));
    max_loops_ = max_loops;
}

void fixed_loop::run_tick(loop_client& client) {
    const nanoseconds due = next_tick_time();
    client.advance_to(due);
    now_ = due;
    ++ticks_;
    const auto start = std::chrono::steady_clock::now();
    client.tick(tick_info{.index = ticks_, .time = due, .dt_seconds = tick_seconds()});
    stats_.tick_cost += std::chrono::steady_clock::now() - start;
    ++stats_.ticks;
}

double fixed_loop::current_alpha() const noexcept {
    const nanoseconds last = last_tick_time();
    return static_cast<double>((now_ - last).count()) / static_cast<double>((next_tick_time() - last).count());
}

const frame_stats& fixed_loop::advance(loop_client& client) {
    const nanoseconds elapsed = clock_.take_elapsed();
    const nanoseconds frame_start = now_;
    stats_.frame_index += 1;
    stats_.ticks = 0;
    stats_.dropped = nanoseconds{0};
    stats_.tick_cost = nanoseconds{0};
    stats_.capped = false;
    stats_.stepped = false;
    stats_.real = clock_.last_frame_real_time();

    nanoseconds target = now_ + elapsed;
    if (clock_.take_step_request()) {
        // A single step: exactly one tick, leaving the clock on that tick (alpha 0).
        target = next_tick_time();
        stats_.stepped = true;
    }
    while (stats_.ticks < max_loops_ && next_tick_time() <= target) run_tick(client);

    if (next_tick_time() <= target) {
        // The cap left ticks due. Keep only the part of the backlog inside the current tick, so the
        // phase survives but no burst follows; the rest never becomes virtual time.
        const nanoseconds last = last_tick_time();
        const nanoseconds length = next_tick_time() - last;
        const nanoseconds kept = (target - last) % length;
        stats_.dropped = target - (last + kept);
        stats_.capped = true;
        target = last + kept;
    }
    client.advance_to(target);
    now_ = target;

    stats_.alpha = current_alpha();
    stats_.simulated = now_ - frame_start;
    stats_.total_ticks = ticks_;
    stats_.total_dropped += stats_.dropped;
    stats_.max_ticks_per_frame = std::max(stats_.max_ticks_per_frame, stats_.ticks);
    return stats_;
}

}  // namespace ticklab

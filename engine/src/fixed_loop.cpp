#include <ticklab/fixed_loop.hpp>

#include "format.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

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

fixed_loop::fixed_loop(const time_source& source, loop_config config) : clock_{source}, config_{config} {
    throw_if_bad(check_tick_rate(config_.tick_rate_hz));
    throw_if_bad(check_max_loops(config_.max_loops));
    set_frame_time_clamp(config_.frame_time_clamp);
}

void fixed_loop::set_tick_rate(std::uint32_t hz) {
    throw_if_bad(check_tick_rate(hz));
    if (hz == config_.tick_rate_hz) return;
    if (config_.step_mode == stepping::variable) {
        config_.tick_rate_hz = hz;  // no schedule to keep: set_stepping anchors it at the switch
        return;
    }
    // Keep the elapsed fraction of the current tick: the old tick has elapsed `into` of `length`,
    // so the new schedule puts the last tick at now - into * new_length / length.
    const nanoseconds last = last_tick_time();
    // Both lengths are at most 1 s, so the product stays below 1e18 and fits in 64 bits.
    const std::int64_t into = std::min(now_ - last, next_tick_time() - last).count();
    const std::int64_t length = (next_tick_time() - last).count();
    origin_tick_ = ticks_;
    config_.tick_rate_hz = hz;
    const std::int64_t new_length = tick_offset(1, hz).count();
    origin_time_ = now_ - nanoseconds{into * new_length / length};
}

void fixed_loop::set_max_loops(std::uint32_t max_loops) {
    throw_if_bad(check_max_loops(max_loops));
    config_.max_loops = max_loops;
}

void fixed_loop::set_stepping(stepping mode) {
    if (mode == config_.step_mode) return;
    config_.step_mode = mode;
    // Either way the new mode starts from the present: the next fixed tick is one tick from now.
    origin_tick_ = ticks_;
    origin_time_ = now_;
}

void fixed_loop::set_frame_time_clamp(nanoseconds clamp) {
    if (clamp <= nanoseconds{0} || clamp > std::chrono::seconds{10}) {
        throw std::invalid_argument("frame time clamp " + detail::format_number(to_milliseconds(clamp)) +
                                    " ms is not allowed: use a value above 0 and up to 10000 ms");
    }
    config_.frame_time_clamp = clamp;
}

double fixed_loop::scaled_dt(double dt_seconds) const noexcept {
    return config_.scaling == time_scaling::tick_length ? dt_seconds * clock_.time_scale() : dt_seconds;
}

void fixed_loop::run_tick(loop_client& client, nanoseconds due, double dt_seconds) {
    client.advance_to(due);
    now_ = due;
    ++ticks_;
    const auto start = std::chrono::steady_clock::now();
    client.tick(tick_info{.index = ticks_, .time = due, .dt_seconds = dt_seconds});
    stats_.tick_cost += std::chrono::steady_clock::now() - start;
    ++stats_.ticks;
}

double fixed_loop::current_alpha() const noexcept {
    const nanoseconds last = last_tick_time();
    const double alpha =
        static_cast<double>((now_ - last).count()) / static_cast<double>((next_tick_time() - last).count());
    return std::min(alpha, std::nextafter(1.0, 0.0));
}

const frame_stats& fixed_loop::advance(loop_client& client) {
    nanoseconds elapsed = clock_.take_elapsed();
    if (config_.scaling == time_scaling::tick_length) elapsed = clock_.last_frame_running_time();
    const nanoseconds frame_start = now_;
    stats_.frame_index += 1;
    stats_.ticks = 0;
    stats_.dropped = nanoseconds{0};
    stats_.tick_cost = nanoseconds{0};
    stats_.capped = false;
    stats_.stepped = false;
    stats_.safety_stop = false;
    stats_.real = clock_.last_frame_real_time();

    if (config_.catch_up_mode == catch_up::clamp_frame_time && elapsed > config_.frame_time_clamp) {
        stats_.dropped = elapsed - config_.frame_time_clamp;
        elapsed = config_.frame_time_clamp;
    }
    if (config_.step_mode == stepping::variable) {
        advance_variable(client, elapsed);
    } else {
        advance_fixed(client, elapsed);
    }

    stats_.simulated = now_ - frame_start;
    stats_.debt = debt_;
    stats_.total_ticks = ticks_;
    stats_.total_dropped += stats_.dropped;
    stats_.max_ticks_per_frame = std::max(stats_.max_ticks_per_frame, stats_.ticks);
    return stats_;
}

void fixed_loop::advance_fixed(loop_client& client, nanoseconds elapsed) {
    nanoseconds target = now_ + std::exchange(debt_, nanoseconds{0}) + elapsed;
    if (clock_.take_step_request()) {
        // A single step: exactly one tick, leaving the clock on that tick (alpha 0).
        target = next_tick_time();
        stats_.stepped = true;
    }
    const bool capped_by_max_loops =
        config_.catch_up_mode == catch_up::drop_backlog || config_.catch_up_mode == catch_up::keep_debt;
    const std::uint32_t limit = capped_by_max_loops ? config_.max_loops : safety_ticks_per_frame;
    const double dt = scaled_dt(tick_seconds());
    while (stats_.ticks < limit && next_tick_time() <= target) {
        // Real-time limits apply only where nothing else bounds the work, so that every other
        // strategy stays deterministic.
        if (config_.catch_up_mode == catch_up::uncapped && stats_.tick_cost >= safety_tick_time_per_frame) {
            stats_.safety_stop = true;
            break;
        }
        run_tick(client, next_tick_time(), dt);
    }
    if (stats_.ticks == safety_ticks_per_frame) stats_.safety_stop = true;

    if (next_tick_time() <= target) {
        stats_.capped = true;
        const nanoseconds last = last_tick_time();
        if (config_.catch_up_mode == catch_up::keep_debt || config_.catch_up_mode == catch_up::uncapped) {
            // Keep the backlog for later frames (bounded, so a long hitch cannot owe forever).
            debt_ = std::min(target - last, max_debt);
            stats_.dropped += (target - last) - debt_;
            target = last;
        } else {
            // Keep only the part of the backlog inside the current tick, so the phase survives
            // but no burst follows; the rest never becomes virtual time.
            const nanoseconds kept = (target - last) % (next_tick_time() - last);
            stats_.dropped += target - (last + kept);
            target = last + kept;
        }
    }
    client.advance_to(target);
    now_ = target;
    stats_.alpha = current_alpha();
}

void fixed_loop::advance_variable(loop_client& client, nanoseconds elapsed) {
    debt_ = nanoseconds{0};
    if (clock_.take_step_request()) {
        elapsed = tick_offset(1, config_.tick_rate_hz);
        stats_.stepped = true;
    }
    if (elapsed > nanoseconds{0}) run_tick(client, now_ + elapsed, scaled_dt(to_seconds(elapsed)));
    stats_.alpha = 1.0;
}

}  // namespace ticklab

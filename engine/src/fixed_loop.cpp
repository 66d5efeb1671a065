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

void fixed_loop::restart_statistics() noexcept {
    stats_.ticks = 0;
    stats_.simulated = nanoseconds{0};
    stats_.ticked = nanoseconds{0};
    stats_.real = nanoseconds{0};
    stats_.dropped = nanoseconds{0};
    stats_.tick_cost = nanoseconds{0};
    stats_.capped = false;
    stats_.stepped = false;
    stats_.safety_stop = false;
    stats_.total_dropped = nanoseconds{0};
    stats_.max_ticks_per_frame = 0;
}

void fixed_loop::forgive_owed_time() {
    debt_ = nanoseconds{0};
    stats_.debt = debt_;
    static_cast<void>(clock_.take_elapsed());
}

double fixed_loop::scaled_dt(double dt_seconds) const noexcept {
    return config_.scaling == time_scaling::tick_length ? dt_seconds * clock_.time_scale() : dt_seconds;
}

void fixed_loop::run_tick(loop_client& client, nanoseconds due, nanoseconds length, double dt_seconds) {
    client.advance_to(due);
    now_ = due;
    ++ticks_;
    const auto start = std::chrono::steady_clock::now();
    client.tick(tick_info{.index = ticks_, .time = due, .dt_seconds = dt_seconds});
    const nanoseconds real = std::chrono::steady_clock::now() - start;
    stats_.tick_cost += real + client.counted_tick_cost();
    safety_cost_ += (client.tick_cost_is_modelled() ? nanoseconds{0} : real) + client.counted_tick_cost();
    stats_.ticked += length;
    ++stats_.ticks;
}

double fixed_loop::current_alpha() const noexcept {
    const nanoseconds last = last_tick_time();
    const double alpha =
        static_cast<double>((now_ - last).count()) / static_cast<double>((next_tick_time() - last).count());
    return std::min(alpha, std::nextafter(1.0, 0.0));
}

const frame_stats& fixed_loop::advance(loop_client& client) {
    begin_frame();
    return finish_frame(client);
}

const frame_plan& fixed_loop::begin_frame() {
    nanoseconds elapsed = clock_.take_elapsed();
    if (config_.scaling == time_scaling::tick_length) elapsed = clock_.last_frame_running_time();
    stats_.frame_index += 1;
    stats_.ticks = 0;
    stats_.dropped = nanoseconds{0};
    stats_.tick_cost = nanoseconds{0};
    safety_cost_ = nanoseconds{0};
    stats_.ticked = nanoseconds{0};
    stats_.capped = false;
    stats_.stepped = false;
    stats_.safety_stop = false;
    stats_.real = clock_.last_frame_real_time();
    plan_ = frame_plan{.frame_index = stats_.frame_index, .start = now_, .target = now_, .ticks = 0};

    if (config_.catch_up_mode == catch_up::clamp_frame_time && elapsed > config_.frame_time_clamp) {
        stats_.dropped = elapsed - config_.frame_time_clamp;
        elapsed = config_.frame_time_clamp;
    }
    if (config_.step_mode == stepping::variable) {
        plan_variable(elapsed);
    } else if (config_.catch_up_mode == catch_up::text_004) {
        plan_text_004(elapsed);
    } else {
        plan_fixed(elapsed);
    }
    planned_ = true;
    return plan_;
}

const frame_stats& fixed_loop::finish_frame(loop_client& client) {
    if (!planned_) begin_frame();
    planned_ = false;
    if (config_.step_mode == stepping::variable) {
        debt_ = nanoseconds{0};
        if (client.holds()) {
            plan_.target = now_;
            stats_.stepped = false;
        } else if (plan_.ticks > 0) {
            const nanoseconds elapsed = plan_.target - now_;
            run_tick(client, plan_.target, elapsed, scaled_dt(to_seconds(elapsed)));
        }
        stats_.alpha = 1.0;
    } else {
        run_fixed(client);
    }

    stats_.simulated = now_ - plan_.start;
    stats_.debt = debt_;
    stats_.total_ticks = ticks_;
    stats_.total_dropped += stats_.dropped;
    stats_.max_ticks_per_frame = std::max(stats_.max_ticks_per_frame, stats_.ticks);
    return stats_;
}

void fixed_loop::plan_fixed(nanoseconds elapsed) {
    nanoseconds target = now_ + std::exchange(debt_, nanoseconds{0}) + elapsed;
    if (clock_.take_step_request()) {
        // A single step: exactly one tick, leaving the clock on that tick (alpha 0).
        target = next_tick_time();
        stats_.stepped = true;
    }
    raw_target_ = target;
    const bool capped_by_max_loops =
        config_.catch_up_mode == catch_up::drop_backlog || config_.catch_up_mode == catch_up::keep_debt;
    const std::uint32_t limit = capped_by_max_loops ? config_.max_loops : safety_ticks_per_frame;
    std::uint32_t ticks = 0;
    while (ticks < limit && due_time(ticks_ + ticks + 1) <= target) ++ticks;
    if (ticks == safety_ticks_per_frame) stats_.safety_stop = true;

    if (due_time(ticks_ + ticks + 1) <= target) {
        stats_.capped = true;
        const nanoseconds last = due_time(ticks_ + ticks);
        if (config_.catch_up_mode == catch_up::keep_debt || config_.catch_up_mode == catch_up::uncapped) {
            // Keep the backlog for later frames (bounded, so a long hitch cannot owe forever).
            debt_ = std::min(target - last, max_debt);
            stats_.dropped += (target - last) - debt_;
            target = last;
        } else {
            // Keep only the part of the backlog inside the current tick, so the phase survives
            // but no burst follows; the rest never becomes virtual time.
            const nanoseconds kept = (target - last) % (due_time(ticks_ + ticks + 1) - last);
            stats_.dropped += target - (last + kept);
            target = last + kept;
        }
    }
    plan_.ticks = ticks;
    plan_.target = target;
}

void fixed_loop::plan_text_004(nanoseconds elapsed) {
    debt_ = nanoseconds{0};
    // time0 is where the last tick ended; ticks are TICK_TIME apart from there, whatever the grid.
    const nanoseconds time0_at_start = last_tick_time();
    origin_tick_ = ticks_;
    origin_time_ = time0_at_start;
    const nanoseconds tick = text_tick_time();
    nanoseconds time1 = now_ + elapsed;
    if (clock_.take_step_request()) {
        // The text has no pause; a single step runs exactly one tick, as in the other modes.
        plan_.ticks = 1;
        plan_.target = time0_at_start + tick;
        stats_.stepped = true;
        return;
    }
    // while ((time1 - time0) > TICK_TIME && numLoops < MAX_LOOPS) { GameTickRun(); time0 += TICK_TIME; ... }
    nanoseconds time0 = time0_at_start;
    std::uint32_t num_loops = 0;
    while ((time1 - time0) > tick && num_loops < config_.max_loops) {
        time0 += tick;
        ++num_loops;
    }
    // if (!bNetworkGame && (time1 - time0) > TICK_TIME) time0 = time1 - TICK_TIME;
    // Discarded time is not virtual time here either: the frame ends one tick after time0, so the
    // pending time is exactly the text's one tick.
    if ((time1 - time0) > tick) {
        stats_.capped = true;
        stats_.dropped += (time1 - time0) - tick;
        time1 = time0 + tick;
    }
    plan_.ticks = num_loops;
    plan_.target = time1;
}

void fixed_loop::plan_variable(nanoseconds elapsed) {
    if (clock_.take_step_request()) {
        elapsed = tick_offset(1, config_.tick_rate_hz);
        stats_.stepped = true;
    }
    plan_.ticks = elapsed > nanoseconds{0} ? 1 : 0;
    plan_.target = now_ + elapsed;
}

void fixed_loop::run_fixed(loop_client& client) {
    const bool text = config_.catch_up_mode == catch_up::text_004;
    const double dt = scaled_dt(tick_seconds());
    while (stats_.ticks < plan_.ticks && next_tick_time() <= plan_.target) {
        if (client.holds()) break;
        // Real-time limits apply only where nothing else bounds the work, so that every other
        // strategy stays deterministic.
        if (config_.catch_up_mode == catch_up::uncapped && safety_cost_ >= safety_tick_time_per_frame) {
            stats_.safety_stop = true;
            // The frame ends at the last tick run; the rest of the time is owed, as after a cap.
            const nanoseconds last = last_tick_time();
            stats_.capped = true;
            debt_ = std::min(raw_target_ - last, max_debt);
            stats_.dropped = (raw_target_ - last) - debt_;
            plan_.target = last;
            break;
        }
        const nanoseconds due = next_tick_time();
        run_tick(client, due, due - last_tick_time(), dt);
        if (text) {
            origin_tick_ = ticks_;  // text 004 counts ticks from the last one: time0 += TICK_TIME
            origin_time_ = due;
        }
    }
    if (client.holds()) {
        plan_.target = now_;
        debt_ = nanoseconds{0};
        if (stats_.ticks == 0) stats_.stepped = false;  // a step asked for while held runs nothing
    }
    client.advance_to(plan_.target);
    now_ = plan_.target;
    stats_.alpha = current_alpha();
}

}  // namespace ticklab

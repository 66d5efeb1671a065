#include "session/session.hpp"

#include "scenes/scene_registry.hpp"
#include "session/ghost_run.hpp"
#include "session/loop_setup.hpp"
#include "sim/frame_time.hpp"
#include "sim/portable_math.hpp"
#include "sim/setting_table.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <type_traits>

namespace ticklab::game {

namespace {

const scene_entry& entry_named(std::string_view name) {
    const scene_entry* entry = find_scene(name);
    if (entry == nullptr) {
        throw std::invalid_argument("scene '" + std::string{name} + "' is not known: use one of " + scene_name_list());
    }
    return *entry;
}

void throw_if_bad(const std::string& error) {
    if (!error.empty()) throw std::invalid_argument(error);
}

// A panel can hand over anything; the loop takes only allowed values. A bad one is pulled into its
// range (NaN to the default) and written back, so the panel shows what runs.
void sanitise(loop_settings& s) {
    const auto pull = [](setting id, auto& value) {
        value = static_cast<std::remove_reference_t<decltype(value)>>(clamp_setting(id, value));
    };
    pull(setting::tick_rate, s.tick_rate_hz);
    pull(setting::max_loops, s.max_loops);
    pull(setting::time_scale, s.time_scale);
    pull(setting::fps_cap, s.fps_cap);
    pull(setting::tick_load_ms, s.tick_load_ms);
    pull(setting::frame_load_ms, s.frame_load_ms);
    pull(setting::task_load_ms, s.task_load_ms);
    pull(setting::task_budget_ms, s.task_budget_ms);
    pull(setting::idle_work_ms, s.idle_work_ms);
    pull(setting::frame_time_clamp_ms, s.frame_time_clamp_ms);
    if (s.ghost_tick_rate_hz != 0) pull(setting::tick_rate, s.ghost_tick_rate_hz);  // 0: main's rate
}

}  // namespace

session::session(const ticklab::time_source& source, std::string_view scene_name, const scene_options& options,
                 const loop_settings& initial)
    : settings_{initial},
      source_{&source},
      loop_{source, loop_config_of(initial)},
      sim_{entry_named(scene_name), options, ticklab::scheduler_config{.cost_clock = &load_.clock()}} {
    throw_if_bad(ticklab::check_time_scale(initial.time_scale));
    loop_.clock().set_time_scale(initial.time_scale);
    loop_.clock().set_paused(initial.paused);
}

const ticklab::frame_stats& session::advance() {
    if (const auto hz = replay_.locked_tick_rate()) {
        // A recording's ticks must all be 1 / hz long: variable steps and scaled tick lengths are not.
        if (settings_.tick_rate_hz != *hz || settings_.strategy.step_mode != ticklab::stepping::fixed ||
            settings_.strategy.scaling != ticklab::time_scaling::tick_count) {
            settings_.tick_rate_hz = *hz;
            settings_.strategy.step_mode = ticklab::stepping::fixed;
            settings_.strategy.scaling = ticklab::time_scaling::tick_count;
            settings_changed_ = true;
        }
    }
    if (settings_changed_) {
        sanitise(settings_);
        apply_to_loop(settings_, loop_);
        settings_changed_ = false;
    }
    std::uint32_t max_loops = settings_.max_loops;
    if (tick_target_ && *tick_target_ > loop_.ticks()) {
        // Debt carried in can make more ticks due than the run has left; the clock alone cannot
        // stop them (runner.hpp steps it only up to the last tick's due time), the cap can.
        const std::uint64_t left = *tick_target_ - loop_.ticks();
        if (left < max_loops) max_loops = static_cast<std::uint32_t>(left);
    }
    loop_.set_max_loops(max_loops);
    if (network_) return advance_network();
    // The ghost reads the same clock and sees the same input and step request, before main takes them.
    if (settings_.compare) {
        comparison_.advance(settings_, input_);
    } else {
        comparison_.stop();
    }
    settings_.single_step = false;
    load_.begin_frame();
    spare_.begin_frame(sim_.tasks());
    figures_.begin_frame(loop_);
    // Text 002's ExecuteFrame: the frame's window is known to the scheduler before its ticks run.
    const ticklab::frame_plan& plan = loop_.begin_frame();
    sim_.begin_frame({.index = next_task_frame(plan.frame_index), .start = plan.start, .end = plan.target});
    const ticklab::frame_stats& stats = loop_.finish_frame(*this);
    figures_.end_frame(loop_);
    comparison_.after_frame(settings_, loop_, sim_, input_);
    return stats;
}

void session::start_clock_now() {
    (void)loop_.clock().take_elapsed();
}

void session::advance_to(ticklab::nanoseconds virtual_time) {
    // Time tasks and script waits, in virtual time order, before the tick due at that time.
    if (!replay_.holding()) sim_.advance_to(virtual_time);  // a finished replay freezes scripts too
}

ticklab::nanoseconds session::counted_tick_cost() const noexcept {
    return load_.counted_tick_cost(settings_.tick_load_ms);
}

void session::tick(const ticklab::tick_info& tick) {
    tick_input input = input_.take_for_tick();
    if (!replay_input(input)) return;
    load_.spend(settings_.tick_load_ms);
    const phase_timer tick_timer;
    sim_.tick(input, tick.dt_seconds, tick.index);
    figures_.add_tick(tick.time, tick_timer.elapsed_ms());
    if (comparison_.on_tick(tick.time, loop_.ticks())) {
        sim_.keep_choices();
        reset_scene(sim_.options());
    }
    if (replay_.recording) replay_.recorder->record(input);
    start_pending_replay_work();
}

void session::update_frame(const ticklab::frame_stats& frame) {
    budget_task_.update(sim_.tasks(), settings_.task_load_ms, settings_.task_budget_ms);
    sim_.run_frame(task_frame_);
    budget_task_.end_frame();
    load_.spend(settings_.frame_load_ms);
    // Render tasks come last, after everything else in the frame, just before the front end draws.
    sim_.run_render();
    figures_.after_frame(frame);
}

void session::use_spare_time(ticklab::nanoseconds budget) {
    spare_.use(sim_.tasks(), budget, settings_.idle_work_ms);
}

void session::set_settings(const loop_settings& next) {
    settings_ = next;
    sanitise(settings_);
    settings_changed_ = true;
}

void session::set_paused(bool paused) {
    loop_settings next = settings_;
    next.paused = paused;
    set_settings(next);
}

void session::request_step() {
    loop_settings next = settings_;
    next.single_step = true;
    set_settings(next);
}

void session::set_time_scale(double scale) {
    loop_settings next = settings_;
    next.time_scale = scale;
    set_settings(next);
}

void session::set_tick_rate(std::uint32_t hz) {
    loop_settings next = settings_;
    next.tick_rate_hz = hz;
    set_settings(next);
}

std::uint64_t session::next_task_frame(std::uint64_t frame_index) {
    // The scheduler's frames only go forward; the loop's and a network game's frame counts are
    // two counters, so stepping out of a network game must not take the scheduler back.
    if (ran_a_frame_ && frame_index + task_frame_offset_ <= task_frame_) {
        task_frame_offset_ = task_frame_ + 1 - frame_index;
    }
    ran_a_frame_ = true;
    task_frame_ = frame_index + task_frame_offset_;
    return task_frame_;
}

void session::draw(draw_list& out) const {
    if (network_) {
        draw_peer(0, out);
        return;
    }
    sim_.draw_smoothed(out, settings_.strategy.smoothing_mode, loop_);
    if (settings_.latest_tick_marks) draw_latest_tick_marks(out);
    comparison_.draw_ghost(out);
}

void session::draw_latest_tick_marks(draw_list& out) const {
    if (network_) return;
    draw_list latest;
    sim_.draw(latest, 1.0);
    // A 16-sided ring per ball on the lines layer (drawn on top), so the ball drawn by the
    // smoothing and where the latest tick put it are both visible.
    constexpr int sides = latest_tick_mark_sides;
    constexpr rgba ring = latest_tick_mark_colour;
    for (const circle_shape& c : latest.circles) {
        for (int i = 0; i < sides; ++i) {
            const double a0 = 2.0 * std::numbers::pi * i / sides;
            const double a1 = 2.0 * std::numbers::pi * (i + 1) / sides;
            out.lines.push_back(line_shape{.from = {c.center.x + c.radius * static_cast<float>(portable_math::cos(a0)),
                                                    c.center.y + c.radius * static_cast<float>(portable_math::sin(a0))},
                                           .to = {c.center.x + c.radius * static_cast<float>(portable_math::cos(a1)),
                                                  c.center.y + c.radius * static_cast<float>(portable_math::sin(a1))},
                                           .stroke = ring});
        }
    }
}

session::picture_lag session::lag_of_picture() const {
    if (loop_.config().step_mode != ticklab::stepping::fixed) return {};
    const double tick_ms = 1000.0 / loop_.tick_rate();
    const double alpha = loop_.stats().alpha;
    smoothing mode = settings_.strategy.smoothing_mode;
    if (mode == smoothing::render_tick && network_) mode = smoothing::interpolate;  // as draw_alpha
    switch (mode) {
        case smoothing::none:
            return {.age_ms = alpha * tick_ms, .behind_tick_ms = 0.0};
        case smoothing::interpolate:
            return {.age_ms = tick_ms, .behind_tick_ms = (1.0 - alpha) * tick_ms};
        case smoothing::extrapolate:
        case smoothing::render_tick:
            return {.age_ms = 0.0, .behind_tick_ms = -alpha * tick_ms};
    }
    return {};
}

void session::switch_scene(const scene_entry& entry) {
    end_recording_and_replay();
    sim_.keep_choices();
    install_scene(entry, sim_.options());
}

void session::install_scene(const scene_entry& entry, const scene_options& options) {
    stalled([&] { sim_.replace(entry, options); });
    comparison_.stop();  // the next frame starts a ghost of the new scene
    if (network_) restart_network();
}

void session::reset() {
    sim_.keep_choices();
    reset(sim_.options());
}

void session::reset(const scene_options& options) {
    stalled([&] { reset_scene(options); });
    // The new scene starts now. Caught up, the time the old one had banked this frame put a tick in
    // the frame that holds the reset: with 100,000 balls, 30 ms of reset, tick and draw.
    loop_.clock().forget_banked();
}

void session::reset_scene(const scene_options& options) {
    end_recording_and_replay();
    sim_.reset(scene_options{options});  // a copy: `options` may be the simulation's own
    comparison_.on_reset();
    if (network_) restart_network();
}

}  // namespace ticklab::game

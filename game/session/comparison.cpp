#include "session/comparison.hpp"

#include <algorithm>
#include <cmath>

namespace ticklab::game {

namespace {

rgba faded(rgba colour, std::uint8_t opacity) {
    // Halfway to white: the ghost stays recognisable but never matches the main scene's colours.
    const auto lift = [](std::uint8_t c) { return static_cast<std::uint8_t>((c + 255) / 2); };
    return {lift(colour.r), lift(colour.g), lift(colour.b), opacity};
}

}  // namespace

loop_settings ghost_settings(const loop_settings& main) {
    loop_settings out = main;
    out.strategy = main.ghost_strategy;
    if (main.ghost_tick_rate_hz != 0) {
        out.tick_rate_hz = std::clamp(main.ghost_tick_rate_hz, ticklab::min_tick_rate_hz, ticklab::max_tick_rate_hz);
    }
    out.compare = false;
    // Drawing aids and the budget lesson's task belong to the main view: a ghost of them would
    // only draw its rings under main's and do the task's work twice.
    out.latest_tick_marks = false;
    out.task_load_ms = 0.0;
    return out;
}

void append_ghost(draw_list& out, const draw_list& ghost, std::uint8_t opacity) {
    for (circle_shape c : ghost.circles) {
        c.fill = faded(c.fill, opacity);
        out.circles.push_back(c);
    }
    for (triangle_shape t : ghost.triangles) {
        t.fill = faded(t.fill, opacity);
        out.triangles.push_back(t);
    }
    for (line_shape l : ghost.lines) {
        l.stroke = faded(l.stroke, opacity);
        out.lines.push_back(l);
    }
}

comparison::comparison() = default;
comparison::~comparison() = default;

void comparison::advance(const loop_settings& main, const input_buffer& input) {
    if (!ghost_) {
        if (start_ == start_state::none) start_ = start_state::requested;
        return;
    }
    // Taken before main takes them; the ghost runs its frame in after_frame.
    step_ = main.single_step;
    input_ = input;
    frame_due_ = true;
}

bool comparison::on_tick(ticklab::nanoseconds due, std::uint64_t main_ticks) {
    if (start_ != start_state::requested) return false;
    // Reset on the tick boundary: main's scripts restart at `due`, where the ghost's clock starts.
    start_ = start_state::reset_done;
    start_due_ = due;
    start_tick_ = main_ticks;
    return true;
}

void comparison::after_frame(const loop_settings& main, const ticklab::fixed_loop& main_loop,
                             const simulation& main_sim, const input_buffer& input) {
    if (ghost_ && frame_due_) {
        // After main's frame: the ghost's clock reads the real time main's frame read.
        loop_settings settings = ghost_settings(main);
        settings.single_step = step_;
        ghost_->run_frame(settings, input_);
    }
    frame_due_ = false;
    if (start_ != start_state::reset_done) return;
    start_ = start_state::none;
    loop_settings initial = ghost_settings(main);
    initial.single_step = false;
    source_ = std::make_unique<main_clock_time>(main_loop.clock());
    ghost_ = std::make_unique<ghost_run>(*source_, main_sim.entry(), main_sim.options(), initial);
    // The ghost's clock read "now" as its time 0; main is already past `start_due_` by the rest of
    // this frame, which the ghost runs at once (in real time): it ends the frame where main does,
    // with the input main's ticks left (held keys; the events went to the tick main reset).
    const double ahead =
        static_cast<double>((main_loop.virtual_now() - start_due_).count()) / main_loop.virtual_per_real();
    source_->set_shift(ticklab::nanoseconds{std::llround(ahead)});
    ghost_->run_frame(initial, input);
}

void comparison::on_reset() {
    if (ghost_) ghost_->reset();
}

void comparison::stop() {
    start_ = start_state::none;
    frame_due_ = false;
    ghost_.reset();
    source_.reset();
}

void comparison::draw_ghost(draw_list& out) const {
    if (!ghost_) return;
    scratch_.clear();
    ghost_->draw(scratch_);
    append_ghost(out, scratch_, ghost_opacity);
}

}  // namespace ticklab::game

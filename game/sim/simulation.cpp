#include "sim/simulation.hpp"

#include <stdexcept>

namespace ticklab::game {

double draw_alpha(smoothing mode, const ticklab::fixed_loop& loop) {
    if (loop.config().step_mode != ticklab::stepping::fixed) return 1.0;
    switch (mode) {
        case smoothing::none:
            return 1.0;
        case smoothing::interpolate:
        case smoothing::render_tick:
            return loop.stats().alpha;
        case smoothing::extrapolate:
            return 1.0 + loop.stats().alpha;  // see scene::draw
    }
    return 1.0;
}

simulation::simulation(const scene_entry& entry, const scene_options& options, ticklab::scheduler_config config)
    : config_{config},
      entry_{&entry},
      options_{options},
      scene_{entry.create(options)},
      work_{std::make_unique<timed_work>(config)} {
    start_scene();
}

simulation::~simulation() = default;

void simulation::start_scene() {
    ++starts_;
    scene_->start_scripts(work_->services);
}

void simulation::tick(const tick_input& input, double dt_seconds, std::uint64_t index) {
    scene_->tick(input, dt_seconds);
    // What a render tick simulates with: the keys still held, no new presses or clicks.
    render_input_.held = input.held;
    last_tick_dt_ = dt_seconds;
    work_->tasks.on_tick(index);
}

void simulation::reset(const scene_options& options) {
    work_->services.stop_all();
    options_ = options;
    scene_->reset(options_);
    start_scene();
}

void simulation::replace(const scene_entry& entry, const scene_options& options) {
    work_->services.stop_all();
    options_ = options;
    entry_ = &entry;
    scene_ = entry.create(options_);
    render_copy_.reset();  // a snapshot restores only into its own kind of scene
    start_scene();
}

void simulation::restore(const scene_snapshot& snapshot, ticklab::nanoseconds virtual_time) {
    scene_->restore(snapshot);
    work_.reset();  // the old scripts end before new ones start on the same scene
    work_ = std::make_unique<timed_work>(config_);
    work_->tasks.advance_to(virtual_time);
    start_scene();
}

void simulation::draw_smoothed(draw_list& out, smoothing mode, const ticklab::fixed_loop& loop) const {
    if (mode == smoothing::render_tick && loop.config().step_mode == ticklab::stepping::fixed) {
        draw_render_tick(out, loop.stats().alpha);
    } else {
        scene_->draw(out, draw_alpha(mode, loop));
    }
}

void simulation::draw_render_tick(draw_list& out, double alpha) const {
    if (alpha <= 0.0 || last_tick_dt_ <= 0.0) {
        scene_->draw(out, 1.0);  // no time left over, or no tick yet: the latest tick is the picture
        return;
    }
    // The partial tick runs on a copy: the next real tick starts from the last real one and every
    // state hash is the same as with any other smoothing.
    if (!render_copy_) render_copy_ = entry_->create(options_);
    scene_->save(render_state_);
    render_copy_->restore(*render_state_);
    render_copy_->tick(render_input_, alpha * last_tick_dt_);
    render_copy_->draw(out, 1.0);
}

}  // namespace ticklab::game

#include "session/ghost_run.hpp"

#include "session/loop_setup.hpp"

namespace ticklab::game {

ghost_run::ghost_run(const ticklab::time_source& source, const scene_entry& entry, const scene_options& options,
                     const loop_settings& settings)
    : loop_{source, loop_config_of(settings)}, sim_{entry, options}, settings_{settings} {
    loop_.clock().set_time_scale(settings.time_scale);
    loop_.clock().set_paused(settings.paused);
}

void ghost_run::run_frame(const loop_settings& settings, const input_buffer& input) {
    settings_ = settings;
    input_ = input;
    apply_to_loop(settings_, loop_);
    const ticklab::frame_plan& plan = loop_.begin_frame();
    sim_.begin_frame({.index = plan.frame_index, .start = plan.start, .end = plan.target});
    const ticklab::frame_stats& frame = loop_.finish_frame(*this);
    sim_.run_frame(frame.frame_index);
    sim_.run_render();
}

void ghost_run::reset() {
    sim_.keep_choices();
    sim_.reset(scene_options{sim_.options()});
}

void ghost_run::tick(const ticklab::tick_info& tick) {
    sim_.tick(input_.take_for_tick(), tick.dt_seconds, tick.index);
}

}  // namespace ticklab::game

#include "session/loop_setup.hpp"

#include "sim/frame_time.hpp"

namespace ticklab::game {

ticklab::loop_config loop_config_of(const loop_settings& s) {
    return ticklab::loop_config{.tick_rate_hz = s.tick_rate_hz,
                                .max_loops = s.max_loops,
                                .step_mode = s.strategy.step_mode,
                                .catch_up_mode = s.strategy.catch_up_mode,
                                .scaling = s.strategy.scaling,
                                .frame_time_clamp = frame_time(s.frame_time_clamp_ms)};
}

void apply_to_loop(const loop_settings& s, ticklab::fixed_loop& loop) {
    loop.set_tick_rate(s.tick_rate_hz);
    loop.set_max_loops(s.max_loops);
    loop.set_stepping(s.strategy.step_mode);
    loop.set_catch_up(s.strategy.catch_up_mode);
    loop.set_time_scaling(s.strategy.scaling);
    loop.set_frame_time_clamp(frame_time(s.frame_time_clamp_ms));
    ticklab::virtual_clock& clock = loop.clock();
    if (clock.time_scale() != s.time_scale) clock.set_time_scale(s.time_scale);
    if (clock.paused() != s.paused) clock.set_paused(s.paused);
    if (s.single_step) clock.request_step();
}

}  // namespace ticklab::game

#pragma once
// How loop_settings reach a fixed_loop: once when the loop is made, and at the start of every frame
// after that (the session's loop and the comparison ghost's read the same settings this way).
// The settings must already be in range (the session's sanitise).

#include "sim/loop_settings.hpp"

#include <ticklab/fixed_loop.hpp>

namespace ticklab::game {

[[nodiscard]] ticklab::loop_config loop_config_of(const loop_settings& settings);
// The tick rate, MAX_LOOPS, strategy and frame-time clamp, and on its clock the time scale, pause
// and a single-step request (honoured only while paused).
void apply_to_loop(const loop_settings& settings, ticklab::fixed_loop& loop);

}  // namespace ticklab::game

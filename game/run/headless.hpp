#pragma once
// Headless mode: the simulation with no window, on a manual clock, as fast as the CPU allows.
//
// Usage: `if (options.headless) return run_headless(options);`
//
// Each frame moves the clock by --frame-ms of "real" time (run/frame_clock.hpp). When it stops is
// the runner's rule (run/runner.hpp): --frames, --ticks (the last frame cut short under fixed
// stepping, so the run ends on exactly that tick), or 600 frames when neither is given.
// Returns the process exit code: 0, 1 when the report or recording cannot be written, 2 for bad
// settings.

#include "run/launch_options.hpp"

namespace ticklab::game {

[[nodiscard]] int run_headless(const launch_options& options);

}  // namespace ticklab::game

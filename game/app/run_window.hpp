#pragma once
// The windowed runs: a live window, or with --screenshot a capture in a hidden window on a manual
// clock whose last frame is saved as a PNG. Both are the runner's run (run/runner.hpp): the same
// start, stop rules (--frames, --ticks, quit) and finish (recording, report).
//
// Usage (from main, after parsing the command line):
//   return ticklab::app::run_window(options);   // exit code: 0, 1 (a write failed) or 2, one line on stderr

#include "run/launch_options.hpp"

namespace ticklab::app {

[[nodiscard]] int run_window(const game::launch_options& options);

}  // namespace ticklab::app

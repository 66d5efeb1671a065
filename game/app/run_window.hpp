#pragma once
// The windowed runs: a live window, or with --screenshot a capture in a hidden window on a manual
// clock whose last frame is saved as a PNG. Both are the runner's run (run/runner.hpp): the same
// start, stop rules (--frames, --ticks, quit) and finish (recording, report).
//
// Usage (from main, after parsing the command line):
//   std::optional<int> code = ticklab::app::run_window(options);
//   // the exit code: 0, 1 (a write failed) or 2, one line on stderr; nullopt in a web page, whose
//   // frames go on after main() returns (app/platform/frame_driver.hpp)

#include "run/launch_options.hpp"

#include <optional>

namespace ticklab::app {

[[nodiscard]] std::optional<int> run_window(const game::launch_options& options);

}  // namespace ticklab::app

#pragma once
// The windowed demo: one SDL window, the scene on the left, the control panel on the right.
//
// Usage (from main, after parsing the command line):
//   return ticklab::app::run_window(options);   // exit code: 0, or 2 with one line on stderr
//
// With --screenshot the same frames run on a manual clock (--frame-ms per frame, for --frames
// frames or until --ticks ticks) in a hidden window, and the last frame is saved as a PNG.

#include "cli/launch_options.hpp"

namespace ticklab::app {

[[nodiscard]] int run_window(const game::launch_options& options);

}  // namespace ticklab::app

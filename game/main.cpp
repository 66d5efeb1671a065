// Ticklab: a fixed-timestep game loop you can pause, step, slow down and speed up.
//
// The frame loop itself is in app/window_app.cpp (window_app::frame); every kind of run goes
// through run/runner.hpp. This file only parses the command line and picks the kind of run.

#include "app/run_window.hpp"
#include "cli/command_line.hpp"
#include "run/headless.hpp"
#include "run/remote_run.hpp"
#include "run/sync_test_run.hpp"

int main(int argc, char** argv) {
    const auto parsed = ticklab::game::parse_command_line(argc, argv);
    if (parsed.exit_code) return *parsed.exit_code;  // --help, or a bad value (already printed)

    const ticklab::game::launch_options& options = parsed.options;
    if (options.remote) return ticklab::game::run_remote(options);
    if (options.sync_test) return ticklab::game::run_sync_test(options);
    if (options.headless) return ticklab::game::run_headless(options);
    return ticklab::app::run_window(options);
}

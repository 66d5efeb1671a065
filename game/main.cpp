// Ticklab: a fixed-timestep game loop you can pause, step, slow down and speed up.
//
// The frame loop itself is in app/window_app.cpp (window_app::frame); every kind of run goes
// through run/runner.hpp. This file only parses the command line and picks the kind of run.
// In a web page (docs/web.md) the browser calls the window's frames after main() has returned.

#include "app/platform/frame_driver.hpp"
#include "app/remote_window.hpp"
#include "app/run_window.hpp"
#include "cli/command_line.hpp"
#include "run/headless.hpp"
#include "run/remote_run.hpp"
#include "run/sync_test_run.hpp"

int main(int argc, char** argv) {
    using ticklab::app::run_ended;
    const auto parsed = ticklab::game::parse_command_line(argc, argv);
    if (parsed.exit_code) return run_ended(*parsed.exit_code);  // --help, or a bad value (already printed)

    const ticklab::game::launch_options& options = parsed.options;
    if (options.remote) {
        return run_ended(options.headless ? ticklab::game::run_remote(options)
                                          : ticklab::app::run_remote_window(options));
    }
    if (options.sync_test) return run_ended(ticklab::game::run_sync_test(options));
    if (options.headless) return run_ended(ticklab::game::run_headless(options));
    const std::optional<int> code = ticklab::app::run_window(options);
    return code ? run_ended(*code) : 0;  // nullopt: a page, whose frames go on
}

#include "app/run_window.hpp"

#include "app/frame_output.hpp"
#include "app/platform/sdl_runtime.hpp"
#include "app/render/png_file.hpp"
#include "app/window_app.hpp"
#include "io/output_file.hpp"
#include "run/run_error.hpp"
#include "run/runner.hpp"

#include <cstdio>
#include <stdexcept>

namespace ticklab::app {
namespace {

// Runs `app` under `run` until a stop rule says so.
void run_frames(game::runner& run, window_app& app) {
    run.start(app.session());
    run.run_frames(
        app.session(), [&app]() -> const ticklab::frame_stats& { return app.frame(); },
        [&app] { return app.quit_requested(); });
}

int run_live(const game::launch_options& options) {
    game::runner run{options, game::run_kind::window};
    live_output output{options.loop.vsync};
    window_app app{options, run.clock().source(), output};
    run_frames(run, app);
    return run.finish(app.session());
}

int run_capture(const game::launch_options& options) {
    // Nothing is run when the results could not be written anyway.
    for (const std::string& error :
         {check_png_path(options.screenshot_path),
          options.report_path.empty() ? std::string{} : game::check_output_path(options.report_path)}) {
        if (!error.empty()) return game::fail(game::exit_bad_input, error);
    }
    game::runner run{options, game::run_kind::screenshot};
    capture_output output;
    window_app app{options, run.clock().source(), output};
    run_frames(run, app);
    if (const std::string error = app.capture(options.screenshot_path); !error.empty()) {
        return game::fail(game::exit_write_failed, error);
    }
    if (const int code = run.finish(app.session()); code != game::exit_ok) return code;
    // "-" sends the report to standard output, which must stay pure JSON.
    if (options.report_path != "-") std::printf("ticklab: screenshot saved to %s\n", options.screenshot_path.c_str());
    return game::exit_ok;
}

}  // namespace

int run_window(const game::launch_options& options) {
    try {
        return options.screenshot_path.empty() ? run_live(options) : run_capture(options);
    } catch (const startup_error& error) {
        return game::fail(game::exit_bad_input, error.what());
    } catch (const std::invalid_argument& error) {
        return game::fail(game::exit_bad_input, error.what());
    }
}

}  // namespace ticklab::app

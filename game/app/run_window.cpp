#include "app/run_window.hpp"

#include "app/frame_output.hpp"
#include "app/platform/frame_driver.hpp"
#include "app/platform/sdl_runtime.hpp"
#include "app/render/png_file.hpp"
#include "app/window_app.hpp"
#include "io/output_file.hpp"
#include "run/run_error.hpp"
#include "run/runner.hpp"

#include <cstdio>
#include <memory>
#include <stdexcept>

namespace ticklab::app {
namespace {

// Everything one windowed run holds. On the heap, with its own copy of the options: in a web page
// its frames go on after main() has returned (app/platform/frame_driver.hpp).
template <typename Output>
struct window_run {
    window_run(const game::launch_options& given, game::run_kind kind, Output out)
        : options{given}, run{options, kind}, output{std::move(out)}, app{options, run.clock().source(), output} {}

    // One frame under the runner's stop rules; false once the run is over.
    bool frame() {
        return run.run_frame(
            app.session(), [this]() -> const ticklab::frame_stats& { return app.frame(); },
            [this] { return app.quit_requested(); });
    }

    game::launch_options options;
    game::runner run;
    Output output;
    window_app app;
};

std::optional<int> run_live(const game::launch_options& options) {
    auto live = std::make_shared<window_run<live_output>>(options, game::run_kind::window,
                                                          live_output{options.loop.vsync});
    live->run.start(live->app.session());
    live->app.show_first_picture();
    return drive_frames(
        // In a page, an animation frame that comes before the FPS cap's next frame runs none.
        [live] { return !live->output.frame_due() || live->frame(); },
        [live] { return live->run.finish(live->app.session()); });
}

std::optional<int> run_capture(const game::launch_options& options) {
    // Nothing is run when the results could not be written anyway.
    for (const std::string& error :
         {check_png_path(options.screenshot_path),
          options.report_path.empty() ? std::string{} : game::check_output_path(options.report_path)}) {
        if (!error.empty()) return game::fail(game::exit_bad_input, error);
    }
    auto capture = std::make_shared<window_run<capture_output>>(options, game::run_kind::screenshot, capture_output{});
    capture->run.start(capture->app.session());
    return drive_frames([capture] { return capture->frame(); },
                        [capture] {
                            const game::launch_options& options = capture->options;
                            if (const std::string error = capture->app.capture(options.screenshot_path);
                                !error.empty()) {
                                return game::fail(game::exit_write_failed, error);
                            }
                            if (const int code = capture->run.finish(capture->app.session()); code != game::exit_ok) {
                                return code;
                            }
                            // "-" sends the report to standard output, which must stay pure JSON.
                            if (options.report_path != "-") {
                                std::printf("ticklab: screenshot saved to %s\n", options.screenshot_path.c_str());
                            }
                            return game::exit_ok;
                        });
}

}  // namespace

std::optional<int> run_window(const game::launch_options& options) {
    try {
        return options.screenshot_path.empty() ? run_live(options) : run_capture(options);
    } catch (const startup_error& error) {
        return game::fail(game::exit_bad_input, error.what());
    } catch (const std::invalid_argument& error) {
        return game::fail(game::exit_bad_input, error.what());
    }
}

}  // namespace ticklab::app

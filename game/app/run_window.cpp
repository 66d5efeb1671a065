#include "app/run_window.hpp"

#include "app/fill_rect.hpp"
#include "app/font_files.hpp"
#include "app/hud.hpp"
#include "app/hud_text.hpp"
#include "app/imgui_layer.hpp"
#include "app/keyboard.hpp"
#include "app/panel.hpp"
#include "app/png_file.hpp"
#include "app/pointer.hpp"
#include "app/scene_renderer.hpp"
#include "app/screenshot.hpp"
#include "app/sdl_runtime.hpp"
#include "app/theme.hpp"
#include "app/window.hpp"
#include "cli/headless.hpp"
#include "cli/lesson_replay_options.hpp"
#include "cli/report.hpp"
#include "sim/random.hpp"
#include "sim/session.hpp"

#include <ticklab/frame_pacer.hpp>
#include <ticklab/time_source.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace ticklab::app {
namespace {

constexpr std::uint64_t default_screenshot_frames = 30;
constexpr Uint64 notice_ms = 4000;
constexpr int idle_wait_ms = 16;  // a minimised window's frame period: no busy loop, ticks still on time

// Everything one window needs, built in dependency order and torn down in reverse.
class window_app {
public:
    window_app(const game::launch_options& options, const ticklab::time_source& source, bool offscreen_capture)
        : capture_{offscreen_capture},
          sdl_{offscreen_capture},
          fonts_{find_fonts()},
          window_{{.hidden = capture_, .software = capture_, .vsync = !capture_ && options.loop.vsync}},
          scene_view_{window_.renderer()},
          hud_{window_.renderer(), fonts_, window_.pixel_scale()},
          imgui_{window_, fonts_, !capture_},
          session_{source, options.scene, options.scene_settings, options.loop},
          panel_visible_{options.panel} {
        context_.renderer_name = window_.renderer_name();
        context_.tasks = &session_.tasks();
        applied_vsync_ = session_.settings.vsync;
        session_.lesson = options.lesson;
        if (options.replay_recording) session_.start_replay(*options.replay_recording);
        if (!options.record_path.empty()) session_.start_recording();
    }

    [[nodiscard]] game::session& session() noexcept { return session_; }
    [[nodiscard]] bool quit_requested() const noexcept { return quit_; }

    // One frame of the game loop this demo teaches.
    void frame() {
        // 1. Events: a key press goes to the panel when it wants the keyboard, else to the game;
        //    the mouse reaches the game only when it is not over the panel.
        poll_events();

        // 2. Simulation: read the clock once, run 0..MAX_LOOPS fixed ticks.
        const ticklab::frame_stats& stats = session_.advance();

        // 3. Per-frame work, told how much virtual time passed.
        session_.update_frame(stats);
        fps_.add_frame(stats.real);
        apply_display_settings();

        // Minimised or hidden: the simulation goes on (virtual time stays tied to real time, as
        // when the window is visible), but nothing is drawn, and instead of spinning the frame
        // waits up to idle_wait_ms for an event. Frames keep coming ~60 times a second, so each runs
        // about one tick and nothing is dropped.
        if (!capture_ && hidden()) {
            SDL_WaitEventTimeout(nullptr, idle_wait_ms);
            return;
        }

        // 4. Draw the scene between the last two tick states (alpha).
        const game::phase_timer render_timer;  // drawing through present, for the report
        const float px = window_.pixel_scale();
        const SDL_Point output = window_.output_size();
        // Without the panel the scene takes the whole window (and the frame skips ImGui entirely).
        const float scene_width =
            static_cast<float>(output.x) - (panel_visible_ ? control_panel::width_pixels(px) : 0.0f);
        list_.clear();
        session_.draw(list_);
        scene_view_.draw(list_, {0.0f, 0.0f, scene_width, static_cast<float>(output.y)}, px);

        // 5. HUD: the loop's figures top-left, the scene's own readouts top-right.
        build_hud_lines(session_, fps_, SDL_GetTicks64() < notice_until_ ? notice_ : std::string{}, loop_lines_,
                        scene_lines_);
        hud_.draw(hud_corner::top_left, loop_lines_, 8.0f * px, 8.0f * px, scene_width - 8.0f * px);
        hud_.draw(hud_corner::top_right, scene_lines_, 8.0f * px, 8.0f * px, scene_width - 8.0f * px);

        // 6. Control panel, on its background (an opaque fill; the ImGui window has none).
        if (panel_visible_) {
            fill_rect(window_.renderer(),
                      {scene_width, 0.0f, static_cast<float>(output.x) - scene_width, static_cast<float>(output.y)},
                      theme::panel_background);
            imgui_.begin_frame(px);
            if (panel_.draw(session_, context_).screenshot) screenshot_requested_ = true;
            imgui_.render();
        }

        // 7. Present (an F12 screenshot reads the finished frame first).
        if (screenshot_requested_) save_user_screenshot();
        if (!capture_) SDL_RenderPresent(window_.renderer());
        session_.timings().render.add(render_timer.elapsed_ms());

        // 8. Optional FPS cap: sleep until the next frame is due.
        if (!capture_) pacer_.wait();
    }

    // The frame just drawn, before anything presents it.
    [[nodiscard]] std::string capture(const std::string& path) { return save_screenshot(window_.renderer(), path); }

private:
    [[nodiscard]] bool hidden() const {
        return (SDL_GetWindowFlags(window_.sdl_window()) & (SDL_WINDOW_MINIMIZED | SDL_WINDOW_HIDDEN)) != 0;
    }

    void poll_events() {
        SDL_Event event;
        while (SDL_PollEvent(&event)) {
            // A key press goes to ImGui or to the game, never both: a Tab that switches scenes must
            // not also move ImGui's keyboard focus into a widget (which would then swallow the
            // keys that follow). Releases go to both, so neither is left with a key held down.
            const bool game_key = event.type == SDL_KEYDOWN && !(panel_visible_ && imgui_.wants_keyboard());
            if (!game_key) imgui_.process_event(event);
            switch (event.type) {
                case SDL_QUIT:
                    quit_ = true;
                    break;
                case SDL_WINDOWEVENT:
                    if (event.window.event == SDL_WINDOWEVENT_FOCUS_LOST) {
                        session_.input().release_all();  // no stuck thrust after Alt-Tab
                        pointer_.cancel();
                    }
                    break;
                case SDL_KEYDOWN:
                    if (game_key) {
                        keyboard_requests requests;
                        handle_key_down(event.key, session_, requests);
                        quit_ = quit_ || requests.quit;
                        screenshot_requested_ = screenshot_requested_ || requests.screenshot;
                        if (requests.toggle_panel) panel_visible_ = !panel_visible_;
                    }
                    break;
                case SDL_KEYUP:
                    handle_key_up(event.key, session_);
                    break;
                case SDL_MOUSEBUTTONDOWN:
                case SDL_MOUSEMOTION:
                    if (!(panel_visible_ && imgui_.wants_mouse())) {
                        pointer_.handle(event, scene_view_.view(), window_.pixel_scale(), session_.input());
                    }
                    break;
                case SDL_MOUSEBUTTONUP:
                    pointer_.handle(event, scene_view_.view(), window_.pixel_scale(), session_.input());
                    break;
                default:
                    break;
            }
        }
    }

    // VSync and the FPS cap are the window's to apply; the session only carries the choice.
    void apply_display_settings() {
        if (capture_) return;
        const auto& settings = session_.settings;
        if (settings.vsync != applied_vsync_) {
            context_.vsync_refused = !window_.set_vsync(settings.vsync);
            applied_vsync_ = settings.vsync;
        }
        if (settings.fps_cap != pacer_.fps_cap() && ticklab::check_fps_cap(settings.fps_cap).empty()) {
            pacer_.set_fps_cap(settings.fps_cap);
        }
    }

    void save_user_screenshot() {
        screenshot_requested_ = false;
        const auto path = timestamped_screenshot_path();
        if (const std::string error = save_screenshot(window_.renderer(), path); !error.empty()) {
            notice_ = error;
        } else {
            notice_ = "Screenshot saved to " + path.string();
            context_.last_screenshot = path.string();
        }
        std::printf("ticklab: %s\n", notice_.c_str());
        std::fflush(stdout);
        notice_until_ = SDL_GetTicks64() + notice_ms;
    }

    bool capture_;
    sdl_runtime sdl_;
    font_files fonts_;
    window window_;
    scene_renderer scene_view_;
    hud hud_;
    imgui_layer imgui_;
    game::session session_;
    control_panel panel_;
    panel_context context_;
    pointer_tracker pointer_;
    ticklab::frame_pacer pacer_;
    fps_meter fps_;
    game::draw_list list_;
    std::vector<hud_line> loop_lines_;
    std::vector<hud_line> scene_lines_;
    std::string notice_;
    Uint64 notice_until_ = 0;
    bool applied_vsync_ = true;
    bool panel_visible_ = true;
    bool screenshot_requested_ = false;
    bool quit_ = false;
};

int run_interactive(const game::launch_options& options) {
    ticklab::steady_time_source clock;
    window_app app{options, clock, false};
    while (!app.quit_requested()) app.frame();
    if (const std::string error = game::write_recording(options.record_path, app.session()); !error.empty()) {
        std::fprintf(stderr, "ticklab: %s\n", error.c_str());
        return 1;
    }
    // --report: written at exit (window closed, Escape, or SIGINT/SIGTERM, which SDL turns into a
    // quit), so a script can drive the window and read what the loop did.
    if (!options.report_path.empty()) {
        if (const std::string error =
                game::write_report(options.report_path, app.session(), ticklab::to_seconds(clock.now()));
            !error.empty()) {
            std::fprintf(stderr, "ticklab: report: %s\n", error.c_str());
            return 1;
        }
    }
    return 0;
}

int run_screenshot(const game::launch_options& options) {
    // Nothing is run when the results could not be written anyway.
    for (const std::string& error :
         {check_png_path(options.screenshot_path),
          options.report_path.empty() ? std::string{} : game::check_output_path(options.report_path)}) {
        if (!error.empty()) {
            std::fprintf(stderr, "ticklab: %s\n", error.c_str());
            return 2;
        }
    }
    ticklab::manual_time_source clock;
    window_app app{options, clock, true};
    const auto frame_time = ticklab::nanoseconds{std::max<std::int64_t>(1, std::llround(options.frame_ms * 1e6))};
    // --ticks alone runs until that many ticks; a paused run would never get there, so it stops
    // after the default number of frames instead.
    std::uint64_t frames = options.frames.value_or(default_screenshot_frames);
    if (options.ticks && !options.frames && !options.loop.paused) frames = game::max_headless_frames;
    // Jitter moves each clock reading around its slot on a steady beat (as a display's vsync does:
    // a late frame is followed by a short one), from a fixed seed so a run is the same every time.
    game::random_source jitter{7};
    const double jitter_ns = options.frame_jitter_ms * 1e6;
    for (std::uint64_t i = 0; i < frames && !app.quit_requested(); ++i) {
        const auto wobble = ticklab::nanoseconds{std::llround(jitter.uniform(-jitter_ns, jitter_ns))};
        const ticklab::nanoseconds reading = frame_time * static_cast<std::int64_t>(i + 1) + wobble;
        clock.advance(std::max(ticklab::nanoseconds{1}, reading - clock.now()));
        app.frame();
        if (options.ticks && app.session().loop().ticks() >= *options.ticks) break;
    }
    if (const std::string error = app.capture(options.screenshot_path); !error.empty()) {
        std::fprintf(stderr, "ticklab: %s\n", error.c_str());
        return 2;
    }
    if (const std::string error = game::write_recording(options.record_path, app.session()); !error.empty()) {
        std::fprintf(stderr, "ticklab: %s\n", error.c_str());
        return 1;
    }
    if (!options.report_path.empty()) {
        const double real_time_s = ticklab::to_seconds(clock.now());
        if (const std::string error = game::write_report(options.report_path, app.session(), real_time_s);
            !error.empty()) {
            std::fprintf(stderr, "ticklab: report: %s\n", error.c_str());
            return 1;  // as headless runs do: the screenshot is written, the report is not
        }
    }
    // "-" sends the report to standard output, which must stay pure JSON.
    if (options.report_path != "-") std::printf("ticklab: screenshot saved to %s\n", options.screenshot_path.c_str());
    return 0;
}

}  // namespace

int run_window(const game::launch_options& options) {
    try {
        return options.screenshot_path.empty() ? run_interactive(options) : run_screenshot(options);
    } catch (const startup_error& error) {
        std::fprintf(stderr, "%s\n", error.what());
    } catch (const std::invalid_argument& error) {
        std::fprintf(stderr, "ticklab: %s\n", error.what());
    }
    return 2;
}

}  // namespace ticklab::app

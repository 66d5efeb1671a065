#include "app/frame_output.hpp"

#include "app/platform/frame_driver.hpp"

#include <SDL.h>

#include <chrono>

namespace ticklab::app {

namespace {
constexpr int idle_wait_ms = 16;  // a minimised window's frame period: no busy loop, ticks still on time
// Uncapped, a frame with nothing new to show (a still scene drawn in parts) costs microseconds:
// waiting this long for an event instead keeps such frames near 1,000 a second rather than tens
// of thousands spinning a core, and delays nothing by more than a millisecond.
constexpr int unchanged_wait_ms = 1;
}  // namespace

window_config live_output::window_settings(const game::loop_settings& settings) const {
    return {.hidden = false, .software = false, .vsync = settings.vsync};
}

void live_output::apply_settings(window& win, const game::loop_settings& settings, panel_context& context) {
    if (settings.vsync != applied_vsync_) {
        context.vsync_refused = !win.set_vsync(settings.vsync);
        applied_vsync_ = settings.vsync;
    }
    if (settings.fps_cap != pacer_.fps_cap() && ticklab::check_fps_cap(settings.fps_cap).empty()) {
        pacer_.set_fps_cap(settings.fps_cap);
        animation_pacer_.set_fps_cap(settings.fps_cap);
    }
}

bool live_output::skip_drawing(const window& win) {
    // Minimised or hidden: the simulation goes on (virtual time stays tied to real time, as when
    // the window is visible), but nothing is drawn, and instead of spinning the frame waits up to
    // idle_wait_ms for an event. Frames keep coming ~60 times a second, so each runs about one
    // tick and nothing is dropped.
    if ((SDL_GetWindowFlags(win.sdl_window()) & (SDL_WINDOW_MINIMIZED | SDL_WINDOW_HIDDEN)) == 0) return false;
    // A page cannot wait: a hidden tab gets no animation frames anyway.
    if (!browser_owns_frame()) SDL_WaitEventTimeout(nullptr, idle_wait_ms);
    return true;
}

void live_output::pace(bool presented) {
    if (browser_owns_frame()) return;  // the browser calls the next frame when it is due (frame_due)
    if (pacer_.fps_cap() == 0.0 && !presented) {
        SDL_WaitEventTimeout(nullptr, unchanged_wait_ms);
        return;
    }
    pacer_.wait();
}

bool live_output::frame_due() {
    if (!browser_owns_frame()) return true;
    return animation_pacer_.due(std::chrono::steady_clock::now().time_since_epoch());
}

void live_output::present(window& win) {
    SDL_RenderPresent(win.renderer());
}

bool live_output::keeps_pixels(const window& win) const {
    // SDL's software renderer draws into the window surface, and presenting copies it out: the
    // surface keeps the frame. Other renderers draw into a back buffer that is undefined after a
    // present.
    return win.renderer_name() == "software";
}

void capture_output::present(window& win) {
    if (browser_owns_frame()) SDL_RenderPresent(win.renderer());
}

window_config capture_output::window_settings(const game::loop_settings&) const {
    return {.hidden = true, .software = true, .vsync = false};
}

ticklab::nanoseconds live_output::frame_budget() const {
    const double cap = pacer_.fps_cap();
    return cap > 0.0 ? ticklab::nanoseconds{static_cast<std::int64_t>(1e9 / cap)} : ticklab::nanoseconds{0};
}

}  // namespace ticklab::app

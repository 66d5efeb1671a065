#pragma once
// SDL and SDL_ttf for the lifetime of the window app, and the choice of video driver.
//
// Usage:
//   sdl_runtime sdl{offscreen_if_no_display};  // throws startup_error with one printable line
//
// With SDL's default driver and no X11 or Wayland display, an interactive run cannot open a window:
// that is reported as one line pointing at --headless and --screenshot, never as SDL's own error
// dump. A screenshot run instead switches to SDL's offscreen driver, so it works on a server.

#include <stdexcept>
#include <string>

namespace ticklab::app {

// Startup failures whose message is one line; run_window prints it as "ticklab: ..." with exit code 2.
class startup_error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class sdl_runtime {
public:
    explicit sdl_runtime(bool offscreen_if_no_display);
    ~sdl_runtime();
    sdl_runtime(const sdl_runtime&) = delete;
    sdl_runtime& operator=(const sdl_runtime&) = delete;

    [[nodiscard]] bool offscreen() const noexcept { return offscreen_; }

private:
    bool offscreen_ = false;
};

// True when SDL will pick its default video driver and neither DISPLAY nor WAYLAND_DISPLAY is set.
[[nodiscard]] bool missing_display();

}  // namespace ticklab::app

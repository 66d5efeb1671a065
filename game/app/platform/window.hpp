#pragma once
// The SDL window and its renderer: resizable, high-DPI aware, accelerated with a software fallback.
//
// Usage:
//   window win{{.hidden = false, .software = false, .vsync = true}};   // throws startup_error
//   SDL_Renderer* r = win.renderer();
//   float px = win.pixel_scale();   // renderer output pixels per window point (2 on a HiDPI screen)
//   if (std::string why = win.set_fullscreen(true); !why.empty()) { /* still as it was */ }
//
// Everything the demo draws is in renderer output pixels; SDL events arrive in window points.

#include <SDL.h>

#include <string>
#include <string_view>

namespace ticklab::app {

struct window_config {
    int width = 1280;  // window points
    int height = 720;
    bool hidden = false;    // screenshot runs never show a window
    bool software = false;  // screenshot runs: identical pixels everywhere
    bool vsync = true;
};

// Whether an OpenGL GL_RENDERER string names a rasteriser that runs on the CPU (Mesa's llvmpipe,
// softpipe, ...): SDL's software renderer is then the cheaper way to draw.
[[nodiscard]] bool is_software_gl(std::string_view gl_renderer);

class window {
public:
    explicit window(const window_config& config);
    ~window();
    window(const window&) = delete;
    window& operator=(const window&) = delete;

    [[nodiscard]] SDL_Window* sdl_window() const noexcept { return window_; }
    [[nodiscard]] SDL_Renderer* renderer() const noexcept { return renderer_; }
    [[nodiscard]] const std::string& renderer_name() const noexcept { return renderer_name_; }

    // Output size in pixels, and pixels per window point; both change when the window is resized or
    // moves to a screen with another scale, so ask every frame.
    [[nodiscard]] SDL_Point output_size() const;
    [[nodiscard]] float pixel_scale() const;

    // Live vsync switching (SDL 2.0.18+). Returns false when the renderer refuses it.
    bool set_vsync(bool on);
    [[nodiscard]] bool vsync() const noexcept { return vsync_; }

    // Fullscreen at the desktop's size, as the screen shows it (output_size() follows), and back to
    // the size and place the window had. "" when done; otherwise one line saying why not, and the
    // window is as it was. Without a window manager the window is made to cover the screen itself.
    [[nodiscard]] std::string set_fullscreen(bool on);
    [[nodiscard]] bool fullscreen() const noexcept { return fullscreen_ != fullscreen_kind::off; }

private:
    // `sdl`: SDL_WINDOW_FULLSCREEN_DESKTOP, which asks the window manager. `covering`: a borderless
    // window sized and placed over the screen, for when no window manager takes that request.
    enum class fullscreen_kind { off, sdl, covering };

    std::string enter_fullscreen();
    void leave_fullscreen();
    // The window's inside at `rect` (window points), with or without the window manager's frame;
    // false when the screen does not show it there.
    bool place(const SDL_Rect& rect, bool bordered);

    SDL_Window* window_ = nullptr;
    SDL_Renderer* renderer_ = nullptr;
    std::string renderer_name_;
    bool vsync_ = false;
    fullscreen_kind fullscreen_ = fullscreen_kind::off;
    SDL_Rect windowed_{};  // window points: where a fullscreen window goes back to
};

}  // namespace ticklab::app

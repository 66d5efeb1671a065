#include "app/platform/window.hpp"

#include "app/platform/sdl_runtime.hpp"
#include "app/platform/x11_window.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace ticklab::app {
namespace {

// What OpenGL says draws for `renderer` ("llvmpipe (LLVM 15.0.6, 256 bits)", ...), or "" when the
// renderer is not an OpenGL one. SDL's OpenGL renderers leave their context current.
std::string gl_renderer_string(SDL_Renderer* renderer) {
    SDL_RendererInfo info{};
    if (SDL_GetRendererInfo(renderer, &info) != 0 || info.name == nullptr) return {};
    if (!std::string_view{info.name}.starts_with("opengl")) return {};
    using get_string_fn = const unsigned char* (*)(unsigned int);
    const auto get_string = reinterpret_cast<get_string_fn>(SDL_GL_GetProcAddress("glGetString"));
    constexpr unsigned int gl_renderer = 0x1F01;  // GL_RENDERER
    const unsigned char* text = get_string != nullptr ? get_string(gl_renderer) : nullptr;
    return text != nullptr ? reinterpret_cast<const char*>(text) : std::string{};
}

// The window's inside as the screen shows it, once it is `rect` (window points) or
// `patience_ms` have passed for a window manager to act; nullopt where the X server cannot be
// asked (SDL's figures are then all there is). With `moved_from`, a window of `rect`'s size that
// has left that place has settled too: the window manager has acted on the move, if not exactly.
std::optional<SDL_Rect> settled_frame(SDL_Window* window, const SDL_Rect& rect, Uint64 patience_ms,
                                      std::optional<SDL_Point> moved_from = std::nullopt) {
    const Uint64 deadline = SDL_GetTicks64() + patience_ms;
    while (true) {
        const auto shown = x11_placement_of(window);
        if (!shown) return std::nullopt;
        const SDL_Rect& frame = shown->frame;
        const bool at_place = frame.x == rect.x && frame.y == rect.y;
        const bool moved = moved_from && (frame.x != moved_from->x || frame.y != moved_from->y);
        const bool settled = frame.w == rect.w && frame.h == rect.h && (at_place || moved);
        if (settled || SDL_GetTicks64() >= deadline) return frame;
        SDL_Delay(10);
    }
}

bool shown_at(SDL_Window* window, const SDL_Rect& rect, Uint64 patience_ms) {
    const auto frame = settled_frame(window, rect, patience_ms);
    return !frame || SDL_RectEquals(&*frame, &rect) == SDL_TRUE;
}

// How long a window manager may take to act on a fullscreen, move or size request before the
// window stops waiting for it. Without one the X server has acted by the time it answers.
constexpr Uint64 window_manager_patience_ms = 500;

std::string size_text(const SDL_Rect& rect) {
    return std::to_string(rect.w) + "x" + std::to_string(rect.h);
}

}  // namespace

bool is_software_gl(std::string_view gl_renderer) {
    for (const std::string_view name : {"llvmpipe", "softpipe", "Software Rasterizer", "SWR"}) {
        if (gl_renderer.find(name) != std::string_view::npos) return true;
    }
    return false;
}

window::window(const window_config& config) {
    Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
    if (config.hidden) flags |= SDL_WINDOW_HIDDEN;
    const auto create_window = [&] {
        window_ = SDL_CreateWindow("Ticklab - fixed-timestep game loops", SDL_WINDOWPOS_CENTERED,
                                   SDL_WINDOWPOS_CENTERED, config.width, config.height, flags);
        if (window_ == nullptr) throw startup_error("cannot create the window: " + std::string(SDL_GetError()));
        SDL_SetWindowMinimumSize(window_, 640, 400);
    };
    create_window();

    // SDL's software renderer draws into the window surface, which SDL by default presents by
    // uploading it to an OpenGL texture. Without a GPU (Xvfb, a VM) that OpenGL is llvmpipe: its
    // upload and its threads cost more than drawing the whole frame. On X11, XShm presents the
    // surface directly. Normal priority, so SDL_FRAMEBUFFER_ACCELERATION in the environment still
    // wins; other video drivers (Wayland has no direct path) keep SDL's choice.
    if (const char* driver = SDL_GetCurrentVideoDriver(); driver != nullptr && std::string_view{driver} == "x11") {
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    }

    const Uint32 vsync_flag = config.vsync ? Uint32{SDL_RENDERER_PRESENTVSYNC} : Uint32{0};
    if (!config.software) renderer_ = SDL_CreateRenderer(window_, -1, SDL_RENDERER_ACCELERATED | vsync_flag);
    // SDL's default pick without a GPU is OpenGL on a CPU rasteriser (llvmpipe): it costs several
    // times SDL's software renderer for the same frame (BENCHMARKS.md), and the software renderer
    // can draw only what changed. A renderer the user names in SDL_RENDER_DRIVER is kept.
    if (renderer_ != nullptr && SDL_GetHint(SDL_HINT_RENDER_DRIVER) == nullptr &&
        is_software_gl(gl_renderer_string(renderer_))) {
        SDL_DestroyRenderer(renderer_);
        renderer_ = nullptr;
        // A new window too: destroying the OpenGL one unloads OpenGL, and with it llvmpipe's
        // threads, which otherwise stay and cost some 2% of a core at a 60 FPS cap.
        SDL_DestroyWindow(window_);
        create_window();
    }
    // No GPU driver (a VM, a remote X session) still leaves SDL's software renderer.
    if (renderer_ == nullptr) renderer_ = SDL_CreateRenderer(window_, -1, SDL_RENDERER_SOFTWARE | vsync_flag);
    if (renderer_ == nullptr) renderer_ = SDL_CreateRenderer(window_, -1, SDL_RENDERER_SOFTWARE);
    if (renderer_ == nullptr) {
        const std::string error = SDL_GetError();
        SDL_DestroyWindow(window_);
        throw startup_error("cannot create a renderer: " + error);
    }
    SDL_RendererInfo info{};
    SDL_GetRendererInfo(renderer_, &info);
    renderer_name_ = info.name != nullptr ? info.name : "unknown";
    vsync_ = (info.flags & SDL_RENDERER_PRESENTVSYNC) != 0;
    SDL_SetRenderDrawBlendMode(renderer_, SDL_BLENDMODE_BLEND);
}

window::~window() {
    SDL_DestroyRenderer(renderer_);
    SDL_DestroyWindow(window_);
}

SDL_Point window::output_size() const {
    SDL_Point size{0, 0};
    SDL_GetRendererOutputSize(renderer_, &size.x, &size.y);
    return size;
}

float window::pixel_scale() const {
    int points_w = 0;
    int points_h = 0;
    SDL_GetWindowSize(window_, &points_w, &points_h);
    if (points_w <= 0) return 1.0f;
    return static_cast<float>(output_size().x) / static_cast<float>(points_w);
}

bool window::set_vsync(bool on) {
    if (SDL_RenderSetVSync(renderer_, on ? 1 : 0) != 0) return false;
    vsync_ = on;
    return true;
}

std::string window::set_fullscreen(bool on) {
    if (on == fullscreen()) return {};
    if (!on) {
        leave_fullscreen();
        return {};
    }
    return enter_fullscreen();
}

std::string window::enter_fullscreen() {
    const int display = SDL_GetWindowDisplayIndex(window_);
    SDL_Rect screen{};
    if (display < 0 || SDL_GetDisplayBounds(display, &screen) != 0) {
        return std::string{"the screen's size is unknown ("} + SDL_GetError() + ")";
    }
    SDL_GetWindowPosition(window_, &windowed_.x, &windowed_.y);
    SDL_GetWindowSize(window_, &windowed_.w, &windowed_.h);
    const auto shown = x11_placement_of(window_);
    if (shown) windowed_ = shown->frame;
    // SDL's fullscreen is a request to the window manager, yet SDL takes the screen's size as the
    // window's at once: with no window manager to act on it, the X window keeps its size while SDL
    // (and so the renderer's output, and the layout) has the screen's.
    if (!shown || shown->managed) {
        if (SDL_SetWindowFullscreen(window_, SDL_WINDOW_FULLSCREEN_DESKTOP) != 0) {
            return std::string{"SDL says: "} + SDL_GetError();
        }
        if (shown_at(window_, screen, shown ? window_manager_patience_ms : 0)) {
            fullscreen_ = fullscreen_kind::sdl;
            return {};
        }
        // This window manager did not take it (not in time, or not at all).
        SDL_SetWindowFullscreen(window_, 0);
    }
    if (place(screen, false)) {
        fullscreen_ = fullscreen_kind::covering;
        return {};
    }
    const auto kept = x11_placement_of(window_);
    place(windowed_, true);
    return kept ? "the window manager kept " + size_text(kept->frame) : std::string{"the window manager kept its size"};
}

void window::leave_fullscreen() {
    const fullscreen_kind was = fullscreen_;
    fullscreen_ = fullscreen_kind::off;
    // The window manager puts the window back; where it does not, or elsewhere, the window is put
    // back by hand. SDL's size is set either way, so that it is the X window's again.
    if (was == fullscreen_kind::sdl) {
        SDL_SetWindowFullscreen(window_, 0);
        if (shown_at(window_, windowed_, window_manager_patience_ms)) return;
    }
    place(windowed_, true);
}

bool window::place(const SDL_Rect& rect, bool bordered) {
    const auto before = x11_placement_of(window_);
    SDL_SetWindowBordered(window_, bordered ? SDL_TRUE : SDL_FALSE);
    SDL_SetWindowSize(window_, rect.w, rect.h);
    SDL_SetWindowPosition(window_, rect.x, rect.y);
    const auto frame =
        settled_frame(window_, rect, window_manager_patience_ms,
                      before ? std::optional{SDL_Point{before->frame.x, before->frame.y}} : std::nullopt);
    if (!frame || SDL_RectEquals(&*frame, &rect) == SDL_TRUE) return true;
    // A window manager that does not publish its frame's size (_NET_FRAME_EXTENTS; twm) puts its
    // frame, not the window's inside, where SDL asks: the window is moved again by the difference.
    if (frame->x != rect.x || frame->y != rect.y) {
        SDL_SetWindowPosition(window_, 2 * rect.x - frame->x, 2 * rect.y - frame->y);
    }
    return shown_at(window_, rect, window_manager_patience_ms);
}

}  // namespace ticklab::app

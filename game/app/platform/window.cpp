#include "app/platform/window.hpp"

#include "app/platform/sdl_runtime.hpp"

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

}  // namespace ticklab::app

#include "app/platform/sdl_runtime.hpp"

#include <SDL.h>
#include <SDL_ttf.h>

#include <cstdlib>
#include <string_view>

namespace ticklab::app {
namespace {

constexpr std::string_view how_to_run_without_display =
    "run with --headless (simulation only) or --screenshot PATH (render frames to a PNG)";

[[maybe_unused]] bool env_set(const char* name) {  // unused where there is no display to miss (a web page)
    const char* value = std::getenv(name);
    return value != nullptr && *value != '\0';
}

}  // namespace

bool missing_display() {
#if defined(__linux__) || defined(__FreeBSD__) || defined(__OpenBSD__) || defined(__NetBSD__)
    return !env_set("SDL_VIDEODRIVER") && !env_set("DISPLAY") && !env_set("WAYLAND_DISPLAY");
#else
    return false;  // Windows and macOS always have their native display
#endif
}

sdl_runtime::sdl_runtime(bool offscreen_if_no_display) {
    if (missing_display()) {
        if (!offscreen_if_no_display) {
            throw startup_error("no display (DISPLAY and WAYLAND_DISPLAY are unset), so no window can open; " +
                                std::string(how_to_run_without_display));
        }
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen");
        offscreen_ = true;
    }
    if (const char* driver = std::getenv("SDL_VIDEODRIVER");
        driver != nullptr && std::string_view{driver} == "offscreen") {
        offscreen_ = true;
    }
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
        throw startup_error("cannot open a window (SDL video: " + std::string(SDL_GetError()) + "); " +
                            std::string(how_to_run_without_display));
    }
    if (TTF_Init() != 0) {
        const std::string error = TTF_GetError();
        SDL_Quit();
        throw startup_error("SDL_ttf failed to start: " + error);
    }
}

sdl_runtime::~sdl_runtime() {
    TTF_Quit();
    SDL_Quit();
}

}  // namespace ticklab::app

#pragma once
// What the X server itself says of an SDL window: where it is on the screen and whether a window
// manager runs. SDL's own figures are what it asked for, and without a window manager they can be
// wrong: SDL_SetWindowFullscreen then reports the desktop's size while the X window, whose
// fullscreen request nobody handles, keeps its own (issue 22, finding 4).
//
// Usage:
//   if (const auto shown = x11_placement_of(sdl_window)) { shown->frame; shown->managed; }

#include <SDL.h>

#include <optional>

namespace ticklab::app {

struct x11_placement {
    SDL_Rect frame{};      // the window's inside, in screen points (root window coordinates)
    bool managed = false;  // a window manager runs (it, not the X server, answers move and size requests)
};

// nullopt when the window is not an X11 one (Wayland, offscreen, other systems) or libX11 cannot
// be reached: SDL's figures are then the only ones there are.
[[nodiscard]] std::optional<x11_placement> x11_placement_of(SDL_Window* window);

}  // namespace ticklab::app

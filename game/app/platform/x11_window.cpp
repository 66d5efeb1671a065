#include "app/platform/x11_window.hpp"

// After SDL.h, and only in this file: on X11 it brings Xlib.h and its macros (None, Bool, Status).
#include <SDL_syswm.h>

namespace ticklab::app {

#if defined(SDL_VIDEO_DRIVER_X11)
namespace {

// Xlib's functions from the libX11 that SDL's X11 driver has loaded already: the program takes
// no link-time dependency on X11, as SDL takes none (it loads libX11 when it picks that driver).
struct xlib {
    using sync_fn = int (*)(Display*, Bool);
    using get_geometry_fn = Status (*)(Display*, Drawable, Window*, int*, int*, unsigned int*, unsigned int*,
                                       unsigned int*, unsigned int*);
    using translate_fn = Bool (*)(Display*, Window, Window, int, int, int*, int*, Window*);
    using get_attributes_fn = Status (*)(Display*, Window, XWindowAttributes*);
    sync_fn sync = nullptr;
    get_geometry_fn get_geometry = nullptr;
    translate_fn translate = nullptr;
    get_attributes_fn get_attributes = nullptr;

    [[nodiscard]] bool complete() const noexcept {
        return sync != nullptr && get_geometry != nullptr && translate != nullptr && get_attributes != nullptr;
    }
};

const xlib& xlib_functions() {
    static const xlib functions = [] {
        xlib f;
        // Never unloaded: SDL holds the library for as long as its video runs.
        void* library = SDL_LoadObject("libX11.so.6");
        if (library == nullptr) return f;
        f.sync = reinterpret_cast<xlib::sync_fn>(SDL_LoadFunction(library, "XSync"));
        f.get_geometry = reinterpret_cast<xlib::get_geometry_fn>(SDL_LoadFunction(library, "XGetGeometry"));
        f.translate = reinterpret_cast<xlib::translate_fn>(SDL_LoadFunction(library, "XTranslateCoordinates"));
        f.get_attributes = reinterpret_cast<xlib::get_attributes_fn>(SDL_LoadFunction(library, "XGetWindowAttributes"));
        return f;
    }();
    return functions;
}

}  // namespace

std::optional<x11_placement> x11_placement_of(SDL_Window* window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (SDL_GetWindowWMInfo(window, &info) != SDL_TRUE || info.subsystem != SDL_SYSWM_X11) return std::nullopt;
    const xlib& x = xlib_functions();
    if (!x.complete()) {
        SDL_ClearError();  // a failed SDL_LoadFunction leaves its message behind
        return std::nullopt;
    }
    Display* display = info.info.x11.display;
    const Window xwindow = info.info.x11.window;
    x.sync(display, False);  // every request SDL sent is handled before the server is asked
    Window root = 0;
    int x_in_parent = 0;
    int y_in_parent = 0;
    unsigned int width = 0;
    unsigned int height = 0;
    unsigned int border = 0;
    unsigned int depth = 0;
    if (x.get_geometry(display, xwindow, &root, &x_in_parent, &y_in_parent, &width, &height, &border, &depth) == 0) {
        return std::nullopt;
    }
    // A window manager reparents the window into its frame: the geometry's place is in the frame.
    int screen_x = 0;
    int screen_y = 0;
    Window child = 0;
    if (x.translate(display, xwindow, root, 0, 0, &screen_x, &screen_y, &child) == False) return std::nullopt;
    // Only one client may redirect the root's children's map and configure requests: the window manager.
    XWindowAttributes root_attributes{};
    if (x.get_attributes(display, root, &root_attributes) == 0) return std::nullopt;
    return x11_placement{{screen_x, screen_y, static_cast<int>(width), static_cast<int>(height)},
                         (root_attributes.all_event_masks & SubstructureRedirectMask) != 0};
}

#else

std::optional<x11_placement> x11_placement_of(SDL_Window* /*window*/) {
    return std::nullopt;
}

#endif

}  // namespace ticklab::app

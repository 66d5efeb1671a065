#pragma once
// Dear ImGui on SDL_Renderer for the control panel: context, style, font, and where imgui.ini lives.
//
// Usage, per frame:
//   imgui.process_event(event);                  // every SDL event, before the game sees it
//   imgui.begin_frame(window.pixel_scale());
//   ... ImGui widgets ...
//   imgui.render();                              // after the scene and HUD, before present
// or, to draw only when something changed: imgui.end_frame(); ... if (...) imgui.draw();

#include "app/platform/window.hpp"
#include "app/ui/font_files.hpp"

#include <SDL.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

struct ImDrawData;

namespace ticklab::app {

class imgui_layer {
public:
    // With `persist_layout` false (screenshot runs) no imgui.ini is read or written, so every run
    // draws the same panel.
    imgui_layer(const window& win, const font_files& fonts, bool persist_layout);
    ~imgui_layer();
    imgui_layer(const imgui_layer&) = delete;
    imgui_layer& operator=(const imgui_layer&) = delete;

    void process_event(const SDL_Event& event);
    [[nodiscard]] bool wants_keyboard() const;
    [[nodiscard]] bool wants_mouse() const;

    void begin_frame(float pixel_scale);
    // Text and widget size (1 = designed): the font atlas is built again at the new size, not scaled.
    void set_text_scale(float scale);
    void render();  // end_frame() then draw()
    // Ends the frame's widgets into draw data, without drawing it.
    void end_frame();
    // Draws the last frame's draw data (again, if it was drawn already); with `limit`, only the
    // pixels inside it, each as a draw without the limit gives it. False when it cannot keep to
    // `limit` (not SDL's software renderer, or a surface it cannot write): then it drew nothing.
    bool draw(const SDL_Rect* limit = nullptr);
    // After end_frame(): the user is working the panel (an item active, text input, a popup open).
    [[nodiscard]] bool busy() const;
    // After end_frame(): per band of `band_height` output pixels, top to bottom, a hash of what
    // the draw data draws into that band (equal hashes, equal pixels in the band when drawn).
    void band_hashes(int band_height, int output_height, std::vector<std::uint64_t>& out) const;
    // After end_frame(): whether anything is drawn left of x (in output pixels), e.g. a popup.
    [[nodiscard]] bool reaches_left_of(float x_pixels) const;

    // Where the layout is saved; empty when it is not.
    [[nodiscard]] const std::string& ini_path() const noexcept { return ini_path_; }

private:
    // SDL's software renderer only: draws the triangles that are not axis-aligned rectangles with
    // triangle_raster (straight into the window surface), the rectangles (text, fills) with SDL as
    // the stock backend would. False when the surface is not one it can write; then the stock
    // backend draws everything.
    bool render_software(const ImDrawData& data, const SDL_Rect* limit);

    std::string ini_path_;  // ImGui keeps the pointer: it must live as long as the context
    SDL_Window* window_;
    SDL_Renderer* renderer_;
    bool software_;
    std::filesystem::path sans_;
    float pixel_scale_;  // at start-up: the font is rasterised for it
    float text_scale_ = 1.0f;
    std::vector<int> sdl_run_;     // indices of one command's rectangles in a row, for SDL
    std::vector<int> raster_run_;  // and of its other triangles in a row, for triangle_raster
};

}  // namespace ticklab::app

#pragma once
// Where everything goes in the window, as rectangles that never overlap: the panel on the right,
// the HUD's blocks in a band along the top of the scene area, the key hint in a strip along its
// bottom, and the world between them (issue 22: the world under the HUD, a text size that pushed the
// figures under the panel). Pure arithmetic on measured sizes, so a test can check any window size
// and text size.
//
// Usage (window_app does this each frame):
//   const float panel = panel_width(output.x, pixel_scale, text_scale);   // 0 when hidden
//   screen_layout l = lay_out({.output = ..., .panel_width = panel, .top_left = size, ...});
//   if (l.hud_fit < 1.0f) shrink the HUD's text by hud_fit and lay out again;

#include <SDL.h>

namespace ticklab::app {

// The panel takes at most this share of the window's width; past it, its text stops growing.
inline constexpr float max_panel_share = 0.45f;
// The HUD's band and strip leave the world at least this share of the window's height.
inline constexpr float min_world_share = 0.5f;

struct layout_input {
    SDL_Point output{};        // the window, in pixels
    float pixel_scale = 1.0f;  // pixels per point
    float panel_width = 0.0f;  // pixels; 0 without the panel
    SDL_FPoint top_left{};     // the HUD's blocks, measured (width, height) at the HUD's text size
    SDL_FPoint top_right{};
    float top_left_reserve = 0.0f;  // height kept for lines not on show now (PAUSED, a notice)
    SDL_FPoint bottom{};            // the key hint's block (with the lesson's line when the panel is hidden)
    float bottom_reserve = 0.0f;    // the strip's height: the one-line hint's block, or the block when taller
    float inside_world = 0.0f;      // HUD laid out inside the world's area (a network game's peer blocks)
};

struct screen_layout {
    float scene_width = 0.0f;  // the window left of the panel
    SDL_FRect panel{};
    SDL_FRect top_left{};
    SDL_FRect top_right{};
    SDL_FRect bottom{};
    SDL_FRect world_area{};  // where the world is fitted (the renderer letterboxes inside it)
    float margin = 0.0f;
    // How much the HUD's text must shrink for every block to fit (1: it fits as it is).
    float hud_fit = 1.0f;
};

[[nodiscard]] screen_layout lay_out(const layout_input& in);

// The panel's text scale: the user's, unless the panel would then take more than max_panel_share
// of the window's width.
[[nodiscard]] float panel_text_scale(int output_width, float pixel_scale, float text_scale);

[[nodiscard]] bool overlap(const SDL_FRect& a, const SDL_FRect& b);
[[nodiscard]] bool inside(const SDL_FRect& inner, const SDL_FRect& outer);

}  // namespace ticklab::app

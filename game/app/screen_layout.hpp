#pragma once
// Where everything goes in the window, as rectangles that never overlap: the panel on the right; in
// the scene area left of it the world, the HUD's blocks and the strip along the bottom (the lesson's
// title, its claim or questions, the keys or a notice). Several arrangements are tried and the one
// that gives the world the most pixels wins, so that a projected class sees the world as large as
// the screen allows and every text at the size the user chose: the world gives way, not the text.
// Pure arithmetic on measured sizes, so a test can check any window size and text size.
//
// Usage (window_app does this each frame):
//   screen_layout l = lay_out({.output = ..., .panel_width = panel, .world_aspect = 16/9, ...});
//   if (l.hud_fit < 1.0f) no arrangement fits: shrink the HUD's text by hud_fit and lay out again;
//   draw the world in l.world_area (or l.views[0..1] with l.peer_blocks for a network game).

#include <SDL.h>

#include <array>
#include <cstdint>
#include <optional>

namespace ticklab::app {

// The panel takes at most this share of the window's width; past it, its text stops growing.
inline constexpr float max_panel_share = 0.45f;
// No arrangement squeezes one world under this share of the window's height (two worlds side by
// side: each); below it the HUD's text shrinks instead.
inline constexpr float min_world_share = 0.4f;

// How the blocks sit around the world.
enum class arrangement : std::uint8_t {
    band,          // the HUD's two blocks side by side in a band above the world
    column,        // the HUD's two blocks one above the other, left of the world
    columns,       // the loop's block left of the world, the scene's right of it (a narrow world)
    side_by_side,  // a network game: two worlds next to each other, each peer's block below its world
    stacked,       // a network game: two worlds one above the other, each peer's block above its world
};

struct layout_input {
    SDL_Point output{};                 // the window, in pixels
    float pixel_scale = 1.0f;           // pixels per point
    float panel_width = 0.0f;           // pixels; 0 without the panel
    float world_aspect = 16.0f / 9.0f;  // one world's width over its height
    bool network = false;               // two worlds with a block each (peer_block), no top blocks
    SDL_FPoint top_left{};              // the HUD's blocks, measured (width, height) at the HUD's text size
    SDL_FPoint top_right{};
    float top_left_reserve = 0.0f;  // height kept for lines not on show now (PAUSED)
    SDL_FPoint peer_block{};        // a network game: the larger of the two peers' blocks
    SDL_FPoint bottom{};            // the strip's block as it is now
    float bottom_reserve = 0.0f;    // the strip's height: the tallest it gets while the layout holds
    // The arrangement chosen when this layout began: kept while the loop's block fits it, the
    // scene's block cut to the room it has (top_right's height), so that the world stays put.
    std::optional<arrangement> keep{};
};

struct screen_layout {
    arrangement kind = arrangement::band;
    float scene_width = 0.0f;  // the window left of the panel
    SDL_FRect panel{};
    SDL_FRect top_left{};
    SDL_FRect top_right{};
    SDL_FRect bottom{};      // the strip's reserved rectangle; its block sits at the strip's bottom
    SDL_FRect world_area{};  // where the world is fitted (the renderer letterboxes inside it)
    // A network game: each peer's world area and where its block goes (top-left corner, measured size).
    std::array<SDL_FRect, 2> views{};
    std::array<SDL_FRect, 2> peer_blocks{};
    float margin = 0.0f;
    // How much the HUD's text must shrink for every block to fit (1: it fits as it is).
    float hud_fit = 1.0f;
};

[[nodiscard]] screen_layout lay_out(const layout_input& in);

// The pixels the world covers when it is fitted into `area` (the renderer's wall margin and
// letterbox taken off), for an aspect of `aspect`.
[[nodiscard]] float world_pixels(const SDL_FRect& area, float aspect);
// The pixels the world covers in layout `l` (both worlds of a network game).
[[nodiscard]] float world_pixels(const screen_layout& l, float aspect);
// The rectangle the world covers inside `area` (as the renderer fits it).
[[nodiscard]] SDL_FRect fitted_world_rect(const SDL_FRect& area, float aspect);

// The panel's text scale: the user's, unless the panel would then take more than max_panel_share
// of the window's width.
[[nodiscard]] float panel_text_scale(int output_width, float pixel_scale, float text_scale);

[[nodiscard]] bool overlap(const SDL_FRect& a, const SDL_FRect& b);
[[nodiscard]] bool inside(const SDL_FRect& inner, const SDL_FRect& outer);

}  // namespace ticklab::app

#pragma once
// Draws a scene's draw_list into the area left of the panel: letterbox, world background, every
// circle as a 1:1 copy from a disc atlas (disc_atlas.hpp; blended straight into the window surface on
// the software renderer, sprite_blit.hpp), then every triangle and line in one
// SDL_RenderGeometry call.
//
// Usage:
//   scene_renderer scene_view{renderer};               // throws startup_error
//   scene_view.draw(list, {0, 0, w - panel_w, h}, pixel_scale);
//   vec2 world = scene_view.view().to_world(mouse);    // the mapping the frame was drawn with

#include "app/render/disc_atlas.hpp"
#include "app/render/geometry_batch.hpp"
#include "app/render/triangle_raster.hpp"
#include "app/render/world_view.hpp"
#include "sim/draw_list.hpp"

#include <SDL.h>

#include <optional>

namespace ticklab::app {

class scene_renderer {
public:
    explicit scene_renderer(SDL_Renderer* renderer);
    ~scene_renderer();
    scene_renderer(const scene_renderer&) = delete;
    scene_renderer& operator=(const scene_renderer&) = delete;

    // The world fitted into `world_area` (inside `area`) less its wall margin (fitted_world), the
    // letterbox colour in the rest of `area`; shapes past the world's edge show up to the edge of
    // `area`, never beyond it. With `limit`, only the pixels inside it are drawn: the same values
    // there as a full draw.
    void draw(const game::draw_list& list, screen_rect area, screen_rect world_area, float pixel_scale,
              const SDL_Rect* limit = nullptr);
    void draw(const game::draw_list& list, screen_rect area, float pixel_scale, const SDL_Rect* limit = nullptr) {
        draw(list, area, area, pixel_scale, limit);
    }
    [[nodiscard]] const world_view& view() const noexcept { return view_; }

private:
    // The world's background, and the letterbox colour in what `area` has around it.
    void fill_letterbox(screen_rect area, game::rgba background);
    // The circles, triangles and lines, clipped to `clip` (inside the world).
    void draw_shapes(const game::draw_list& list, const SDL_Rect& clip);
    // The window surface SDL's software renderer draws into, once SDL's queue is flushed; nullopt
    // for other renderers or layouts (the balls then go through SDL_RenderCopy).
    [[nodiscard]] std::optional<pixel_target> window_pixels();

    SDL_Renderer* renderer_;
    bool software_ = false;        // SDL's software renderer: balls are blended straight into its surface
    SDL_Texture* disc_ = nullptr;  // circles too large for the atlas, scaled
    disc_atlas atlas_;
    geometry_batch batch_;
    world_view view_;
};

}  // namespace ticklab::app

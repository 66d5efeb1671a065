#pragma once
// Draws a scene's draw_list into the area left of the panel: letterbox, world background, every
// circle as a 1:1 copy from a disc atlas (disc_atlas.hpp; blended straight into the window surface on
// the software renderer, sprite_blit.hpp), then every triangle and line in one
// SDL_RenderGeometry call.
//
// With a pool of two workers or more, a frame of many circles on the software renderer is drawn
// on all of them (scene_renderer_split.cpp) while that is measured to be faster: the same pixels.
//
// Usage:
//   scene_renderer scene_view{renderer, &pool};        // throws startup_error; the pool is optional
//   scene_view.draw(list, {0, 0, w - panel_w, h}, pixel_scale);
//   vec2 world = scene_view.view().to_world(mouse);    // the mapping the frame was drawn with

#include "app/render/disc_atlas.hpp"
#include "app/render/geometry_batch.hpp"
#include "app/render/triangle_raster.hpp"
#include "app/render/world_view.hpp"
#include "sim/draw_list.hpp"

#include <ticklab/split_chooser.hpp>
#include <ticklab/worker_pool.hpp>

#include <SDL.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace ticklab::app {

class scene_renderer {
public:
    // When a frame is drawn on the workers: while a split_chooser measures that it pays (on a
    // machine whose other cores are busy it does not), or always (tests and benchmarks).
    enum class split_rule { measured, always };
    // `workers`, when given, outlives the renderer and is idle whenever draw() is called.
    explicit scene_renderer(SDL_Renderer* renderer, ticklab::worker_pool* workers = nullptr,
                            split_rule rule = split_rule::measured);
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
    // The circles one by one: each placed, its sprite found (or added), then blended or copied.
    void draw_circles(const game::draw_list& list, const std::optional<pixel_target>& direct, raster_rect clip);
    // The same pixels as draw_circles into `direct`, on every worker: the circles placed and their
    // sprites looked up in slices, the few new sprites added in order, then each worker blends
    // every circle into its own band of rows, in the list's order.
    void draw_circles_split(const game::draw_list& list, const pixel_target& direct, raster_rect clip);
    // The window surface SDL's software renderer draws into, once SDL's queue is flushed; nullopt
    // for other renderers or layouts (the balls then go through SDL_RenderCopy).
    [[nodiscard]] std::optional<pixel_target> window_pixels();

    SDL_Renderer* renderer_;
    bool software_ = false;        // SDL's software renderer: balls are blended straight into its surface
    SDL_Texture* disc_ = nullptr;  // circles too large for the atlas, scaled
    disc_atlas atlas_;
    geometry_batch batch_;
    world_view view_;
    ticklab::worker_pool* workers_ = nullptr;
    split_rule split_rule_ = split_rule::measured;
    ticklab::split_chooser chooser_;  // the circles' wall time, split or not
    // draw_circles_split's circles, one per entry of the list: where each goes and its sprite (null:
    // not in the atlas when looked up, or drawn another way).
    struct placed_circle {
        std::int32_t x;
        std::int32_t y;
        const disc_atlas::sprite* sprite;
    };
    std::vector<placed_circle> placed_;
    std::vector<std::vector<std::uint32_t>> unplaced_;     // per worker: the circles it left for the caller
    std::vector<std::vector<std::uint64_t>> band_weight_;  // per worker: sprite pixels by row
};

}  // namespace ticklab::app

#include "app/render/scene_renderer.hpp"

#include "app/platform/sdl_runtime.hpp"
#include "app/render/disc_texture.hpp"
#include "app/render/fill_rect.hpp"
#include "app/render/sprite_blit.hpp"
#include "app/render/sprite_spot.hpp"
#include "app/render/theme.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>

namespace ticklab::app {
namespace {

// Large enough that a ball filling a quarter of the screen stays smooth; linear filtering shrinks it.
constexpr int disc_texture_size = 128;
// Below this many circles a frame is drawn on the calling thread. Splitting saves there 0.1-0.35 ms
// a frame (draw_window, a worker kept awake: 300 balls 0.33-0.39 -> 0.26 ms, 1,000 balls 0.55-0.77
// -> 0.41-0.43), and in a window, whose worker sleeps between frames, waking it costs 0.09-0.11 ms
// on the 2-core VM: a gain too small for the chooser's slower probe frames (BENCHMARKS.md, issue
// 27's twelfth round).
constexpr std::size_t min_circles_to_split = 4096;

void fill(SDL_Renderer* renderer, const screen_rect& r, game::rgba color) {
    fill_rect(renderer, {r.x, r.y, r.w, r.h}, color);
}

void render(SDL_Renderer* renderer, SDL_Texture* texture, const vertex_array& batch) {
    if (batch.indices.empty()) return;
    SDL_RenderGeometry(renderer, texture, batch.vertices.data(), static_cast<int>(batch.vertices.size()),
                       batch.indices.data(), static_cast<int>(batch.indices.size()));
}

}  // namespace

scene_renderer::scene_renderer(SDL_Renderer* renderer, ticklab::worker_pool* workers, split_rule rule)
    : renderer_{renderer}, atlas_{renderer}, workers_{workers}, split_rule_{rule} {
    SDL_RendererInfo info{};
    software_ =
        SDL_GetRendererInfo(renderer_, &info) == 0 && info.name != nullptr && std::string_view{info.name} == "software";
    disc_ = create_disc_texture(renderer_, disc_texture_size);
    if (disc_ == nullptr) throw startup_error("cannot create the disc texture: " + std::string(SDL_GetError()));
}

scene_renderer::~scene_renderer() {
    SDL_DestroyTexture(disc_);
}

void scene_renderer::fill_letterbox(screen_rect area, game::rgba background) {
    const screen_rect& world = view_.viewport();
    if (background.a != 255) {  // the letterbox colour shows through the world's background
        fill(renderer_, area, theme::letterbox);
        fill(renderer_, world, background);
        return;
    }
    // An opaque world needs the letterbox colour only around it: a third of the pixels to write in
    // a 16:9 window, and filling is bound by memory bandwidth. Whole pixels, truncated as SDL
    // truncates a float rectangle, so the bars and the world tile the area without a seam.
    const auto whole = [](float v) { return static_cast<float>(static_cast<int>(v)); };
    const float ax = whole(area.x);
    const float ay = whole(area.y);
    const float ax1 = ax + whole(area.w);
    const float ay1 = ay + whole(area.h);
    const float wx = whole(world.x);
    const float wy = whole(world.y);
    const float wx1 = wx + whole(world.w);
    const float wy1 = wy + whole(world.h);
    fill(renderer_, {wx, wy, wx1 - wx, wy1 - wy}, background);
    for (const screen_rect bar : {screen_rect{ax, ay, ax1 - ax, wy - ay}, screen_rect{ax, wy1, ax1 - ax, ay1 - wy1},
                                  screen_rect{ax, wy, wx - ax, wy1 - wy}, screen_rect{wx1, wy, ax1 - wx1, wy1 - wy}}) {
        if (bar.w > 0.0f && bar.h > 0.0f) fill(renderer_, bar, theme::letterbox);
    }
}

std::optional<pixel_target> scene_renderer::window_pixels() {
    if (!software_) return std::nullopt;
    float scale_x = 1.0f;
    float scale_y = 1.0f;
    SDL_RenderGetScale(renderer_, &scale_x, &scale_y);
    SDL_Rect viewport{};
    SDL_RenderGetViewport(renderer_, &viewport);
    SDL_Window* window = SDL_RenderGetWindow(renderer_);
    if (window == nullptr || scale_x != 1.0f || scale_y != 1.0f || viewport.x != 0 || viewport.y != 0 ||
        SDL_GetRenderTarget(renderer_) != nullptr) {
        return std::nullopt;
    }
    SDL_RenderFlush(renderer_);  // the fills SDL has queued land first, as drawn in order
    // Asked after the flush: a resize gives the window a new surface, which SDL's drawing takes up.
    SDL_Surface* surface = SDL_GetWindowSurface(window);
    if (surface == nullptr || SDL_MUSTLOCK(surface) || surface->format->BytesPerPixel != 4 ||
        surface->format->Rshift != 16 || surface->format->Gshift != 8 || surface->format->Bshift != 0) {
        return std::nullopt;  // not the ARGB layout of the atlas's words: SDL converts instead
    }
    return pixel_target{static_cast<std::uint32_t*>(surface->pixels), surface->pitch / 4, surface->w, surface->h};
}

void scene_renderer::draw(const game::draw_list& list, screen_rect area, screen_rect world_area, float pixel_scale,
                          const SDL_Rect* limit) {
    view_ = fitted_world(list.world_size, world_area, list.world_origin);
    // Everything below is clipped to `limit` by SDL or by the same clip rectangle, pixel for pixel
    // as without it: fills, 1:1 copies and triangles cover the same pixels inside it either way.
    SDL_RenderSetClipRect(renderer_, limit);
    fill_letterbox(area, list.background);

    batch_.build_shapes(list, view_, 1.5f * pixel_scale);
    // Shapes partly outside the world spill over its edge into the wall margin (a ball extrapolated
    // past a wall is drawn past it: that is what the overshoot lesson shows), but never out of
    // `world_area`: above and below it are the HUD's band and the key hint, beside it the panel or
    // the other peer's view. Whole pixels, as fill_letterbox truncates the area.
    const SDL_Rect scene{static_cast<int>(world_area.x), static_cast<int>(world_area.y),
                         static_cast<int>(world_area.w), static_cast<int>(world_area.h)};
    SDL_Rect clip = scene;
    if (limit == nullptr || SDL_IntersectRect(&scene, limit, &clip) == SDL_TRUE) draw_shapes(list, clip);
    SDL_RenderSetClipRect(renderer_, limit);

    // The world's edge, so letterboxing reads as "outside the world" rather than as dark scenery.
    const auto& b = theme::world_border;
    SDL_SetRenderDrawColor(renderer_, b.r, b.g, b.b, b.a);
    const SDL_FRect edge{view_.viewport().x, view_.viewport().y, view_.viewport().w, view_.viewport().h};
    SDL_RenderDrawRectF(renderer_, &edge);
    SDL_RenderSetClipRect(renderer_, nullptr);
}

void scene_renderer::draw_shapes(const game::draw_list& list, const SDL_Rect& clip) {
    SDL_RenderSetClipRect(renderer_, &clip);
    // Circles: a 1:1 copy of a pre-drawn disc each (disc_atlas says why). Those the atlas cannot
    // hold (huge, or the atlas full this frame) go into the scaled disc-texture batch, drawn after.
    atlas_.begin_frame();
    const std::optional<pixel_target> direct = list.circles.empty() ? std::nullopt : window_pixels();
    const raster_rect direct_clip{clip.x, clip.y, clip.x + clip.w, clip.y + clip.h};
    const bool can_split =
        direct && workers_ != nullptr && workers_->size() > 1 && list.circles.size() >= min_circles_to_split;
    // The workers' list of placed circles is made the first time a frame could be split, split or
    // not: that frame is the window's first picture, drawn before its clock starts, and making the
    // list (1.6 MB at 100,000 balls, first touched) took 6.4 ms in a new VM's window.
    if (can_split && placed_.size() < list.circles.size()) placed_.resize(list.circles.size());
    const bool split = can_split && (split_rule_ == split_rule::always || chooser_.split());
    // Only a frame that drew no new sprite into the atlas tells which way is faster: drawing them
    // (the first frames, a resize) costs several times a usual frame.
    const std::size_t sprites_before = atlas_.sprites();
    const auto start = std::chrono::steady_clock::now();
    if (split) {
        draw_circles_split(list, *direct, direct_clip);
    } else {
        draw_circles(list, direct, direct_clip);
    }
    if (can_split && sprites_before != 0 && atlas_.sprites() == sprites_before) {
        chooser_.record(split, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    render(renderer_, disc_, batch_.discs);
    render(renderer_, nullptr, batch_.shapes);
}

void scene_renderer::draw_circles(const game::draw_list& list, const std::optional<pixel_target>& direct,
                                  raster_rect direct_clip) {
    for (const auto& circle : list.circles) {
        const sprite_spot spot = spot_of(circle, view_);
        const row_span* opaque = nullptr;
        const std::optional<SDL_Rect> sprite =
            spot.diameter > 0 ? atlas_.find_or_add(circle.fill, spot.diameter, &opaque) : std::nullopt;
        if (!sprite) {
            batch_.add_circle(circle, view_);
            continue;
        }
        const SDL_Rect dst{spot.x, spot.y, spot.diameter, spot.diameter};
        // Outside the clip: nothing to draw (the atlas was still asked, so it fills up as in a
        // frame drawn in full).
        if (dst.x >= direct_clip.x1 || dst.y >= direct_clip.y1 || dst.x + dst.w <= direct_clip.x0 ||
            dst.y + dst.h <= direct_clip.y0) {
            continue;
        }
        if (direct) {
            blend_sprite(*direct, direct_clip, atlas_.pixels(), disc_atlas::atlas_size, *sprite, dst.x, dst.y, opaque);
        } else {
            SDL_Texture* sprites = atlas_.texture();
            if (sprites == nullptr) {
                batch_.add_circle(circle, view_);
                continue;
            }
            SDL_RenderCopy(renderer_, sprites, &*sprite, &dst);
        }
    }
}

}  // namespace ticklab::app

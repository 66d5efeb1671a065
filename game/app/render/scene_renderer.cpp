#include "app/render/scene_renderer.hpp"

#include "app/platform/sdl_runtime.hpp"
#include "app/render/disc_texture.hpp"
#include "app/render/fill_rect.hpp"
#include "app/render/sprite_blit.hpp"
#include "app/render/theme.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>

namespace ticklab::app {
namespace {

// Large enough that a ball filling a quarter of the screen stays smooth; linear filtering shrinks it.
constexpr int disc_texture_size = 128;
// Circles centred beyond this many pixels off the origin are left to SDL's float path (no int overflow).
constexpr float max_coordinate = 1.0e6f;

void fill(SDL_Renderer* renderer, const screen_rect& r, game::rgba color) {
    fill_rect(renderer, {r.x, r.y, r.w, r.h}, color);
}

void render(SDL_Renderer* renderer, SDL_Texture* texture, const vertex_array& batch) {
    if (batch.indices.empty()) return;
    SDL_RenderGeometry(renderer, texture, batch.vertices.data(), static_cast<int>(batch.vertices.size()),
                       batch.indices.data(), static_cast<int>(batch.indices.size()));
}

}  // namespace

scene_renderer::scene_renderer(SDL_Renderer* renderer) : renderer_{renderer}, atlas_{renderer} {
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
    for (const auto& circle : list.circles) {
        const game::vec2 c = view_.to_screen(circle.center);
        const float diameter = 2.0f * std::max(circle.radius * view_.scale(), geometry_batch::min_circle_radius_px);
        const bool on_grid = std::abs(c.x) <= max_coordinate && std::abs(c.y) <= max_coordinate;  // false for NaN
        const int d = on_grid && diameter <= disc_atlas::max_diameter ? static_cast<int>(diameter) : 0;
        const row_span* opaque = nullptr;
        const std::optional<SDL_Rect> sprite = d > 0 ? atlas_.find_or_add(circle.fill, d, &opaque) : std::nullopt;
        if (!sprite) {
            batch_.add_circle(circle, view_);
            continue;
        }
        // Whole pixels as SDL's software renderer places a float quad: floor of the corner, truncated size.
        const SDL_Rect dst{static_cast<int>(std::floor(c.x - 0.5f * diameter)),
                           static_cast<int>(std::floor(c.y - 0.5f * diameter)), d, d};
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
    render(renderer_, disc_, batch_.discs);
    render(renderer_, nullptr, batch_.shapes);
}

}  // namespace ticklab::app

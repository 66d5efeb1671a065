#include "app/scene_renderer.hpp"

#include "app/disc_texture.hpp"
#include "app/fill_rect.hpp"
#include "app/sdl_runtime.hpp"
#include "app/theme.hpp"

#include <string>

namespace ticklab::app {
namespace {

// Large enough that a ball filling a quarter of the screen stays smooth; linear filtering shrinks it.
constexpr int disc_texture_size = 128;

void fill(SDL_Renderer* renderer, const screen_rect& r, game::rgba color) {
    fill_rect(renderer, {r.x, r.y, r.w, r.h}, color);
}

void render(SDL_Renderer* renderer, SDL_Texture* texture, const vertex_array& batch) {
    if (batch.indices.empty()) return;
    SDL_RenderGeometry(renderer, texture, batch.vertices.data(), static_cast<int>(batch.vertices.size()),
                       batch.indices.data(), static_cast<int>(batch.indices.size()));
}

}  // namespace

scene_renderer::scene_renderer(SDL_Renderer* renderer) : renderer_{renderer} {
    disc_ = create_disc_texture(renderer_, disc_texture_size);
    if (disc_ == nullptr)
        throw startup_error("ticklab: cannot create the disc texture: " + std::string(SDL_GetError()));
}

scene_renderer::~scene_renderer() {
    SDL_DestroyTexture(disc_);
}

void scene_renderer::draw(const game::draw_list& list, screen_rect area, float pixel_scale) {
    view_ = world_view{list.world_size, area};
    fill(renderer_, area, theme::letterbox);
    fill(renderer_, view_.viewport(), list.background);

    batch_.build(list, view_, 1.5f * pixel_scale);
    // Shapes partly outside the world stay inside it instead of spilling over the letterbox.
    const SDL_Rect clip{static_cast<int>(view_.viewport().x), static_cast<int>(view_.viewport().y),
                        static_cast<int>(view_.viewport().w + 0.5f), static_cast<int>(view_.viewport().h + 0.5f)};
    SDL_RenderSetClipRect(renderer_, &clip);
    render(renderer_, disc_, batch_.discs);
    render(renderer_, nullptr, batch_.shapes);
    SDL_RenderSetClipRect(renderer_, nullptr);

    // The world's edge, so letterboxing reads as "outside the world" rather than as dark scenery.
    const auto& b = theme::world_border;
    SDL_SetRenderDrawColor(renderer_, b.r, b.g, b.b, b.a);
    const SDL_FRect edge{view_.viewport().x, view_.viewport().y, view_.viewport().w, view_.viewport().h};
    SDL_RenderDrawRectF(renderer_, &edge);
}

}  // namespace ticklab::app

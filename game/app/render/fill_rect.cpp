#include "app/render/fill_rect.hpp"

namespace ticklab::app {

void fill_rect(SDL_Renderer* renderer, const SDL_FRect& rect, game::rgba color) {
    SDL_BlendMode previous = SDL_BLENDMODE_NONE;
    SDL_GetRenderDrawBlendMode(renderer, &previous);
    SDL_SetRenderDrawBlendMode(renderer, color.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a);
    SDL_RenderFillRectF(renderer, &rect);
    SDL_SetRenderDrawBlendMode(renderer, previous);
}

}  // namespace ticklab::app

#include "app/render/disc_texture.hpp"

#include <algorithm>
#include <cmath>

namespace ticklab::app {

std::vector<std::uint8_t> disc_pixels(int size) {
    std::vector<std::uint8_t> pixels(static_cast<std::size_t>(size) * static_cast<std::size_t>(size) * 4u, 255u);
    const float center = static_cast<float>(size) * 0.5f;
    // Half a pixel inside the texture's edge, so linear filtering never samples a cut-off disc.
    const float radius = center - 0.5f;
    for (int y = 0; y < size; ++y) {
        for (int x = 0; x < size; ++x) {
            const float dx = static_cast<float>(x) + 0.5f - center;
            const float dy = static_cast<float>(y) + 0.5f - center;
            const float coverage = std::clamp(radius - std::sqrt(dx * dx + dy * dy) + 0.5f, 0.0f, 1.0f);
            pixels[(static_cast<std::size_t>(y) * static_cast<std::size_t>(size) + static_cast<std::size_t>(x)) * 4u +
                   3u] = static_cast<std::uint8_t>(std::lround(coverage * 255.0f));
        }
    }
    return pixels;
}

SDL_Texture* create_disc_texture(SDL_Renderer* renderer, int size) {
    const std::vector<std::uint8_t> pixels = disc_pixels(size);
    SDL_Texture* texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_STATIC, size, size);
    if (texture == nullptr) return nullptr;
    SDL_UpdateTexture(texture, nullptr, pixels.data(), size * 4);
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND);
    SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear);
    return texture;
}

}  // namespace ticklab::app

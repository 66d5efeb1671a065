#include "app/render/sprite_blit.hpp"

#include <algorithm>

namespace ticklab::app {

std::uint32_t blend_pixel(std::uint32_t source, std::uint32_t destination) noexcept {
    const std::uint32_t alpha = source >> 24;
    if (alpha == 0) return destination;  // as SDL: transparent pixels are skipped,
    if (alpha == 255) return source;     // and opaque ones copied
    const std::uint32_t keep = 255u - alpha;
    // Per channel (s * a >> 8) + (d * (255 - a) >> 8), as SDL's SIMD alpha blit computes it. Red
    // and blue share one word and green has its own: each product fits in the 16 bits its channel
    // has there, so one multiply blends two channels.
    const std::uint32_t rb =
        (((source & 0xff00ffu) * alpha >> 8) & 0xff00ffu) + (((destination & 0xff00ffu) * keep >> 8) & 0xff00ffu);
    const std::uint32_t g =
        (((source & 0xff00u) * alpha >> 8) & 0xff00u) + (((destination & 0xff00u) * keep >> 8) & 0xff00u);
    return 0xff000000u | rb | g;
}

namespace {
constexpr int short_row = 4;  // pixels
}  // namespace

void blend_sprite(const pixel_target& target, raster_rect clip, const std::uint32_t* sprite, int sprite_pitch,
                  SDL_Rect source, int x, int y, const row_span* opaque) noexcept {
    const int x0 = std::max({x, clip.x0, 0});
    const int y0 = std::max({y, clip.y0, 0});
    const int x1 = std::min({x + source.w, clip.x1, target.width});
    const int y1 = std::min({y + source.h, clip.y1, target.height});
    const auto blend = [](const std::uint32_t* from, std::uint32_t* to, int count) {
        for (int k = 0; k < count; ++k) to[k] = blend_pixel(from[k], to[k]);
    };
    for (int row = y0; row < y1; ++row) {
        const std::uint32_t* from =
            sprite + static_cast<std::ptrdiff_t>(source.y + row - y) * sprite_pitch + (source.x + x0 - x);
        std::uint32_t* to = target.pixels + static_cast<std::ptrdiff_t>(row) * target.pitch + x0;
        // A short row is blended whole: blending an opaque pixel copies it, and a copy call per row
        // of a two- or three-pixel ball cost more than the blend (6% of a 100,000-ball draw).
        if (opaque == nullptr || x1 - x0 <= short_row) {
            blend(from, to, x1 - x0);
            continue;
        }
        // The opaque middle of this row, in target columns, within [x0, x1).
        const row_span span = opaque[row - y];
        const int solid0 = std::clamp(x + span.begin, x0, x1);
        const int solid1 = std::clamp(x + span.end, solid0, x1);
        blend(from, to, solid0 - x0);
        std::copy(from + (solid0 - x0), from + (solid1 - x0), to + (solid0 - x0));
        blend(from + (solid1 - x0), to + (solid1 - x0), x1 - solid1);
    }
}

}  // namespace ticklab::app

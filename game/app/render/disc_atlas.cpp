#include "app/render/disc_atlas.hpp"

#include "app/platform/sdl_runtime.hpp"
#include "app/render/disc_texture.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <utility>

namespace ticklab::app {
namespace {

constexpr int sprite_gap = 1;
constexpr int source_size = 128;  // the disc texture the scaled path uses (scene_renderer)  // between sprites, so no
                                  // copy ever picks up a neighbour's edge

}  // namespace

std::vector<std::uint8_t> disc_sprite_pixels(int diameter, game::rgba colour) {
    // The disc the scaled path drew: the large disc texture sampled bilinearly at each pixel's
    // centre, so circles look as they did (tiny ones included) and only the cost changes.
    static const std::vector<std::uint8_t> source = disc_pixels(source_size);
    const auto alpha = [&](int x, int y) {
        x = std::clamp(x, 0, source_size - 1);
        y = std::clamp(y, 0, source_size - 1);
        return static_cast<float>(
            source[(static_cast<std::size_t>(y) * source_size + static_cast<std::size_t>(x)) * 4u + 3u]);
    };
    const auto size = static_cast<std::size_t>(std::max(diameter, 0));
    std::vector<std::uint8_t> pixels(size * size * 4u);
    const float step = static_cast<float>(source_size) / static_cast<float>(std::max(diameter, 1));
    for (std::size_t y = 0; y < size; ++y) {
        const float sy = (static_cast<float>(y) + 0.5f) * step - 0.5f;
        const int y0 = static_cast<int>(std::floor(sy));
        const float fy = sy - static_cast<float>(y0);
        for (std::size_t x = 0; x < size; ++x) {
            const float sx = (static_cast<float>(x) + 0.5f) * step - 0.5f;
            const int x0 = static_cast<int>(std::floor(sx));
            const float fx = sx - static_cast<float>(x0);
            const float top = alpha(x0, y0) + (alpha(x0 + 1, y0) - alpha(x0, y0)) * fx;
            const float bottom = alpha(x0, y0 + 1) + (alpha(x0 + 1, y0 + 1) - alpha(x0, y0 + 1)) * fx;
            const float coverage = (top + (bottom - top) * fy) / 255.0f;
            std::uint8_t* p = &pixels[(y * size + x) * 4u];
            p[0] = colour.r;
            p[1] = colour.g;
            p[2] = colour.b;
            p[3] = static_cast<std::uint8_t>(std::lround(coverage * static_cast<float>(colour.a)));
        }
    }
    return pixels;
}

std::optional<SDL_Rect> shelf_packer::place(int w, int h) {
    if (w <= 0 || h <= 0 || w > width_ || h > height_) return std::nullopt;
    // The first shelf tall enough, and not much taller (a small disc on a tall shelf wastes it).
    for (shelf& s : shelves_) {
        if (h <= s.height && h * 2 > s.height && s.next_x + w <= width_) {
            const SDL_Rect r{s.next_x, s.y, w, h};
            s.next_x += w + sprite_gap;
            return r;
        }
    }
    if (next_y_ + h > height_) return std::nullopt;
    shelves_.push_back({next_y_, h, w + sprite_gap});
    const SDL_Rect r{0, next_y_, w, h};
    next_y_ += h + sprite_gap;
    return r;
}

void shelf_packer::reset() {
    shelves_.clear();
    next_y_ = 0;
}

std::uint64_t disc_atlas::key_of(game::rgba c, int diameter) noexcept {
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(diameter)) << 32) | (std::uint64_t{c.r} << 24) |
           (std::uint64_t{c.g} << 16) | (std::uint64_t{c.b} << 8) | std::uint64_t{c.a};
}

const disc_atlas::sprite* disc_atlas::find(std::uint64_t key) const noexcept {
    const auto found = sprites_.find(key);
    return found == sprites_.end() ? nullptr : &found->second;
}

disc_atlas::disc_atlas(SDL_Renderer* renderer)
    : renderer_{renderer},
      pixels_{static_cast<std::uint32_t*>(std::calloc(static_cast<std::size_t>(atlas_size) * atlas_size,
                                                      sizeof(std::uint32_t)))} {
    if (!pixels_) throw startup_error("cannot allocate the disc atlas");
}

SDL_Texture* disc_atlas::texture() {
    if (texture_ != nullptr) return texture_;
    // ARGB8888: the layout of a typical window surface (XRGB8888), for which SDL has its fastest
    // alpha blit; a byte-order mismatch would fall back to a generic per-pixel one.
    texture_ = SDL_CreateTexture(renderer_, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STATIC, atlas_size, atlas_size);
    if (texture_ == nullptr) return nullptr;
    SDL_SetTextureBlendMode(texture_, SDL_BLENDMODE_BLEND);
    SDL_UpdateTexture(texture_, nullptr, pixels_.get(), atlas_size * 4);
    return texture_;
}

disc_atlas::~disc_atlas() {
    SDL_DestroyTexture(texture_);
}

void disc_atlas::begin_frame() {
    if (!overflowed_) return;
    overflowed_ = false;
    sprites_.clear();
    recent_.fill(recent_sprite{});
    packer_.reset();
}

std::optional<SDL_Rect> disc_atlas::find_or_add(game::rgba colour, int diameter, const row_span** opaque) {
    if (diameter < 1 || diameter > max_diameter) return std::nullopt;
    const std::uint64_t k = key_of(colour, diameter);
    recent_sprite& recent = recent_[(k * 0x9e3779b97f4a7c15ull) >> 58];
    if (recent.key == k) {
        if (opaque != nullptr) *opaque = recent.opaque;
        return recent.place;
    }
    if (const auto found = sprites_.find(k); found != sprites_.end()) {
        recent = {k, found->second.place, found->second.opaque.data()};
        if (opaque != nullptr) *opaque = recent.opaque;
        return found->second.place;
    }
    const std::optional<SDL_Rect> place = packer_.place(diameter, diameter);
    if (!place) {
        overflowed_ = true;
        return std::nullopt;
    }
    const std::vector<std::uint8_t> rgba = disc_sprite_pixels(diameter, colour);
    std::vector<std::uint8_t> argb(rgba.size());
    const int pitch = diameter * 4;
    if (SDL_ConvertPixels(diameter, diameter, SDL_PIXELFORMAT_RGBA32, rgba.data(), pitch, SDL_PIXELFORMAT_ARGB8888,
                          argb.data(), pitch) != 0 ||
        (texture_ != nullptr && SDL_UpdateTexture(texture_, &*place, argb.data(), pitch) != 0)) {
        return std::nullopt;
    }
    // ARGB8888 is a packed format: each pixel's 4 bytes read as one native word are A R G B.
    for (int row = 0; row < diameter; ++row) {
        std::memcpy(
            &pixels_.get()[static_cast<std::size_t>(place->y + row) * atlas_size + static_cast<std::size_t>(place->x)],
            &argb[static_cast<std::size_t>(row) * static_cast<std::size_t>(pitch)], static_cast<std::size_t>(pitch));
    }
    std::vector<row_span> rows(static_cast<std::size_t>(diameter));
    for (int row = 0; row < diameter; ++row) {
        // The longest run of opaque pixels (a disc's row has one, between its rims).
        const std::uint32_t* line = &pixels_.get()[static_cast<std::size_t>(place->y + row) * atlas_size +
                                                   static_cast<std::size_t>(place->x)];
        int best_begin = 0;
        int best_end = 0;
        for (int column = 0; column < diameter;) {
            if (line[column] >> 24 != 255u) {
                ++column;
                continue;
            }
            const int begin = column;
            while (column < diameter && line[column] >> 24 == 255u) ++column;
            if (column - begin > best_end - best_begin) {
                best_begin = begin;
                best_end = column;
            }
        }
        rows[static_cast<std::size_t>(row)] = {static_cast<std::uint16_t>(best_begin),
                                               static_cast<std::uint16_t>(best_end)};
    }
    const auto added = sprites_.emplace(k, sprite{*place, std::move(rows)}).first;
    recent = {k, *place, added->second.opaque.data()};
    if (opaque != nullptr) *opaque = added->second.opaque.data();
    return place;
}

}  // namespace ticklab::app

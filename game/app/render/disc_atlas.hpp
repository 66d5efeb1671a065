#pragma once
// Circles for SDL's software renderer: each (colour, diameter) a disc pre-drawn once into one atlas
// texture, then copied 1:1 (SDL_RenderCopy) wherever a circle of that size and colour goes.
//
// Why: the software renderer turns a textured quad into a scaled, colour-modulated blit, and with
// linear filtering every such blit goes through a temporary surface of its own (allocated, mapped,
// stretched, blended, freed). A 1:1 copy of a pre-tinted sprite is a plain alpha blit: at 10,000
// balls (1280x720, Xvfb) a frame's CPU went from about 15 ms to about 10 ms.
//
// Usage:
//   disc_atlas atlas{renderer};                       // throws startup_error
//   atlas.begin_frame();
//   if (auto src = atlas.find_or_add(colour, diameter)) SDL_RenderCopy(r, atlas.texture(), &*src, &dst);
//   else ...draw it another way (too large, or the atlas is full this frame)...

#include "app/render/sprite_blit.hpp"
#include "sim/draw_list.hpp"

#include <SDL.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

namespace ticklab::app {

// RGBA bytes (row-major, diameter x diameter): `colour` everywhere, alpha its alpha times the
// disc's coverage of each pixel, as the disc texture (disc_texture.hpp) scaled to that size gives.
[[nodiscard]] std::vector<std::uint8_t> disc_sprite_pixels(int diameter, game::rgba colour);

// Rectangles packed in rows ("shelves") of equal height class, left to right, top to bottom.
// Sprites never overlap; place() says no once the area is full, until reset().
class shelf_packer {
public:
    shelf_packer(int width, int height) : width_{width}, height_{height} {}
    [[nodiscard]] std::optional<SDL_Rect> place(int w, int h);
    void reset();

private:
    struct shelf {
        int y;
        int height;
        int next_x;
    };
    int width_;
    int height_;
    int next_y_ = 0;
    std::vector<shelf> shelves_;
};

class disc_atlas {
public:
    static constexpr int atlas_size = 1024;
    static constexpr int max_diameter = 128;  // larger circles are few and drawn the scaled way

    explicit disc_atlas(SDL_Renderer* renderer);
    ~disc_atlas();
    disc_atlas(const disc_atlas&) = delete;
    disc_atlas& operator=(const disc_atlas&) = delete;

    // Once per frame, before find_or_add: an atlas that overflowed last frame starts empty, so it
    // fills with what is drawn now (after a resize, old sizes are no longer needed).
    void begin_frame();
    // Where the disc is in texture(), drawing it first if new; nullopt for a diameter outside
    // 1..max_diameter or when the atlas is full. `opaque`, when given, is set to the sprite's
    // opaque columns row by row (blend_sprite), valid until the next begin_frame().
    [[nodiscard]] std::optional<SDL_Rect> find_or_add(game::rgba colour, int diameter,
                                                      const row_span** opaque = nullptr);
    // Made on first use (the sprites so far uploaded then): a window that blends the sprites
    // itself (blend_sprite) never needs it, and its 4 MB cost start-up about 20 ms of CPU.
    // Null when SDL cannot make it.
    [[nodiscard]] SDL_Texture* texture();
    // The same atlas in memory: ARGB8888 words, atlas_size a row (for blend_sprite).
    [[nodiscard]] const std::uint32_t* pixels() const noexcept { return pixels_.get(); }
    [[nodiscard]] std::size_t sprites() const noexcept { return sprites_.size(); }

    // A disc in the atlas: where it is, and its opaque columns row by row (blend_sprite).
    struct sprite {
        SDL_Rect place;
        std::vector<row_span> opaque;  // one per row
    };
    // The key a disc is kept under.
    [[nodiscard]] static std::uint64_t key_of(game::rgba colour, int diameter) noexcept;
    // The disc kept under `key`, or null: it never draws one. Only reads, so several threads may
    // call it at once while nobody calls find_or_add or begin_frame. The pointer stays valid until
    // the next begin_frame().
    [[nodiscard]] const sprite* find(std::uint64_t key) const noexcept;

private:
    struct free_deleter {
        void operator()(std::uint32_t* p) const noexcept { std::free(p); }
    };

    SDL_Renderer* renderer_;
    SDL_Texture* texture_ = nullptr;
    // atlas_size x atlas_size, what texture_ holds; from calloc, so that pages no sprite touches
    // are never faulted in.
    std::unique_ptr<std::uint32_t[], free_deleter> pixels_;
    shelf_packer packer_{atlas_size, atlas_size};
    std::unordered_map<std::uint64_t, sprite> sprites_;  // node-based: an entry stays where it is
    // The last sprites found, by a hash of their key: a frame of 100,000 balls asks for a few
    // dozen sprites over and over, and the map's lookup was a sixth of drawing them.
    struct recent_sprite {
        std::uint64_t key = no_key;
        SDL_Rect place{};
        const row_span* opaque = nullptr;
    };
    static constexpr std::uint64_t no_key = ~std::uint64_t{0};
    std::array<recent_sprite, 64> recent_{};
    bool overflowed_ = false;
};

}  // namespace ticklab::app

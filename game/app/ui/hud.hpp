#pragma once
// The heads-up display over the scene's top-left corner, drawn with SDL_ttf (not ImGui) so it reads
// like part of the game. Each line's texture is kept and re-rendered only when its text changes.
//
// Usage:
//   hud overlay{renderer, fonts, pixel_scale};           // throws startup_error; `fonts` outlives it
//   lines.push_back({"PAUSED", hud_style::alert});
//   overlay.draw(hud_corner::top_left, lines, x0, y0, x1, y1);   // the area to sit in, output pixels

#include "app/ui/font_files.hpp"

#include <SDL.h>
#include <SDL_ttf.h>

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace ticklab::app {

// `figure` is a lesson's key figure, large for the back row; `figure_alert` the same past a limit;
// `prose` a lesson's claim and questions (a proportional font); `notice` a passing message.
enum class hud_style : std::uint8_t { title, body, dim, alert, figure, figure_alert, prose, notice, count };
// Each corner is a separate block of lines with its own cached textures.
enum class hud_corner : std::uint8_t { top_left, top_right, bottom_left, count };

// One line of text as drawn: where, at which size (the font's size in pixels), and what it says.
struct text_item {
    SDL_FRect rect{};
    float pixels = 0.0f;
    std::string text;
    hud_style style = hud_style::body;
};

struct hud_line {
    std::string text;
    hud_style style = hud_style::body;

    friend bool operator==(const hud_line&, const hud_line&) = default;
};

class hud {
public:
    hud(SDL_Renderer* renderer, const font_files& fonts, float pixel_scale);
    ~hud();
    hud(const hud&) = delete;
    hud& operator=(const hud&) = delete;

    // Draws `lines` on an opaque backdrop in `corner` of the rectangle (x0, y0)-(x1, y1).
    void draw(hud_corner corner, std::span<const hud_line> lines, float x0, float y0, float x1, float y1);
    // Where draw() would put the block's backdrop (nothing drawn); the lines' textures are made.
    [[nodiscard]] SDL_FRect box(hud_corner corner, std::span<const hud_line> lines, float x0, float y0, float x1,
                                float y1);
    // The text scale (1 = the designed sizes): the fonts are opened again at the new size, so the
    // text stays sharp. Throws startup_error when a font cannot be opened.
    void set_text_scale(float scale);
    // The height in pixels of a block of one `style` line, backdrop included: what the key hint
    // takes at the bottom, so split views can leave it free.
    [[nodiscard]] float one_line_height(hud_style style) const;
    // The height in pixels of a block of lines in these styles, backdrop included (nothing drawn).
    [[nodiscard]] float block_height(std::span<const hud_style> styles) const;
    // The (width, height) box() would give `lines`, measured without making their textures.
    [[nodiscard]] SDL_FPoint block_size(std::span<const hud_line> lines) const;
    // The width in pixels of `text` in `style` at the current text scale (nothing drawn).
    [[nodiscard]] float text_width(hud_style style, const std::string& text) const;
    // The font's size in pixels of `style` at the current text scale.
    [[nodiscard]] float font_pixels(hud_style style) const;
    // Every line draw() drew since the last clear_drawn(): what a legibility test reads.
    [[nodiscard]] const std::vector<text_item>& drawn() const noexcept { return drawn_; }
    void clear_drawn() noexcept { drawn_.clear(); }
    // How many line textures were rendered since start-up (unchanged lines cost nothing).
    [[nodiscard]] std::uint64_t renders() const noexcept { return renders_; }

private:
    struct cached_line {
        std::string text;
        hud_style style = hud_style::count;
        SDL_Texture* texture = nullptr;
        int w = 0;
        int h = 0;
    };
    void refresh(cached_line& slot, const hud_line& line);
    // An empty line is a half-height spacer between groups.
    [[nodiscard]] float line_height(const cached_line& slot) const;
    void open_fonts();
    void close_fonts();

    SDL_Renderer* renderer_;
    std::array<TTF_Font*, static_cast<std::size_t>(hud_style::count)> fonts_{};
    const font_files& files_;
    float pixel_scale_;
    float text_scale_ = 1.0f;
    std::array<std::vector<cached_line>, static_cast<std::size_t>(hud_corner::count)> cache_;
    std::uint64_t renders_ = 0;
    std::vector<text_item> drawn_;
};

}  // namespace ticklab::app

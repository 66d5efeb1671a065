#pragma once
// The heads-up display over the scene's top-left corner, drawn with SDL_ttf (not ImGui) so it reads
// like part of the game. Each line's texture is kept and re-rendered only when its text changes.
//
// Usage:
//   hud overlay{renderer, fonts, pixel_scale};           // throws startup_error
//   lines.push_back({"PAUSED", hud_style::alert});
//   overlay.draw(lines, x, y);                           // output pixels

#include "app/font_files.hpp"

#include <SDL.h>
#include <SDL_ttf.h>

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace ticklab::app {

enum class hud_style : std::uint8_t { title, body, dim, alert, count };

struct hud_line {
    std::string text;
    hud_style style = hud_style::body;
};

class hud {
public:
    hud(SDL_Renderer* renderer, const font_files& fonts, float pixel_scale);
    ~hud();
    hud(const hud&) = delete;
    hud& operator=(const hud&) = delete;

    void draw(std::span<const hud_line> lines, float x, float y);
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

    SDL_Renderer* renderer_;
    std::array<TTF_Font*, static_cast<std::size_t>(hud_style::count)> fonts_{};
    float pixel_scale_;
    std::vector<cached_line> cache_;
    std::uint64_t renders_ = 0;
};

}  // namespace ticklab::app

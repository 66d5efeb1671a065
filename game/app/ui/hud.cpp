#include "app/ui/hud.hpp"

#include "app/platform/sdl_runtime.hpp"
#include "app/render/fill_rect.hpp"
#include "app/render/theme.hpp"

#include <algorithm>
#include <cmath>

namespace ticklab::app {
namespace {

struct style_spec {
    bool bold;
    float points;
    game::rgba color;
};

constexpr std::array<style_spec, static_cast<std::size_t>(hud_style::count)> styles{{
    {true, 20.0f, theme::hud_text},    // title
    {false, 15.0f, theme::hud_text},   // body
    {false, 14.0f, theme::hud_dim},    // dim
    {true, 26.0f, theme::hud_alert},   // alert
    {true, 30.0f, theme::hud_figure},  // figure: read from the back row
    {true, 30.0f, theme::hud_alert},   // figure_alert
    {false, 13.0f, theme::hud_text},   // prose, in the sans font
    {true, 20.0f, theme::hud_alert},   // notice
}};

const style_spec& spec(hud_style style) {
    return styles[static_cast<std::size_t>(style)];
}

}  // namespace

hud::hud(SDL_Renderer* renderer, const font_files& fonts, float pixel_scale)
    : renderer_{renderer}, files_{fonts}, pixel_scale_{pixel_scale} {
    open_fonts();
}

hud::~hud() {
    for (auto& block : cache_) {
        for (auto& slot : block) SDL_DestroyTexture(slot.texture);
    }
    close_fonts();
}

void hud::open_fonts() {
    for (std::size_t i = 0; i < fonts_.size(); ++i) {
        const auto style = static_cast<hud_style>(i);
        const auto& path = style == hud_style::prose ? files_.sans : styles[i].bold ? files_.bold : files_.mono;
        const int size = static_cast<int>(std::lround(font_pixels(style)));
        fonts_[i] = TTF_OpenFont(path.string().c_str(), size);
        if (fonts_[i] == nullptr) {
            const std::string error = TTF_GetError();
            close_fonts();
            throw startup_error("cannot open font " + path.string() + ": " + error);
        }
    }
}

void hud::close_fonts() {
    for (TTF_Font*& font : fonts_) {
        if (font != nullptr) TTF_CloseFont(font);
        font = nullptr;
    }
}

void hud::set_text_scale(float scale) {
    if (scale == text_scale_) return;
    close_fonts();
    text_scale_ = scale;
    open_fonts();
    // Every cached line was shaped at the old size.
    for (auto& block : cache_) {
        for (auto& slot : block) {
            SDL_DestroyTexture(slot.texture);
            slot = {};
        }
    }
}

void hud::refresh(cached_line& slot, const hud_line& line) {
    if (slot.texture != nullptr && slot.text == line.text && slot.style == line.style) return;
    SDL_DestroyTexture(slot.texture);
    slot = {line.text, line.style, nullptr, 0, 0};
    if (line.text.empty()) return;
    const game::rgba c = spec(line.style).color;
    SDL_Surface* surface = TTF_RenderUTF8_Blended(fonts_[static_cast<std::size_t>(line.style)], line.text.c_str(),
                                                  SDL_Color{c.r, c.g, c.b, c.a});
    if (surface == nullptr) return;  // a line that cannot be shaped is skipped, not fatal
    slot.texture = SDL_CreateTextureFromSurface(renderer_, surface);
    slot.w = surface->w;
    slot.h = surface->h;
    SDL_FreeSurface(surface);
    ++renders_;
}

float hud::line_height(const cached_line& slot) const {
    return static_cast<float>(slot.h > 0 ? slot.h : TTF_FontLineSkip(fonts_[1]) / 2);
}

SDL_FRect hud::box(hud_corner corner, std::span<const hud_line> lines, float x0, float y0, float x1, float y1) {
    auto& cache = cache_[static_cast<std::size_t>(corner)];
    if (cache.size() < lines.size()) cache.resize(lines.size());
    if (lines.empty()) return {x0, y0, 0.0f, 0.0f};
    const float pad = 8.0f * pixel_scale_;
    const float gap = 2.0f * pixel_scale_;
    float width = 0.0f;
    float height = 0.0f;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        refresh(cache[i], lines[i]);
        width = std::max(width, static_cast<float>(cache[i].w));
        height += line_height(cache[i]) + gap;
    }
    const float box_w = width + 2.0f * pad;
    const float box_h = height - gap + 2.0f * pad;
    const float x = corner == hud_corner::top_right ? x1 - box_w : x0;
    const float top = corner == hud_corner::bottom_left ? y1 - box_h : y0;
    return {x, top, box_w, box_h};
}

void hud::draw(hud_corner corner, std::span<const hud_line> lines, float x0, float y0, float x1, float y1) {
    const SDL_FRect backdrop = box(corner, lines, x0, y0, x1, y1);
    if (lines.empty()) return;
    const auto& cache = cache_[static_cast<std::size_t>(corner)];
    const float pad = 8.0f * pixel_scale_;
    const float gap = 2.0f * pixel_scale_;
    const float x = backdrop.x;
    const float top = backdrop.y;
    fill_rect(renderer_, backdrop, theme::hud_backdrop);  // opaque: filled, not blended

    float line_y = top + pad;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const auto& slot = cache[i];
        if (slot.texture != nullptr) {
            const SDL_FRect dst{x + pad, line_y, static_cast<float>(slot.w), static_cast<float>(slot.h)};
            SDL_RenderCopyF(renderer_, slot.texture, nullptr, &dst);
            drawn_.push_back({dst, std::round(font_pixels(slot.style)), slot.text, slot.style});
        }
        line_y += line_height(slot) + gap;
    }
}

float hud::text_width(hud_style style, const std::string& text) const {
    int w = 0;
    int h = 0;
    if (text.empty() || TTF_SizeUTF8(fonts_[static_cast<std::size_t>(style)], text.c_str(), &w, &h) != 0) return 0.0f;
    return static_cast<float>(w);
}

float hud::block_height(std::span<const hud_style> styles) const {
    if (styles.empty()) return 0.0f;
    const float gap = 2.0f * pixel_scale_;
    float height = 16.0f * pixel_scale_ - gap;
    for (const hud_style style : styles) {
        height += static_cast<float>(TTF_FontHeight(fonts_[static_cast<std::size_t>(style)])) + gap;
    }
    return height;
}

SDL_FPoint hud::block_size(std::span<const hud_line> lines) const {
    if (lines.empty()) return {0.0f, 0.0f};
    const float pad = 8.0f * pixel_scale_;
    const float gap = 2.0f * pixel_scale_;
    float width = 0.0f;
    float height = 0.0f;
    for (const hud_line& line : lines) {
        width = std::max(width, text_width(line.style, line.text));
        const float h = line.text.empty()
                            ? static_cast<float>(TTF_FontLineSkip(fonts_[1]) / 2)
                            : static_cast<float>(TTF_FontHeight(fonts_[static_cast<std::size_t>(line.style)]));
        height += h + gap;
    }
    return {width + 2.0f * pad, height - gap + 2.0f * pad};
}

float hud::font_pixels(hud_style style) const {
    return spec(style).points * pixel_scale_ * text_scale_;
}

float hud::one_line_height(hud_style style) const {
    return static_cast<float>(TTF_FontHeight(fonts_[static_cast<std::size_t>(style)])) + 16.0f * pixel_scale_;
}

}  // namespace ticklab::app

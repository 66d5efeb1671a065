#include "app/screen_layout.hpp"

#include "app/panel/panel.hpp"
#include "app/render/world_view.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

namespace ticklab::app {

namespace {

// One arrangement's rectangles, or nullopt when its blocks do not fit.
using candidate = std::optional<screen_layout>;

// What every arrangement shares: the panel, and the strip along the bottom of the scene area.
screen_layout frame(const layout_input& in) {
    screen_layout out;
    const float m = 8.0f * in.pixel_scale;
    const auto w = static_cast<float>(in.output.x);
    const auto h = static_cast<float>(in.output.y);
    out.margin = m;
    out.scene_width = std::max(0.0f, w - in.panel_width);
    out.panel = {out.scene_width, 0.0f, in.panel_width, h};
    const float strip = std::max(in.bottom_reserve, in.bottom.y);
    out.bottom = {m, h - m - strip, std::max(0.0f, out.scene_width - 2.0f * m), strip};
    return out;
}

// The bottom of the room above the strip (the strip's top less a margin).
float above_strip(const screen_layout& base) {
    return std::max(0.0f, base.bottom.y - base.margin);
}

float least_world_height(const layout_input& in) {
    return min_world_share * static_cast<float>(in.output.y);
}

candidate band(const layout_input& in, screen_layout out) {
    const float m = out.margin;
    const float band_height = std::max(in.top_left.y + in.top_left_reserve, in.top_right.y);
    if (in.top_left.x + in.top_right.x + 3.0f * m > out.scene_width) return std::nullopt;
    out.kind = arrangement::band;
    out.top_left = {m, m, in.top_left.x, in.top_left.y};
    out.top_right = {out.scene_width - m - in.top_right.x, m, in.top_right.x, in.top_right.y};
    const float top = band_height > 0.0f ? m + band_height + m : 0.0f;
    out.world_area = {0.0f, top, out.scene_width, std::max(0.0f, above_strip(out) - top)};
    if (out.world_area.h < least_world_height(in)) return std::nullopt;
    return out;
}

// `cut`: the scene's block may be cut to the room it has (a kept arrangement), rather than refused.
candidate column(const layout_input& in, screen_layout out, bool cut = false) {
    const float m = out.margin;
    const float width = std::max(in.top_left.x, in.top_right.x);
    const float second = in.top_left.y + in.top_left_reserve + (in.top_left.y > 0.0f ? m : 0.0f);
    const float room = above_strip(out) - m - second;
    if (width <= 0.0f || room < 0.0f || (in.top_right.y > room && !cut)) return std::nullopt;
    out.kind = arrangement::column;
    out.top_left = {m, m, in.top_left.x, in.top_left.y};
    out.top_right = {m, m + second, in.top_right.x, std::min(in.top_right.y, room)};
    const float left = m + width + m;
    // The world keeps to the right at its full height, so that a column that grows a little (a
    // figure that gains a digit) does not move it; only a column wider than the room left over does.
    const float height = above_strip(out);
    const float edge = std::floor(wall_margin * height);
    const float natural = in.world_aspect * (height - 2.0f * edge) + 2.0f * edge;
    const float x = std::max(left, out.scene_width - natural);
    out.world_area = {x, 0.0f, std::max(0.0f, out.scene_width - x), height};
    const SDL_FRect drawn = fitted_world_rect(out.world_area, in.world_aspect);
    if (drawn.h < least_world_height(in) * (1.0f - 2.0f * wall_margin)) return std::nullopt;
    return out;
}

candidate columns(const layout_input& in, screen_layout out, bool cut = false) {
    const float m = out.margin;
    const float height = above_strip(out);
    if (in.top_left.x <= 0.0f || in.top_right.x <= 0.0f) return std::nullopt;
    if (m + in.top_left.y + in.top_left_reserve > height || (m + in.top_right.y > height && !cut)) return std::nullopt;
    out.kind = arrangement::columns;
    out.top_left = {m, m, in.top_left.x, in.top_left.y};
    out.top_right = {out.scene_width - m - in.top_right.x, m, in.top_right.x, std::min(in.top_right.y, height - m)};
    const float left = m + in.top_left.x + m;
    const float right = out.top_right.x - m;
    out.world_area = {left, 0.0f, std::max(0.0f, right - left), height};
    const SDL_FRect drawn = fitted_world_rect(out.world_area, in.world_aspect);
    if (drawn.h < least_world_height(in) * (1.0f - 2.0f * wall_margin)) return std::nullopt;
    return out;
}

candidate side_by_side(const layout_input& in, screen_layout out) {
    const float m = out.margin;
    const float half = out.scene_width / 2.0f;
    if (in.peer_block.x + 2.0f * m > half) return std::nullopt;
    // Each world as wide as its half allows, its block right below it.
    const float room = above_strip(out) - in.peer_block.y - m;
    float height = std::min(room, half / in.world_aspect);
    for (int i = 0; i < 4; ++i) {  // the wall margin grows with the area: settle on the height that fills the width
        const SDL_FRect drawn = fitted_world_rect({0.0f, 0.0f, half, height}, in.world_aspect);
        const float wanted = height + (half - drawn.w) / in.world_aspect;
        height = std::min(room, wanted);
    }
    if (height < least_world_height(in) / 2.0f) return std::nullopt;
    out.kind = arrangement::side_by_side;
    for (std::size_t peer = 0; peer < 2; ++peer) {
        const float x = static_cast<float>(peer) * half;
        out.views[peer] = {x, 0.0f, half, height};
        out.peer_blocks[peer] = {x + m, height + m, in.peer_block.x, in.peer_block.y};
    }
    out.world_area = {0.0f, 0.0f, out.scene_width, height};
    out.top_left = {m, m, 0.0f, 0.0f};
    out.top_right = {m, m, 0.0f, 0.0f};
    return out;
}

candidate stacked(const layout_input& in, screen_layout out) {
    const float m = out.margin;
    if (in.peer_block.x + 2.0f * m > out.scene_width) return std::nullopt;
    const float half = above_strip(out) / 2.0f;
    const float view = half - in.peer_block.y - 2.0f * m;
    if (view < least_world_height(in) / 2.0f) return std::nullopt;
    out.kind = arrangement::stacked;
    for (std::size_t peer = 0; peer < 2; ++peer) {
        const float y = static_cast<float>(peer) * half;
        out.peer_blocks[peer] = {m, y + m, in.peer_block.x, in.peer_block.y};
        out.views[peer] = {0.0f, y + in.peer_block.y + 2.0f * m, out.scene_width, view};
    }
    out.world_area = {0.0f, 0.0f, out.scene_width, above_strip(out)};
    out.top_left = {m, m, 0.0f, 0.0f};
    out.top_right = {m, m, 0.0f, 0.0f};
    return out;
}

// No arrangement fits: the band (or for a network game the stacked views), with the factor the
// HUD's text must shrink by. Text sizes scale about linearly with the font, so one factor says it.
screen_layout squeezed(const layout_input& in, screen_layout out) {
    const float m = out.margin;
    const auto h = static_cast<float>(in.output.y);
    const float band_height = in.network ? 0.0f : std::max(in.top_left.y + in.top_left_reserve, in.top_right.y);
    const float strip = out.bottom.h;
    float fit = 1.0f;
    const float across = in.network ? in.peer_block.x + 2.0f * m : in.top_left.x + in.top_right.x + 3.0f * m;
    if (across > out.scene_width && across > 0.0f) fit = std::min(fit, out.scene_width / across);
    const float hint = in.bottom.x + 2.0f * m;
    if (hint > out.scene_width && hint > 0.0f) fit = std::min(fit, out.scene_width / hint);
    const float blocks = band_height + strip + 2.0f * in.peer_block.y + 6.0f * m;
    if (blocks > (1.0f - min_world_share) * h && blocks > 0.0f)
        fit = std::min(fit, (1.0f - min_world_share) * h / blocks);
    out.hud_fit = std::min(fit, 0.97f);
    const float top = band_height > 0.0f ? m + band_height + m : 0.0f;
    out.kind = in.network ? arrangement::stacked : arrangement::band;
    out.top_left = {m, m, in.top_left.x, in.top_left.y};
    out.top_right = {out.scene_width - m - in.top_right.x, m, in.top_right.x, in.top_right.y};
    out.world_area = {0.0f, top, out.scene_width, std::max(0.0f, above_strip(out) - top)};
    if (in.network) {
        const float half = out.world_area.h / 2.0f;
        for (std::size_t peer = 0; peer < 2; ++peer) {
            const float y = top + static_cast<float>(peer) * half;
            out.peer_blocks[peer] = {m, y + m, in.peer_block.x, in.peer_block.y};
            out.views[peer] = {0.0f, y + in.peer_block.y + 2.0f * m, out.scene_width,
                               std::max(0.0f, half - in.peer_block.y - 2.0f * m)};
        }
    }
    return out;
}

}  // namespace

SDL_FRect fitted_world_rect(const SDL_FRect& area, float aspect) {
    if (area.w <= 0.0f || area.h <= 0.0f || aspect <= 0.0f) return {area.x, area.y, 0.0f, 0.0f};
    const world_view view = fitted_world({aspect, 1.0f}, {area.x, area.y, area.w, area.h});
    const screen_rect& v = view.viewport();
    return {v.x, v.y, v.w, v.h};
}

float world_pixels(const SDL_FRect& area, float aspect) {
    const SDL_FRect r = fitted_world_rect(area, aspect);
    return r.w * r.h;
}

float world_pixels(const screen_layout& l, float aspect) {
    if (l.kind != arrangement::side_by_side && l.kind != arrangement::stacked)
        return world_pixels(l.world_area, aspect);
    return world_pixels(l.views[0], aspect) + world_pixels(l.views[1], aspect);
}

float panel_text_scale(int output_width, float pixel_scale, float text_scale) {
    const float widest =
        max_panel_share * static_cast<float>(output_width) / (control_panel::width_points * pixel_scale);
    return std::min(text_scale, widest);
}

screen_layout lay_out(const layout_input& in) {
    const screen_layout base = frame(in);
    if (in.keep == arrangement::column) {
        if (candidate kept = column(in, base, true)) return *kept;
    } else if (in.keep == arrangement::columns) {
        if (candidate kept = columns(in, base, true)) return *kept;
    }
    std::array<candidate, 3> tried;
    if (in.network) {
        tried = {side_by_side(in, base), stacked(in, base), std::nullopt};
    } else {
        tried = {column(in, base), band(in, base), columns(in, base)};
    }
    std::optional<screen_layout> best;
    float most = -1.0f;
    for (const candidate& c : tried) {
        if (!c) continue;
        const float pixels = world_pixels(*c, in.world_aspect);
        if (pixels > most) {
            most = pixels;
            best = c;
        }
    }
    const float hint = in.bottom.x + 2.0f * base.margin;
    if (best && hint <= base.scene_width) return *best;
    return squeezed(in, base);
}

bool overlap(const SDL_FRect& a, const SDL_FRect& b) {
    if (a.w <= 0.0f || a.h <= 0.0f || b.w <= 0.0f || b.h <= 0.0f) return false;
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

bool inside(const SDL_FRect& inner, const SDL_FRect& outer) {
    if (inner.w <= 0.0f || inner.h <= 0.0f) return true;
    constexpr float slack = 0.5f;  // SDL's rounding of float rectangles
    return inner.x >= outer.x - slack && inner.y >= outer.y - slack && inner.x + inner.w <= outer.x + outer.w + slack &&
           inner.y + inner.h <= outer.y + outer.h + slack;
}

}  // namespace ticklab::app

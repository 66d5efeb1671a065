#include "app/screen_layout.hpp"

#include "app/panel/panel.hpp"

#include <algorithm>

namespace ticklab::app {

float panel_text_scale(int output_width, float pixel_scale, float text_scale) {
    const float widest =
        max_panel_share * static_cast<float>(output_width) / (control_panel::width_points * pixel_scale);
    return std::min(text_scale, widest);
}

screen_layout lay_out(const layout_input& in) {
    screen_layout out;
    const float m = 8.0f * in.pixel_scale;
    const auto w = static_cast<float>(in.output.x);
    const auto h = static_cast<float>(in.output.y);
    out.margin = m;
    out.scene_width = std::max(0.0f, w - in.panel_width);
    out.panel = {out.scene_width, 0.0f, in.panel_width, h};

    // The band along the top: the loop's block left, the scene's readouts right.
    out.top_left = {m, m, in.top_left.x, in.top_left.y};
    out.top_right = {out.scene_width - m - in.top_right.x, m, in.top_right.x, in.top_right.y};
    const float band = std::max(in.top_left.y + in.top_left_reserve, in.top_right.y);
    // The strip along the bottom, and the world between the two.
    const float strip = std::max(in.bottom_reserve, 0.0f);
    out.bottom = {m, h - m - in.bottom.y, in.bottom.x, in.bottom.y};
    const float world_top = band > 0.0f ? m + band + m : 0.0f;
    const float world_bottom = h - m - strip - m;
    out.world_area = {0.0f, world_top, out.scene_width, std::max(0.0f, world_bottom - world_top)};

    // What the HUD's text must give up so that its blocks fit side by side in the scene's width,
    // leave the world its share of the height, and an F1 list taller than the strip stays below
    // the band. Text sizes scale about linearly with the font, so one factor says it.
    float fit = 1.0f;
    const float across = in.top_left.x + in.top_right.x + 3.0f * m;
    if (across > out.scene_width && across > 0.0f) fit = std::min(fit, out.scene_width / across);
    const float hint = in.bottom.x + 2.0f * m;
    if (hint > out.scene_width && hint > 0.0f) fit = std::min(fit, out.scene_width / hint);
    const float bands = band + strip + in.inside_world + 4.0f * m;
    if (bands > (1.0f - min_world_share) * h && bands > 0.0f) fit = std::min(fit, (1.0f - min_world_share) * h / bands);
    const float stacked = band + in.bottom.y + 4.0f * m;
    if (stacked > h && stacked > 0.0f) fit = std::min(fit, h / stacked);
    out.hud_fit = fit;
    return out;
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

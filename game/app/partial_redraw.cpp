#include "app/partial_redraw.hpp"

#include <algorithm>
#include <cmath>

namespace ticklab::app {

void partial_redraw::begin_frame(const frame_area& area) {
    all_ = everything_ || !keeps_pixels_ || area != area_;
    everything_ = false;
    area_ = area;
    scene_drawn_ = false;
    panel_drawn_ = false;
}

void partial_redraw::offer_hud(ticklab::nanoseconds now, const hud_blocks& fresh, hud_blocks& shown) {
    bool reshaped = fresh.back() != shown.back();  // the key lines: shown at once
    for (std::size_t k = 0; k < fresh.size(); ++k) reshaped = reshaped || fresh[k].size() != shown[k].size();
    reshaped = reshaped || (!fresh.front().empty() && fresh.front().front() != shown.front().front());
    // A clock that went backwards counts as the interval passed.
    const bool due = !hud_valid_ || now - hud_taken_ >= interval_ || now < hud_taken_;
    if (all_ || reshaped || due) {
        shown = fresh;
        hud_taken_ = now;
        hud_valid_ = true;
    }
}

const scene_parts& partial_redraw::plan_scene(const game::draw_list& list, const hud_blocks& shown,
                                              const hud_boxes& boxes, screen_rect scene_area,
                                              screen_rect world_area) {
    parts_.rects.clear();
    // The panel reached over the scene last frame: what it covered must be drawn again.
    whole_ = all_ || overlapped_ || list.world_size != list_.world_size || list.world_origin != list_.world_origin ||
             list.background != list_.background || list.lines != list_.lines || list.triangles != list_.triangles ||
             list.circles.size() != list_.circles.size();
    const auto rows = static_cast<std::size_t>(std::max(0, static_cast<int>(scene_area.h) / band_height + 1));
    bands_.assign(rows, SDL_Rect{0, 0, 0, 0});
    if (!whole_) {
        const world_view old_view = fitted_world(list_.world_size, world_area, list_.world_origin);
        const world_view view = fitted_world(list.world_size, world_area, list.world_origin);
        // When more than a quarter of the circles moved (a splash, a landing), the damage covers
        // nearly the whole scene: it is drawn whole, without placing any (placing each of 100,000
        // moving balls twice took 5-6 ms a frame). Counting them first stops at that quarter.
        const std::size_t most = list.circles.size() / 4;
        std::size_t moved = 0;
        for (std::size_t i = 0; i < list.circles.size() && moved <= most; ++i) {
            moved += list.circles[i] == list_.circles[i] ? 0 : 1;
        }
        whole_ = most > 0 && moved > most;
        for (std::size_t i = 0; i < list.circles.size() && !whole_; ++i) {
            if (list.circles[i] == list_.circles[i]) continue;
            damage_circle(old_view, list_.circles[i]);
            damage_circle(view, list.circles[i]);
        }
        for (std::size_t k = 0; k < shown.size(); ++k) {
            if (shown[k] == hud_lines_[k] && boxes[k].x == hud_boxes_[k].x && boxes[k].y == hud_boxes_[k].y &&
                boxes[k].w == hud_boxes_[k].w && boxes[k].h == hud_boxes_[k].h) {
                continue;
            }
            damage_hud(hud_boxes_[k]);
            damage_hud(boxes[k]);
        }
    }
    if (whole_) {
        parts_.all = true;
    } else {
        parts_.all = false;
        parts_from_bands(scene_area);
    }
    if (parts_.any()) {
        list_ = list;
        hud_lines_ = shown;
        hud_boxes_ = boxes;
        scene_drawn_ = true;
        ++scenes_;
    }
    return parts_;
}

void partial_redraw::damage(SDL_Rect box) {
    if (box.w <= 0 || box.h <= 0) return;
    const int first = std::max(0, box.y / band_height);
    const int last = (box.y + box.h - 1) / band_height;
    for (int b = first; b <= last; ++b) {
        if (static_cast<std::size_t>(b) >= bands_.size()) break;
        SDL_Rect& band = bands_[static_cast<std::size_t>(b)];
        if (band.w == 0) {
            band.x = box.x;
            band.w = box.w;
        } else {
            const int x1 = std::max(band.x + band.w, box.x + box.w);
            band.x = std::min(band.x, box.x);
            band.w = x1 - band.x;
        }
    }
}

void partial_redraw::damage_circle(const world_view& view, const game::circle_shape& circle) {
    const game::vec2 c = view.to_screen(circle.center);
    // As scene_renderer draws it (at least a pixel in radius), plus a margin for the anti-aliased
    // edge of the large ones drawn as geometry.
    const float radius = std::max(circle.radius * view.scale(), 1.0f) + 2.0f;
    const float x0 = std::floor(c.x - radius);
    const float y0 = std::floor(c.y - radius);
    const float x1 = std::ceil(c.x + radius);
    const float y1 = std::ceil(c.y + radius);
    // Far off (or not a number): not worth placing, draw everything.
    if (!(std::abs(x0) < 1e6f && std::abs(y0) < 1e6f && std::abs(x1) < 1e6f && std::abs(y1) < 1e6f)) {
        whole_ = true;
        return;
    }
    damage({static_cast<int>(x0), static_cast<int>(y0), static_cast<int>(x1 - x0), static_cast<int>(y1 - y0)});
}

void partial_redraw::damage_hud(const SDL_FRect& box) {
    if (box.w <= 0.0f || box.h <= 0.0f) return;
    const float x0 = std::floor(box.x) - 1.0f;
    const float y0 = std::floor(box.y) - 1.0f;
    const float x1 = std::ceil(box.x + box.w) + 1.0f;
    const float y1 = std::ceil(box.y + box.h) + 1.0f;
    damage({static_cast<int>(x0), static_cast<int>(y0), static_cast<int>(x1 - x0), static_cast<int>(y1 - y0)});
}

void partial_redraw::parts_from_bands(screen_rect scene_area) {
    const SDL_Rect area{static_cast<int>(scene_area.x), static_cast<int>(scene_area.y),
                        static_cast<int>(std::ceil(scene_area.w)), static_cast<int>(std::ceil(scene_area.h))};
    // Neighbouring damaged bands whose columns overlap make one rectangle.
    long long drawn = 0;
    SDL_Rect open{0, 0, 0, 0};
    const auto close = [&] {
        SDL_Rect part{};
        if (open.w > 0 && SDL_IntersectRect(&open, &area, &part) == SDL_TRUE) {
            parts_.rects.push_back(part);
            drawn += static_cast<long long>(part.w) * part.h;
        }
        open = {0, 0, 0, 0};
    };
    for (std::size_t b = 0; b < bands_.size(); ++b) {
        const SDL_Rect& band = bands_[b];
        if (band.w == 0) {
            close();
            continue;
        }
        const int y = static_cast<int>(b) * band_height;
        if (open.w > 0 && band.x < open.x + open.w && open.x < band.x + band.w) {
            const int x1 = std::max(open.x + open.w, band.x + band.w);
            open.x = std::min(open.x, band.x);
            open.w = x1 - open.x;
            open.h = y + band_height - open.y;
            continue;
        }
        close();
        open = {band.x, y, band.w, band_height};
    }
    close();
    if (static_cast<double>(drawn) > most_in_parts * static_cast<double>(area.w) * area.h) {
        parts_.rects.clear();
        parts_.all = true;
    }
}

bool partial_redraw::panel_due(ticklab::nanoseconds now, bool interacted) const noexcept {
    // A panel whose draw could not be used this frame is not built either: only frames that may
    // draw it, or that the user works it in, pay for ImGui.
    return !keeps_pixels_ || all_ || interacted || busy_ || overlapped_ || !panel_valid_ ||
           now - panel_checked_ >= interval_ || now < panel_checked_;
}

bool partial_redraw::panel_needed(ticklab::nanoseconds now, bool interacted, bool busy,
                                  const std::vector<std::uint64_t>& band_hashes, bool overlaps, bool scene_drawn) {
    const bool due = !panel_valid_ || interacted || busy || now - panel_taken_ >= interval_ || now < panel_taken_;
    busy_ = busy;
    if (due) panel_checked_ = now;
    // Drawn over the scene, it must be drawn again wherever the scene was (overlaps), or it left
    // pixels over the scene that the scene no longer has under it (overlapped_).
    const bool forced = all_ || !panel_valid_ || (scene_drawn && (overlaps || overlapped_)) ||
                        band_hashes.size() != panel_bands_.size();
    panel_parts_.rects.clear();
    panel_parts_.all = forced;
    if (!forced && due) {
        const int x = static_cast<int>(area_.scene_width);
        const int w = area_.width - x;
        std::size_t changed = 0;
        for (std::size_t b = 0; b < band_hashes.size(); ++b) {
            if (band_hashes[b] == panel_bands_[b]) continue;
            ++changed;
            const int y = static_cast<int>(b) * band_height;
            SDL_Rect& last = panel_parts_.rects.empty() ? panel_parts_.rects.emplace_back(SDL_Rect{x, y, w, 0})
                                                        : panel_parts_.rects.back();
            if (last.y + last.h == y) {
                last.h += band_height;
            } else {
                panel_parts_.rects.push_back({x, y, w, band_height});
            }
        }
        // Drawn in parts, most of the column costs more than the column drawn once.
        if (static_cast<double>(changed) > most_in_parts * static_cast<double>(band_hashes.size())) {
            panel_parts_.all = true;
            panel_parts_.rects.clear();
        }
    }
    const bool needed = panel_parts_.any();
    if (needed) {
        panel_bands_ = band_hashes;
        panel_taken_ = now;
        panel_valid_ = true;
        panel_drawn_ = true;
        ++panels_;
        if (!panel_parts_.all) ++panels_in_parts_;
    }
    // What is on screen reaches over the scene while the last drawn panel does.
    if (needed) overlapped_ = overlaps;
    return needed;
}

}  // namespace ticklab::app

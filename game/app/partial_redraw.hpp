#pragma once
// Which parts of a frame need drawing, when the window keeps its pixels from one frame to the next
// (SDL's software renderer draws straight into the window surface, which nothing clears).
//
// Usage (window_app does this each frame):
//   redraw.begin_frame({width, height, scale, scene_width, world_top, world_height, panel_visible});  // new layout: all
//   redraw.offer_hud(now, fresh_lines, shown_lines);   // readouts at most every interval
//   const scene_parts& parts = redraw.plan_scene(list, shown_lines, hud_boxes, scene_area, world_area);
//   if (parts.all) { draw scene; draw HUD; } else for (rect : parts.rects) { the same, clipped to rect }
//   if (redraw.panel_due(now, interacted)) { build the panel;
//       if (redraw.panel_needed(now, interacted, busy, band_hashes, overlap, scene_drawn)) {
//           the panel's column in full, or for (rect : panel_parts().rects) { fill; rasterise, clipped } } }
//   if (redraw.anything_drawn()) present;
//
// The scene (with the HUD over it) is drawn where its draw list or HUD lines differ from the ones
// on screen: around each circle that moved (where it was and where it is), around a HUD block whose
// lines changed, in full for anything else (lines, triangles, the number of circles). The panel is
// drawn where its ImGui draw data differs from what was rasterised last, band by band of
// `band_height` rows (the timeline strip and a few readouts, not the whole column), at most every
// `readout_interval` unless the user is working the panel (an input event reached ImGui, or an item
// is active, or a popup is open). A panel that reaches over the scene (a popup, a tooltip) makes
// both redraw each frame while it lasts and the frame after. Everything drawn is
// drawn in full, as a frame that draws everything would draw it: a part left alone keeps the
// pixels it had, which are the ones a full redraw would give it.
//
// With `keeps_pixels` false (another renderer, a screenshot run) every frame draws everything
// and the HUD takes every frame's lines.

#include "app/ui/hud.hpp"
#include "sim/draw_list.hpp"

#include <ticklab/time.hpp>

#include "app/render/world_view.hpp"

#include <SDL.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <vector>

namespace ticklab::app {

struct frame_area {
    int width = 0;  // output pixels
    int height = 0;
    float pixel_scale = 1.0f;
    float scene_width = 0.0f;
    float world_top = 0.0f;     // the world's area, between the HUD's band and the key hint's strip
    float world_height = 0.0f;
    bool panel_visible = true;

    friend bool operator==(const frame_area&, const frame_area&) = default;
};

// What of the scene area to draw this frame.
struct scene_parts {
    bool all = false;
    std::vector<SDL_Rect> rects;  // when not all: these (output pixels), none for nothing

    [[nodiscard]] bool any() const noexcept { return all || !rects.empty(); }
};

// The HUD's blocks of lines, one per corner, and where their backdrops go.
using hud_blocks = std::array<std::vector<hud_line>, static_cast<std::size_t>(hud_corner::count)>;
using hud_boxes = std::array<SDL_FRect, static_cast<std::size_t>(hud_corner::count)>;

class partial_redraw {
public:
    static constexpr ticklab::nanoseconds default_readout_interval = std::chrono::milliseconds{100};

    explicit partial_redraw(bool keeps_pixels, ticklab::nanoseconds readout_interval = default_readout_interval)
        : keeps_pixels_{keeps_pixels}, interval_{readout_interval} {}

    // The window's pixels are lost or stale (exposed, resized, restored, a screenshot asked for):
    // the next frame draws everything.
    void invalidate() noexcept { everything_ = true; }

    void begin_frame(const frame_area& area);
    // Takes this frame's HUD lines into `shown` (the lines on show) when the interval has passed
    // since they were last taken, or a block's number of lines, the first block's title or the key
    // lines changed (pause, a notice, another scene, the keys opened); otherwise the lines on show
    // stay. The readouts then change at most 1/interval a second.
    void offer_hud(ticklab::nanoseconds now, const hud_blocks& fresh, hud_blocks& shown);
    // Where the scene and HUD must be drawn; remembers what they will show. `hud_boxes`: where the
    // HUD blocks' backdrops go with these lines; `scene_area`: the scene's part of the window;
    // `world_area`: the part of it the world is fitted into (scene_renderer::draw).
    [[nodiscard]] const scene_parts& plan_scene(const game::draw_list& list, const hud_blocks& shown,
                                                const hud_boxes& boxes, screen_rect scene_area,
                                                screen_rect world_area);
    // Whether the panel must be rasterised, and where (panel_parts): `interacted` (an input event
    // reached ImGui this frame), `busy` (an item is active or a popup open), `band_hashes` (this
    // frame's draw data, a hash per band_height rows of the window), `overlaps` (it reaches over
    // the scene), `scene_drawn` (the scene was drawn this frame).
    // Whether the panel must be built at all this frame (ImGui's frame and the panel's widgets):
    // false between readouts while nobody works it, nothing reaches over the scene and nothing
    // forces a full frame. A panel not built is not drawn; the window keeps its pixels.
    [[nodiscard]] bool panel_due(ticklab::nanoseconds now, bool interacted) const noexcept;
    [[nodiscard]] bool panel_needed(ticklab::nanoseconds now, bool interacted, bool busy,
                                    const std::vector<std::uint64_t>& band_hashes, bool overlaps, bool scene_drawn);
    // After panel_needed() said true: the whole panel column, or the rows of it whose bands changed
    // (output pixels, the column's full width).
    [[nodiscard]] const scene_parts& panel_parts() const noexcept { return panel_parts_; }
    // No panel this frame (hidden): what it reached over is gone too.
    void no_panel() noexcept { overlapped_ = false; }
    [[nodiscard]] bool anything_drawn() const noexcept { return scene_drawn_ || panel_drawn_; }

    // Counts since the start, for tests and the report.
    [[nodiscard]] std::uint64_t scenes_drawn() const noexcept { return scenes_; }
    [[nodiscard]] std::uint64_t panels_drawn() const noexcept { return panels_; }
    [[nodiscard]] std::uint64_t panels_drawn_in_parts() const noexcept { return panels_in_parts_; }

    // Damage is gathered in bands this many pixels tall, each with the span of columns it needs.
    static constexpr int band_height = 16;

private:
    bool keeps_pixels_;
    ticklab::nanoseconds interval_;
    bool everything_ = true;  // the next frame draws everything
    bool all_ = true;         // this frame draws everything
    frame_area area_;
    // Drawing more than this share of the scene in parts costs more than drawing it once.
    static constexpr double most_in_parts = 0.6;

    void damage(SDL_Rect box);
    void damage_circle(const world_view& view, const game::circle_shape& circle);
    void damage_hud(const SDL_FRect& box);
    void parts_from_bands(screen_rect scene_area);

    game::draw_list list_;  // what the scene shows
    hud_blocks hud_lines_;
    hud_boxes hud_boxes_{};
    scene_parts parts_;
    std::vector<SDL_Rect> bands_;  // per band: the damaged columns (x to x + w), w 0 for none
    bool whole_ = false;           // this frame's damage reaches everywhere
    ticklab::nanoseconds hud_taken_{0};
    bool hud_valid_ = false;
    std::vector<std::uint64_t> panel_bands_;  // the band hashes of the panel on screen
    scene_parts panel_parts_;
    ticklab::nanoseconds panel_taken_{0};
    bool panel_valid_ = false;
    bool overlapped_ = false;                // the panel last drawn reaches over the scene
    bool busy_ = false;                      // the user was working the panel when it was last built
    ticklab::nanoseconds panel_checked_{0};  // when the panel was last built while due
    bool scene_drawn_ = false;
    bool panel_drawn_ = false;
    std::uint64_t scenes_ = 0;
    std::uint64_t panels_ = 0;
    std::uint64_t panels_in_parts_ = 0;
};

}  // namespace ticklab::app

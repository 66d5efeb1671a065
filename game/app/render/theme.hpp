#pragma once
// The demo's colours in one place, so the panel, the HUD and the screenshot tests agree on them.

#include "sim/draw_list.hpp"

namespace ticklab::app::theme {

inline constexpr game::rgba letterbox{6, 7, 11, 255};  // around the world rectangle
inline constexpr game::rgba world_border{46, 54, 72, 255};
inline constexpr game::rgba panel_background{24, 27, 36, 255};  // the control panel's window
inline constexpr game::rgba panel_header{38, 70, 92, 255};      // its collapsing headers
inline constexpr game::rgba accent{92, 190, 230, 255};          // sliders, checks, plots
// Opaque: the balls must not show through the figures a class reads from the back row.
inline constexpr game::rgba hud_backdrop{8, 9, 14, 255};
inline constexpr game::rgba hud_text{232, 236, 242, 255};
inline constexpr game::rgba hud_dim{178, 188, 202, 255};
inline constexpr game::rgba hud_figure{255, 255, 255, 255};
inline constexpr game::rgba hud_alert{255, 196, 64, 255};  // PAUSED

// The panel timeline's colours, one a meaning (panel_timeline.cpp draws them).
struct timeline_palette {
    game::rgba no_tick;        // a frame that ran no tick
    game::rgba one_tick;       // a frame that ran one
    game::rgba burst;          // several ticks in one frame
    game::rgba paused_fill;    // a paused frame, under its stripes
    game::rgba paused_stripe;  // what marks it paused
    game::rgba dropped;        // virtual time dropped (hatched); a cap or the safety limit (its edge)
    game::rgba on_time;        // a tick mark where the tick was due, and (faint) its link to its frame
    game::rgba late;           // a tick due before its frame began, caught up later
    game::rgba alpha;          // the alpha each frame was drawn with
};

inline constexpr timeline_palette default_timeline{{96, 100, 122, 255},  {52, 110, 170, 255},  {225, 135, 50, 255},
                                                   {70, 70, 70, 255},    {110, 110, 110, 255}, {240, 70, 90, 255},
                                                   {235, 238, 245, 255}, {255, 210, 80, 255},  {92, 190, 230, 255}};

// --palette colour-blind: every two of its meanings' colours at least CIE76 40 apart with normal
// vision and under simulated protanopia, deuteranopia and tritanopia (colour_vision.hpp; the
// default's closest pair is 12.7 apart under protanopia), each at least 30 from the strip's
// background. Found by maximising the closest pair from the default's hues.
inline constexpr timeline_palette colour_blind_timeline{
    {161, 131, 122, 255}, {14, 0, 173, 255},    {255, 144, 0, 255},   {60, 5, 52, 255},    {126, 10, 109, 255},
    {179, 0, 0, 255},     {123, 247, 254, 255}, {245, 252, 169, 255}, {142, 152, 255, 255}};

// The timeline's network strip (panel_network_strip.cpp): its four meanings take four of the
// timeline palette's colours, so the colour-blind palette's distances hold for them too.
struct network_palette {
    game::rgba confirmed;    // ticks confirmed in a frame: the timeline's one tick
    game::rgba predicted;    // ticks run on a prediction: its burst
    game::rgba resimulated;  // ticks re-simulated after a correction: its dropped
    game::rgba stalled;      // ticks held back waiting for input: its no tick
};

[[nodiscard]] constexpr network_palette network_colours(const timeline_palette& p) noexcept {
    return {p.one_tick, p.burst, p.dropped, p.no_tick};
}

}  // namespace ticklab::app::theme

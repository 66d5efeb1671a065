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

}  // namespace ticklab::app::theme

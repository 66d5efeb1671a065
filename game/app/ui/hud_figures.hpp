#pragma once
// The figures the HUD shows large for the back row: the ones the current lesson talks about.
//
// Usage:
//   const auto figures = hud_figures_for(lesson_name, scene_name);   // the lesson's, else the scene's
//   for (const hud_figure& f : figures) lines.push_back(figure_line(f, session, fps));
//
// A figure is named as lesson files name it: one of the loop's (game::hud_figure_names:
// "ticks_per_frame", "alpha", ...), drawn here, or one a scene offers (scene_parts::figures:
// "wall", "lander_fall", ...), which the running scene writes. A lesson's figures are its file's
// "hud" list; without a lesson each scene has its default (scene_parts::default_figures, else the
// loop's).

#include "app/ui/hud.hpp"
#include "session/session.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace ticklab::app {

class fps_meter;

using hud_figure = std::string;

// Whether a lesson's "hud" list may name it: a loop figure or one a scene offers.
[[nodiscard]] bool known_hud_figure(std::string_view name);

// The figures for `lesson` ("" for none) running `scene`: the lesson's own list when it has one,
// else the scene's default (the lander's speeds for the lander, the loop's figures otherwise).
[[nodiscard]] std::vector<hud_figure> hud_figures_for(std::string_view lesson, std::string_view scene);

// One figure as a large HUD line, e.g. "ticks/frame  3"; alert-styled when past its limit. A scene's
// figure while another scene runs shows that figure's absent text ("speed -").
[[nodiscard]] hud_line figure_line(std::string_view figure, const game::session& session, const fps_meter& fps);

}  // namespace ticklab::app

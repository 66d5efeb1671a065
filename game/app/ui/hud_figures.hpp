#pragma once
// The figures the HUD shows large for the back row: the ones the current lesson talks about.
//
// Usage:
//   const auto figures = hud_figures_for(lesson_name, scene_name);   // the lesson's, else the scene's
//   for (hud_figure f : figures) lines.push_back(figure_line(f, session, fps));
//
// A lesson's figures are its file's "hud" list (names as in hud_figure_name); without a lesson each
// scene has its default.

#include "app/ui/hud.hpp"
#include "session/session.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace ticklab::app {

class fps_meter;

enum class hud_figure : std::uint8_t {
    ticks_per_frame,
    alpha,
    dropped_ms,
    debt_ms,
    fps,
    sim_speed,
    frame_ms,
    lander_fall,         // the lander's vertical speed against the landing limit
    lander_drift,        // and its horizontal speed
    picture_age_ms,      // how old the drawn picture is (session::lag_of_picture)
    behind_tick_ms,      // how far it is behind the latest tick's state
    task_runs,           // the budget lesson's task: which of the last frames it ran in
    tick_rate,           // the loop's tick rate and tick length
    wall,                // balls with the thin wall: how many passed through it, how many bounced off
    calls_completed,     // the lander's beacon pings that ran on their beacon
    calls_target_gone,   // those that found their beacon burnt out (and how many of its slots were reused)
    calls_wrong_target,  // those that ran on another beacon than their own: 0 with handles
};

// The name a lesson file uses ("ticks_per_frame", "alpha", ...), and back; nullopt for an unknown name.
[[nodiscard]] std::string_view hud_figure_name(hud_figure figure);
[[nodiscard]] std::optional<hud_figure> hud_figure_from_name(std::string_view name);

// The figures for `lesson` ("" for none) running `scene`: the lesson's own list when it has one,
// else the scene's default (the lander's speeds for the lander, the loop's figures otherwise).
[[nodiscard]] std::vector<hud_figure> hud_figures_for(std::string_view lesson, std::string_view scene);

// One figure as a large HUD line, e.g. "ticks/frame  3"; alert-styled when past its limit.
[[nodiscard]] hud_line figure_line(hud_figure figure, const game::session& session, const fps_meter& fps);

}  // namespace ticklab::app

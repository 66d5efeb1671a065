#pragma once
// The control panel's sections, one function each, called in order by control_panel::draw. Each
// is handed the part of the panel's state it keeps (app/panel/panel_state.hpp).

#include "app/panel/panel_state.hpp"
#include "session/session.hpp"

#include <ticklab/scheduler.hpp>

namespace ticklab::app::panel_sections {

void clock(game::session& session);
void loop(game::session& session, const panel_context& context, loop_panel_state& state);
void statistics(const game::session& session);
// Stepping, catch-up, smoothing and time scaling, live; the comparison ghost's choices and hashes
// (read at most every state_hashes' interval, see throttled_value.hpp).
void strategies(game::session& session, state_hashes& hashes);
// The last moments of frames, ticks, drops and alpha on a real-time strip (freeze, hover).
void timeline(game::session& session, timeline_panel_state& state);
// `tasks` may be null: the session has no scheduler to show.
void scheduler(ticklab::scheduler* tasks, scheduler_panel_state& state);
// The scene picker, then the running scene's own section (balls_section.cpp, lander_section.cpp).
void scene(game::session& session, scene_panel_state& state);
// Named presets with their explanation; the running lesson's stays on show.
void lessons(game::session& session, lessons_state& state);
// Record to a file, replay one, and the progress of either.
void replay(game::session& session, replay_panel_state& state, lessons_state& lessons);
void help(const panel_context& context, panel_requests& requests);

// The scenes' own sections: each draws its widgets when `scene` is its kind and returns whether it
// was (panel_scene.cpp tries them in turn).
bool balls_settings(game::scene& scene, const game::session& session, scene_panel_state& state);
bool lander_settings(game::scene& scene);

// A label column of fixed width on the left, the widget filling the rest of the line.
void label(const char* text);

}  // namespace ticklab::app::panel_sections

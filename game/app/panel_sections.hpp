#pragma once
// The control panel's sections, one function each, called in order by control_panel::draw.

#include "app/panel.hpp"
#include "sim/session.hpp"

#include <ticklab/scheduler.hpp>

namespace ticklab::app::panel_sections {

void clock(game::session& session);
void loop(game::session& session, const panel_context& context, double& custom_fps_cap);
void statistics(const game::session& session);
// Stepping, catch-up, smoothing and time scaling, live; the comparison ghost's choices and hashes
// (read at most every state_hashes' interval, see throttled_value.hpp).
void strategies(game::session& session, state_hashes& hashes);
// The last moments of frames, ticks, drops and alpha on a real-time strip (freeze, hover).
void timeline(game::session& session);
// `tasks` may be null: the session has no scheduler to show.
void scheduler(ticklab::scheduler* tasks);
void scene(game::session& session);
// Named presets with their explanation; the running lesson's stays on show.
void lessons(game::session& session);
// Record to a file, replay one, and the progress of either.
void replay(game::session& session);
void help(const panel_context& context, panel_requests& requests);

// A label column of fixed width on the left, the widget filling the rest of the line.
void label(const char* text);

}  // namespace ticklab::app::panel_sections

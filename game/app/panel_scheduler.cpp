#include "app/panel_sections.hpp"

#include <imgui.h>

namespace ticklab::app::panel_sections {

// SCHEDULER TABLE: to be filled in once engine/include/ticklab/scheduler.hpp offers a snapshot of
// its tasks. Planned columns: handle, kind, priority, interval, next due, runs, skips, avg cost,
// budget, paused, and per-row Pause/Resume/Terminate buttons.
void scheduler(game::session& session) {
    static_cast<void>(session);
    ImGui::TextWrapped(
        "The scheduler's task table appears here once the engine's scheduler offers a snapshot of its "
        "tasks (handle, kind, priority, interval, next due, runs, skips, cost, budget).");
}

}  // namespace ticklab::app::panel_sections

// session::restart_statistics: the figures a lesson shows start from the moment it is applied or
// its before/after setting flips, instead of carrying what the previous settings left behind
// ("dropped 20483 ms" on arriving in a lesson, a count of balls through the wall made at 10 Hz
// still shown at 120 Hz).
#include "session/session.hpp"

namespace ticklab::game {

void session::restart_statistics() {
    loop_.restart_statistics();
    // The debt and the real time since the last frame are what the previous settings owed (the
    // spiral's uncapped catch-up piles up to a minute of debt, and its frames last 250 ms): the
    // next frame would otherwise run or drop them under the new ones. Forgiving them skips no
    // tick and moves no due time (fixed_loop::forgive_owed_time), like dropped time.
    loop_.forgive_owed_time();
    figures_.restart();
    budget_task_.restart_record();
    sim_.current_scene().restart_counters();
}

}  // namespace ticklab::game

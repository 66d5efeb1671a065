// The lander's section of the panel: the autopilot, a restart, and how the last touchdown went.
#include "app/panel/panel_sections.hpp"
#include "scenes/lander_scene.hpp"

#include <imgui.h>

#include <numbers>

namespace ticklab::app::panel_sections {

bool lander_settings(game::scene& scene, controller& control) {
    auto* lander = dynamic_cast<game::lander_scene*>(&scene);
    if (lander == nullptr) return false;
    bool autopilot = lander->autopilot_on();
    if (ImGui::Checkbox("autopilot", &autopilot)) {
        control.perform(action::of(action_kind::set_autopilot, autopilot ? 1.0 : 0.0));
    }
    if (ImGui::Button("Restart")) {
        game::scene_options next = lander->options();
        next.autopilot = lander->autopilot_on();
        action restart = action::of(action_kind::reset_with);
        restart.options = next;
        control.perform(restart);
        return true;  // the scene just drawn from is gone
    }
    if (lander->state() != game::lander_state::flying) {
        const game::lander_body& touchdown = lander->touchdown();
        ImGui::Text("touchdown: vy %+.2f m/s, vx %+.2f m/s, angle %+.1f deg", touchdown.vy, touchdown.vx,
                    touchdown.angle * 180.0 / std::numbers::pi);
        if (lander->state() == game::lander_state::crashed) {
            ImGui::TextColored({1.0f, 0.45f, 0.45f, 1.0f}, "crash: %s", lander->crash_reason().c_str());
        }
    }
    return true;
}

}  // namespace ticklab::app::panel_sections

// The balls scene's section of the panel: gravity, restitution, sleeping at once; the ball count
// and radii on the next reset.
#include "app/panel/panel_sections.hpp"
#include "scenes/balls_scene.hpp"

#include <imgui.h>

#include <algorithm>

namespace ticklab::app::panel_sections {

bool balls_settings(game::scene& scene, controller& control, scene_panel_state& state) {
    const game::session& session = control.session();
    auto* balls = dynamic_cast<game::balls_scene*>(&scene);
    if (balls == nullptr) return false;
    // The typed count starts from the scene's own after every create and reset.
    if (state.synced_start != session.scene_starts()) {
        state.pending_balls = balls->options().balls;
        state.synced_start = session.scene_starts();
    }

    game::balls_config c = balls->config();
    ImGui::Checkbox("gravity", &c.gravity_on);
    const double g_low = 0.0;
    const double g_high = 400.0;
    ImGui::SliderScalar("strength", ImGuiDataType_Double, &c.gravity, &g_low, &g_high, "%.1f");
    const double e_low = 0.0;
    const double e_high = 1.0;
    ImGui::SliderScalar("restitution", ImGuiDataType_Double, &c.restitution, &e_low, &e_high, "%.2f");
    ImGui::Checkbox("sleeping", &c.sleeping);
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip(
            "Balls at rest stop being simulated until something moves near them.\nOff: every ball is "
            "ticked, as the tick's cost shows.");
    }
    ImGui::SameLine();
    ImGui::Checkbox("show asleep", &c.show_sleeping);
    explain(terms::asleep);

    ImGui::Separator();
    ImGui::TextUnformatted("applied on reset");
    int count = static_cast<int>(state.pending_balls);
    ImGui::SliderInt("balls", &count, 0, static_cast<int>(game::max_balls), "%d", ImGuiSliderFlags_Logarithmic);
    ImGui::InputInt("##balls exact", &count, 100, 1000);
    state.pending_balls = static_cast<std::uint32_t>(std::clamp(count, 0, static_cast<int>(game::max_balls)));
    float radius_min = static_cast<float>(c.radius_min);
    float radius_max = static_cast<float>(c.radius_max);
    ImGui::DragFloatRange2("radius", &radius_min, &radius_max, 0.02f, 0.1f, 8.0f, "%.2f", "%.2f");
    c.radius_min = radius_min;
    c.radius_max = radius_max;
    if (!(c == balls->config())) {
        action edit = action::of(action_kind::set_balls_config);
        edit.balls = c;
        control.perform(edit);
    }
    if (ImGui::Button("Apply (reset)")) {
        // Through the session, so the scene's scripts start again with it.
        game::scene_options next = balls->options();
        next.balls = state.pending_balls;
        action restart = action::of(action_kind::reset_with);
        restart.options = next;
        control.perform(restart);
    }
    return true;
}

}  // namespace ticklab::app::panel_sections

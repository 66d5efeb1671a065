// The running scene's own section of the panel, drawn from its controls (scene_parts::controls):
// live values are set through set_scene_value actions as they change; on_reset values are held here
// until one of the scene's buttons resets it with them.
#include "app/panel/panel_sections.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace ticklab::app::panel_sections {

namespace {

void hover_text(const game::scene_control& c) {
    if (!c.tooltip.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string{c.tooltip}.c_str());
    if (!c.term.empty()) explain(std::string{c.term}.c_str());
}

// The scene's launch choices with the held on_reset values, for a button's reset.
game::scene_options reset_options(game::session& session, const game::scene& scene,
                                  std::span<const game::scene_control> controls, const scene_panel_state& state) {
    game::scene_options next = session.options();
    scene.write_options(next);
    for (const game::scene_control& c : controls) {
        if (!c.on_reset) continue;
        const auto held = state.pending.find(std::string{c.name});
        if (held != state.pending.end()) scene.set_option(next, c.name, held->second);
    }
    return next;
}

}  // namespace

void scene_settings(controller& control, scene_panel_state& state) {
    game::session& session = control.session();
    const auto controls = session.current_entry().parts.controls;
    const game::scene& scene = session.current_scene();
    // The held values start from the scene's own after every create and reset.
    if (state.synced_start != session.scene_starts()) {
        state.pending.clear();
        for (const game::scene_control& c : controls) {
            if (c.on_reset) state.pending[std::string{c.name}] = scene.control_value(c.name);
        }
        state.synced_start = session.scene_starts();
    }
    using enum game::control_kind;
    for (const game::scene_control& c : controls) {
        if (c.same_line) ImGui::SameLine();
        const std::string label{c.label};
        switch (c.kind) {
            case toggle: {
                bool on = scene.control_value(c.name) != 0.0;
                if (ImGui::Checkbox(label.c_str(), &on)) control.perform(action::scene_value(c.name, on ? 1.0 : 0.0));
                break;
            }
            case number: {
                double value = scene.control_value(c.name);
                if (ImGui::SliderScalar(label.c_str(), ImGuiDataType_Double, &value, &c.min, &c.max, c.format))
                    control.perform(action::scene_value(c.name, value));
                break;
            }
            case count: {
                double& held = state.pending[std::string{c.name}];
                const int low = static_cast<int>(c.min);
                const int high = static_cast<int>(c.max);
                int value = static_cast<int>(held);
                ImGui::SliderInt(label.c_str(), &value, low, high, c.format, ImGuiSliderFlags_Logarithmic);
                ImGui::InputInt(("##" + label + " exact").c_str(), &value, static_cast<int>(c.step),
                                static_cast<int>(c.step_fast));
                held = std::clamp(value, low, high);
                break;
            }
            case range: {
                // ImGui drags floats: only an end the user moved is sent, so the scene's doubles stay
                // as they are until then.
                const auto low = static_cast<float>(scene.control_value(c.name));
                const auto high = static_cast<float>(scene.control_value(c.high_name));
                float new_low = low;
                float new_high = high;
                if (ImGui::DragFloatRange2(label.c_str(), &new_low, &new_high, static_cast<float>(c.step),
                                           static_cast<float>(c.min), static_cast<float>(c.max), c.format, c.format)) {
                    if (new_low != low) control.perform(action::scene_value(c.name, new_low));
                    if (new_high != high) control.perform(action::scene_value(c.high_name, new_high));
                }
                break;
            }
            case button:
                if (ImGui::Button(label.c_str())) {
                    // Through the session, so the scene's scripts start again with it.
                    action restart = action::of(action_kind::reset_with);
                    restart.options = reset_options(session, scene, controls, state);
                    control.perform(restart);
                    return;  // the scene just drawn from is another now
                }
                break;
            case readout: {
                const game::scene_text line = scene.readout(c.name);
                if (line.text.empty()) break;
                // Wrapped: a readout is a sentence, and must not run off the panel at a large text size.
                if (line.alert) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4{1.0f, 0.45f, 0.45f, 1.0f});
                ImGui::TextWrapped("%s", line.text.c_str());
                if (line.alert) ImGui::PopStyleColor();
                break;
            }
            case heading:
                ImGui::Separator();
                ImGui::TextUnformatted(label.c_str());
                break;
        }
        hover_text(c);
    }
}

}  // namespace ticklab::app::panel_sections

#include "app/panel/panel_sections.hpp"
#include "scenes/scene_registry.hpp"

#include <imgui.h>

#include <string>

namespace ticklab::app::panel_sections {

void scene(controller& control, scene_panel_state& state) {
    game::session& session = control.session();
    const auto& current = session.current_entry();
    label("Scene");
    const std::string preview{current.title};
    if (ImGui::BeginCombo("##scene", preview.c_str())) {
        const auto scenes = game::scene_registry();
        for (std::size_t i = 0; i < scenes.size(); ++i) {
            const std::string title{scenes[i].title};
            const bool selected = scenes[i].name == current.name;
            if (ImGui::Selectable(title.c_str(), selected) && !selected) {
                control.perform(action::of(action_kind::switch_scene, static_cast<double>(i)));
            }
        }
        ImGui::EndCombo();
    }
    ImGui::PushID("scene_settings");
    scene_settings(control, state);
    ImGui::PopID();
}

void help(controller& control, const panel_context& context) {
    // The key table's rows (app/input/action.hpp): the keyboard reads the same table.
    if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_SizingFixedFit)) {
        for (const key_binding& key : key_table()) {
            if (key.keys_label.empty()) continue;
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(key.keys_label.data(), key.keys_label.data() + key.keys_label.size());
            ImGui::TableNextColumn();
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextDisabled("%.*s", static_cast<int>(key.meaning.size()), key.meaning.data());
            ImGui::PopTextWrapPos();
        }
        ImGui::EndTable();
    }
    // Presentation: kept between runs (presentation_settings).
    float scale = context.text_scale;
    label("Text size");
    if (ImGui::SliderFloat("##text_scale", &scale, min_text_scale, max_text_scale, "%.2fx"))
        control.perform(action::of(action_kind::set_text_scale, scale));
    bool fullscreen = control.view().fullscreen;
    if (ImGui::Checkbox("Fullscreen (F11)", &fullscreen)) control.perform(action::of(action_kind::toggle_fullscreen));
    if (ImGui::Button("Save screenshot (F12)")) control.perform(action::of(action_kind::screenshot));
    if (!context.last_screenshot.empty()) ImGui::TextWrapped("Saved %s", context.last_screenshot.c_str());
    ImGui::TextDisabled("Renderer: %s", context.renderer_name.c_str());
}

}  // namespace ticklab::app::panel_sections

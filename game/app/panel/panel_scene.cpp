#include "app/panel/panel_sections.hpp"
#include "scenes/scene_registry.hpp"

#include <imgui.h>

#include <string>

namespace ticklab::app::panel_sections {

void scene(game::session& session, scene_panel_state& state) {
    const auto& current = session.current_entry();
    label("Scene");
    const std::string preview{current.title};
    if (ImGui::BeginCombo("##scene", preview.c_str())) {
        for (const auto& entry : game::scene_registry()) {
            const std::string title{entry.title};
            const bool selected = entry.name == current.name;
            if (ImGui::Selectable(title.c_str(), selected) && !selected) session.switch_scene(entry);
        }
        ImGui::EndCombo();
    }
    ImGui::PushID("scene_settings");
    game::scene& current_scene = session.current_scene();
    if (!balls_settings(current_scene, session, state)) lander_settings(current_scene);
    ImGui::PopID();
}

void help(const panel_context& context, panel_requests& requests) {
    constexpr const char* keys[][2] = {
        {"Space", "pause / resume"},
        {".", "one tick (pauses first)"},
        {"+ / -", "time scale x2 / /2"},
        {"[ / ]", "tick rate down / up"},
        {"Tab", "next scene"},
        {"R", "reset the scene"},
        {"Up / W", "thrust"},
        {"Left Right / A D", "rotate"},
        {"Mouse", "click, drag to fling"},
        {"F1", "all keys over the scene"},
        {"F2", "hide / show this panel"},
        {"F11", "fullscreen"},
        {"Ctrl + / - / 0", "text size"},
        {"F12", "screenshot"},
        {"Esc, Esc", "quit (asks first)"},
    };
    if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_SizingFixedFit)) {
        for (const auto& key : keys) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(key[0]);
            ImGui::TableNextColumn();
            ImGui::TextDisabled("%s", key[1]);
        }
        ImGui::EndTable();
    }
    // Presentation: kept between runs (presentation_settings).
    float scale = context.text_scale;
    label("Text size");
    if (ImGui::SliderFloat("##text_scale", &scale, min_text_scale, max_text_scale, "%.2fx"))
        requests.text_scale = scale;
    bool fullscreen = context.fullscreen;
    if (ImGui::Checkbox("Fullscreen (F11)", &fullscreen)) requests.toggle_fullscreen = true;
    if (ImGui::Button("Save screenshot (F12)")) requests.screenshot = true;
    if (!context.last_screenshot.empty()) ImGui::TextWrapped("Saved %s", context.last_screenshot.c_str());
    ImGui::TextDisabled("Renderer: %s", context.renderer_name.c_str());
}

}  // namespace ticklab::app::panel_sections

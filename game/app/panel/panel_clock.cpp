#include "app/input/controls.hpp"
#include "app/panel/panel_sections.hpp"

#include <imgui.h>

#include <array>
#include <cstdio>

namespace ticklab::app::panel_sections {

void clock(controller& control) {
    const auto& settings = control.session().settings();
    const auto perform = [&control](action_kind kind, double value = 0.0) { control.perform(action::of(kind, value)); };
    const float third = (ImGui::GetContentRegionAvail().x - 2.0f * ImGui::GetStyle().ItemSpacing.x) / 3.0f;
    if (ImGui::Button(settings.paused ? "Resume" : "Pause", {third, 0.0f})) perform(action_kind::toggle_pause);
    ImGui::SameLine();
    if (ImGui::Button("Step", {third, 0.0f})) perform(action_kind::step);
    ImGui::SameLine();
    if (ImGui::Button("Reset", {third, 0.0f})) perform(action_kind::reset);

    label("Time scale");
    float scale = static_cast<float>(settings.time_scale);
    if (ImGui::SliderFloat("##time_scale", &scale, static_cast<float>(panel_min_time_scale),
                           static_cast<float>(panel_max_time_scale), "%.2fx", ImGuiSliderFlags_Logarithmic)) {
        perform(action_kind::set_time_scale, scale);
    }
    constexpr std::array presets{0.25, 0.5, 1.0, 2.0, 4.0};
    ImGui::Dummy({points(102.0f), 0.0f});
    const float width = (ImGui::GetContentRegionAvail().x - points(110.0f) - 4.0f * 4.0f) / 5.0f;
    for (double preset : presets) {
        ImGui::SameLine(0.0f, 4.0f);
        char text[16];
        std::snprintf(text, sizeof text, "%gx", preset);
        const bool current = settings.time_scale == preset;
        if (current) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        if (ImGui::Button(text, {width, 0.0f})) perform(action_kind::set_time_scale, preset);
        if (current) ImGui::PopStyleColor();
    }
}

}  // namespace ticklab::app::panel_sections

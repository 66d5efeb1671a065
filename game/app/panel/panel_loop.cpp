#include "app/input/controls.hpp"
#include "app/panel/panel_sections.hpp"
#include "sim/setting_table.hpp"

#include <ticklab/fixed_loop.hpp>
#include <ticklab/frame_pacer.hpp>

#include <imgui.h>

#include <algorithm>
#include <array>

namespace ticklab::app::panel_sections {
namespace {

struct fps_choice {
    const char* name;
    double cap;  // negative: custom
};
constexpr std::array<fps_choice, 5> fps_choices{
    {{"off", 0.0}, {"30", 30.0}, {"60", 60.0}, {"144", 144.0}, {"custom", -1.0}}};

// A slider over the table's slider range for `which` (sim/setting_table.hpp); a value typed into it
// (Ctrl+click) is pulled into the setting's whole range.
void setting_slider(const char* id, game::setting which, double& value, const char* format) {
    const game::setting_range range = game::setting_of(which).slider;
    float v = static_cast<float>(value);
    if (ImGui::SliderFloat(id, &v, static_cast<float>(range.low), static_cast<float>(range.high), format)) {
        value = game::clamp_setting(which, v);
    }
}

void fps_cap(game::loop_settings& settings, double& custom) {
    std::size_t selected = fps_choices.size() - 1;
    for (std::size_t i = 0; i + 1 < fps_choices.size(); ++i) {
        if (settings.fps_cap == fps_choices[i].cap) selected = i;
    }
    label("FPS cap");
    if (ImGui::BeginCombo("##fps_cap", fps_choices[selected].name)) {
        for (std::size_t i = 0; i < fps_choices.size(); ++i) {
            if (ImGui::Selectable(fps_choices[i].name, i == selected)) {
                settings.fps_cap = fps_choices[i].cap >= 0.0 ? fps_choices[i].cap : custom;
            }
        }
        ImGui::EndCombo();
    }
    if (selected + 1 == fps_choices.size()) {
        custom = settings.fps_cap;
        label("  custom");
        if (ImGui::InputDouble("##fps_custom", &custom, 5.0, 30.0, "%.0f fps")) {
            custom = game::clamp_setting(game::setting::fps_cap, custom);
            settings.fps_cap = custom;
        }
    }
}

}  // namespace

void loop(controller& control, const panel_context& context, loop_panel_state& state) {
    // Edited as a copy and sent as one action, as every widget's change is (app/input/controller.hpp).
    game::loop_settings settings = control.session().settings();

    using game::setting;
    const auto whole = [](setting which, int value) {
        return static_cast<std::uint32_t>(game::clamp_setting(which, value));
    };
    const game::setting_range rate = game::setting_of(setting::tick_rate).slider;
    label("Tick rate");
    int hz = static_cast<int>(settings.tick_rate_hz);
    if (ImGui::SliderInt("##tick_rate", &hz, static_cast<int>(rate.low), static_cast<int>(rate.high), "%d Hz")) {
        settings.tick_rate_hz = whole(setting::tick_rate, hz);
    }
    label("  exact");
    hz = static_cast<int>(settings.tick_rate_hz);
    if (ImGui::InputInt("##tick_rate_exact", &hz, 1, 10)) settings.tick_rate_hz = whole(setting::tick_rate, hz);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", game::allowed_values(setting::tick_rate).c_str());

    const game::setting_range loops = game::setting_of(setting::max_loops).slider;
    label("MAX_LOOPS");
    int max_loops = static_cast<int>(settings.max_loops);
    if (ImGui::SliderInt("##max_loops", &max_loops, static_cast<int>(loops.low), static_cast<int>(loops.high),
                         "%d ticks/frame")) {
        settings.max_loops = whole(setting::max_loops, max_loops);
    }

    // Interpolation is a smoothing choice, in the Strategies section.
    bool vsync = settings.vsync;
    if (ImGui::Checkbox("VSync", &vsync)) settings.vsync = vsync;
    if (context.vsync_refused) {
        ImGui::SameLine();
        ImGui::TextDisabled("(refused by %s)", context.renderer_name.c_str());
    }
    fps_cap(settings, state.custom_fps_cap);

    ImGui::TextDisabled("Artificial CPU load (busy work)");
    label("  per tick");
    setting_slider("##tick_load", setting::tick_load_ms, settings.tick_load_ms, "%.1f ms");
    label("  per frame");
    setting_slider("##frame_load", setting::frame_load_ms, settings.frame_load_ms, "%.1f ms");
    // The budget lesson's frame task (text 002): its work a run and the budget it may spend.
    label("  frame task");
    setting_slider("##task_load", setting::task_load_ms, settings.task_load_ms,
                   settings.task_load_ms > 0.0 ? "%.1f ms" : "off");
    if (settings.task_load_ms > 0.0) {
        label("  its budget");
        setting_slider("##task_budget", setting::task_budget_ms, settings.task_budget_ms,
                       settings.task_budget_ms > 0.0 ? "%.1f ms" : "none");
        explain(terms::budget);
    }
    if (!(settings == control.session().settings())) {
        action edit = action::of(action_kind::set_loop);
        edit.loop = settings;
        control.perform(edit);
    }
}

}  // namespace ticklab::app::panel_sections

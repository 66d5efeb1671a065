#include "app/input/controls.hpp"
#include "app/panel/panel_sections.hpp"

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
            custom = std::clamp(custom, 1.0, ticklab::max_fps_cap);
            settings.fps_cap = custom;
        }
    }
}

}  // namespace

void loop(controller& control, const panel_context& context, loop_panel_state& state) {
    // Edited as a copy and sent as one action, as every widget's change is (app/input/controller.hpp).
    game::loop_settings settings = control.session().settings;

    label("Tick rate");
    int hz = static_cast<int>(settings.tick_rate_hz);
    if (ImGui::SliderInt("##tick_rate", &hz, 1, 240, "%d Hz")) settings.tick_rate_hz = clamp_tick_rate(hz);
    label("  exact");
    hz = static_cast<int>(settings.tick_rate_hz);
    if (ImGui::InputInt("##tick_rate_exact", &hz, 1, 10)) settings.tick_rate_hz = clamp_tick_rate(hz);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("1 to %u Hz", ticklab::max_tick_rate_hz);

    label("MAX_LOOPS");
    int max_loops = static_cast<int>(settings.max_loops);
    if (ImGui::SliderInt("##max_loops", &max_loops, 1, 64, "%d ticks/frame")) {
        settings.max_loops = clamp_max_loops(max_loops);
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
    float tick_ms = static_cast<float>(settings.tick_load_ms);
    if (ImGui::SliderFloat("##tick_load", &tick_ms, 0.0f, 20.0f, "%.1f ms")) {
        settings.tick_load_ms = std::clamp(tick_ms, 0.0f, 20.0f);
    }
    label("  per frame");
    float frame_ms = static_cast<float>(settings.frame_load_ms);
    if (ImGui::SliderFloat("##frame_load", &frame_ms, 0.0f, 50.0f, "%.1f ms")) {
        settings.frame_load_ms = std::clamp(frame_ms, 0.0f, 50.0f);
    }
    // The budget lesson's frame task (text 002): its work a run and the budget it may spend.
    label("  frame task");
    float task_ms = static_cast<float>(settings.task_load_ms);
    if (ImGui::SliderFloat("##task_load", &task_ms, 0.0f, 20.0f, task_ms > 0.0f ? "%.1f ms" : "off")) {
        settings.task_load_ms = std::clamp(task_ms, 0.0f, 20.0f);
    }
    if (settings.task_load_ms > 0.0) {
        label("  its budget");
        float budget_ms = static_cast<float>(settings.task_budget_ms);
        if (ImGui::SliderFloat("##task_budget", &budget_ms, 0.0f, 20.0f, budget_ms > 0.0f ? "%.1f ms" : "none")) {
            settings.task_budget_ms = std::clamp(budget_ms, 0.0f, 20.0f);
        }
        explain(terms::budget);
    }
    if (!(settings == control.session().settings)) {
        action edit = action::of(action_kind::set_loop);
        edit.loop = settings;
        control.perform(edit);
    }
}

}  // namespace ticklab::app::panel_sections

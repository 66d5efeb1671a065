#include "app/panel/panel_sections.hpp"
#include "scenes/scene_registry.hpp"
#include "sim/lessons.hpp"

#include <imgui.h>

#include <string>

namespace ticklab::app::panel_sections {

namespace {

void apply(game::session& session, const game::lesson& l, lessons_state& state) {
    game::lesson_setup setup;
    l.configure(setup);
    session.settings = setup.loop;
    session.restart(*game::find_scene(setup.scene), setup.options);
    state.active = l.name;
}

}  // namespace

void lessons(game::session& session, lessons_state& state) {
    const auto table = game::lesson_table();
    const game::lesson* active = game::find_lesson(state.active);
    if (!state.picked || *state.picked >= table.size()) {
        state.picked = active != nullptr ? static_cast<std::size_t>(active - table.data()) : 0;
    }
    std::size_t& picked = *state.picked;

    if (active != nullptr) {
        ImGui::TextUnformatted(active->title.c_str());
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextDisabled("%s", active->explanation.c_str());
        ImGui::PopTextWrapPos();
        ImGui::Separator();
    }
    label("Lesson");
    const std::string& preview = table[picked].title;
    if (ImGui::BeginCombo("##lesson", preview.c_str())) {
        for (std::size_t i = 0; i < table.size(); ++i) {
            const std::string& title = table[i].title;
            // Choosing a lesson applies it at once: what the text describes is what runs.
            if (ImGui::Selectable(title.c_str(), i == picked)) {
                picked = i;
                apply(session, table[i], state);
            }
        }
        ImGui::EndCombo();
    }
    if (active != nullptr && ImGui::Button("Restart lesson", {-1.0f, 0.0f})) apply(session, *active, state);
}

}  // namespace ticklab::app::panel_sections

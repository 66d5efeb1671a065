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
    state.active = std::string{l.name};
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
        ImGui::TextUnformatted(std::string{active->title}.c_str());
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextDisabled("%s", std::string{active->explanation}.c_str());
        ImGui::PopTextWrapPos();
        ImGui::Separator();
    }
    label("Lesson");
    const std::string preview{table[picked].title};
    if (ImGui::BeginCombo("##lesson", preview.c_str())) {
        for (std::size_t i = 0; i < table.size(); ++i) {
            const std::string title{table[i].title};
            if (ImGui::Selectable(title.c_str(), i == picked)) picked = i;
        }
        ImGui::EndCombo();
    }
    const game::lesson& chosen = table[picked];
    if (&chosen != active) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(std::string{chosen.explanation}.c_str());
        ImGui::PopTextWrapPos();
    }
    if (ImGui::Button(&chosen == active ? "Restart lesson" : "Apply lesson", {-1.0f, 0.0f}))
        apply(session, chosen, state);
}

}  // namespace ticklab::app::panel_sections

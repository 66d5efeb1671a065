#include "app/panel/panel_sections.hpp"
#include "run/lesson_library.hpp"
#include "scenes/scene_registry.hpp"

#include <imgui.h>

#include <string>

namespace ticklab::app::panel_sections {

void lessons(controller& control) {
    lessons_state& state = control.lessons();
    const auto table = game::lesson_table();
    const game::lesson* active = game::find_lesson(state.active);
    if (!state.picked || *state.picked >= table.size()) {
        state.picked = game::built_in_index(active).value_or(0);
    }
    std::size_t& picked = *state.picked;

    if (active != nullptr) {
        // Everything here wraps at the panel's edge: titles, texts and questions are longer than it.
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(active->title.c_str());
        ImGui::TextDisabled("%s", active->explanation.c_str());
        // What the lesson is about, as its test checks it, and what to discuss.
        if (!active->claim.empty()) {
            ImGui::Spacing();
            ImGui::TextUnformatted(("Claim: " + active->claim).c_str());
        }
        for (const std::string& question : active->questions) ImGui::TextDisabled("Q: %s", question.c_str());
        ImGui::Spacing();
        const game::session& session = control.session();
        ImGui::TextDisabled("%s",
                            game::before_after_text(*active, session.settings(), session.current_entry().parts.controls,
                                                    session.current_scene())
                                .c_str());
        ImGui::PopTextWrapPos();
        ImGui::TextDisabled("PageUp / PageDown: previous / next lesson");
        ImGui::Separator();
    }
    label("Lesson");
    // A teacher's own file is not in the list: the box names it until another lesson is chosen.
    const bool own = active != nullptr && !game::built_in_index(active).has_value();
    const std::string& preview = own ? active->title : table[picked].title;
    if (ImGui::BeginCombo("##lesson", preview.c_str())) {
        for (std::size_t i = 0; i < table.size(); ++i) {
            const std::string& title = table[i].title;
            // Choosing a lesson applies it at once: what the text describes is what runs.
            if (ImGui::Selectable(title.c_str(), i == picked)) {
                picked = i;
                control.perform(action::of(action_kind::apply_lesson, static_cast<double>(i)));
            }
        }
        ImGui::EndCombo();
    }
    if (active != nullptr && ImGui::Button("Restart lesson", {-1.0f, 0.0f})) {
        control.perform(action::of(action_kind::restart_lesson));
    }
}

}  // namespace ticklab::app::panel_sections

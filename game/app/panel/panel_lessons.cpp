#include "app/panel/panel_sections.hpp"
#include "run/lesson_library.hpp"
#include "scenes/scene_registry.hpp"

#include <imgui.h>

#include <optional>
#include <string>

namespace ticklab::app::panel_sections {

void lessons(controller& control) {
    lessons_state& state = control.lessons();
    const auto table = game::lesson_table();
    const auto& found = game::lessons_found().found;
    const game::lesson* active = game::find_lesson(state.active);
    // The list: the built-in lessons, then those found in the share and user folders.
    std::optional<std::size_t> listed = game::built_in_index(active);
    for (std::size_t i = 0; i < found.size() && active != nullptr && !listed; ++i) {
        if (&found[i].l == active) listed = table.size() + i;
    }
    if (!state.picked || *state.picked >= table.size() + found.size()) state.picked = listed.value_or(0);
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
        const game::network_game* network = session.network();
        ImGui::TextDisabled(
            "%s",
            game::before_after_text(*active, session.settings(), session.current_entry().parts.controls,
                                    session.current_scene(), network != nullptr ? &network->config().network : nullptr)
                .c_str());
        ImGui::PopTextWrapPos();
        ImGui::TextDisabled("PageUp / PageDown: previous / next lesson");
        ImGui::Separator();
    }
    label("Lesson");
    // A teacher's file given by path is not in the list: the box names it until another lesson is chosen.
    const bool own = active != nullptr && !listed.has_value();
    const auto title_at = [&](std::size_t i) -> std::string {
        if (i < table.size()) return table[i].title;
        const game::found_lesson& f = found[i - table.size()];
        return f.l.title + " (" + std::string{game::origin_name(f.origin)} + ")";
    };
    const std::string preview = own ? active->title : table.empty() && found.empty() ? "" : title_at(picked);
    if (ImGui::BeginCombo("##lesson", preview.c_str())) {
        for (std::size_t i = 0; i < table.size() + found.size(); ++i) {
            // Choosing a lesson applies it at once: what the text describes is what runs.
            if (ImGui::Selectable(title_at(i).c_str(), i == picked)) {
                picked = i;
                control.perform(action::of(action_kind::apply_lesson, static_cast<double>(i)));
            }
        }
        ImGui::EndCombo();
    }
    if (active != nullptr && ImGui::Button("Restart lesson", {-1.0f, 0.0f})) {
        control.perform(action::of(action_kind::restart_lesson));
    }
    // A lesson file that could not be used (a broken built-in, a taken name) is named, not left out quietly.
    const auto& problems = game::lessons_found().problems;
    if (!problems.empty()) {
        ImGui::PushTextWrapPos(0.0f);
        for (const game::lesson_problem& p : problems) ImGui::TextUnformatted(("Not loaded: " + p.line).c_str());
        ImGui::PopTextWrapPos();
    }
}

}  // namespace ticklab::app::panel_sections

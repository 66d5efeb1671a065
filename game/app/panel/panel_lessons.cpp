#include "app/panel/panel_sections.hpp"
#include "run/lesson_library.hpp"
#include "scenes/scene_registry.hpp"

#include <imgui.h>

#include <string>

namespace ticklab::app::panel_sections {

namespace {

void apply(game::session& session, const game::lesson& l, lessons_state& state) {
    game::lesson_setup setup;
    l.configure(setup);
    session.settings = setup.loop;
    session.stop_network();
    session.restart(*game::find_scene(setup.scene), setup.options);
    if (setup.network) session.start_network(*setup.network);
    state.active = l.name;
}

}  // namespace

void step_lesson(game::session& session, lessons_state& state, int step) {
    const auto table = game::lesson_table();
    if (table.empty() || step == 0) return;
    const game::lesson* active = game::find_lesson(state.active);
    const auto count = static_cast<std::ptrdiff_t>(table.size());
    const std::ptrdiff_t from = active != nullptr ? active - table.data() : (step > 0 ? -1 : 0);
    const std::ptrdiff_t to = ((from + step) % count + count) % count;
    apply(session, table[static_cast<std::size_t>(to)], state);
    state.picked = static_cast<std::size_t>(to);
}

bool toggle_lesson_setting(game::session& session, const lessons_state& state) {
    const game::lesson* active = game::find_lesson(state.active);
    return active != nullptr && game::apply_toggle(active->toggle, active->setup.loop, session.settings);
}

void lessons(game::session& session, lessons_state& state) {
    const auto table = game::lesson_table();
    const game::lesson* active = game::find_lesson(state.active);
    if (!state.picked || *state.picked >= table.size()) {
        state.picked = active != nullptr ? static_cast<std::size_t>(active - table.data()) : 0;
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
        ImGui::TextDisabled("%s", game::before_after_text(*active, session.settings).c_str());
        ImGui::PopTextWrapPos();
        ImGui::TextDisabled("PageUp / PageDown: previous / next lesson");
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

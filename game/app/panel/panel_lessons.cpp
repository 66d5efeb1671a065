#include "app/panel/panel_sections.hpp"
#include "run/lesson_library.hpp"
#include "scenes/scene_registry.hpp"

#include <imgui.h>

#include <algorithm>
#include <optional>
#include <string>

namespace ticklab::app::panel_sections {

namespace {

// One entry of the list: the title and, for a lesson from a folder, where it comes from, each wrapped
// at `width` (a path is longer than the panel at large text sizes, and a Selectable's own label is
// one line, cut at the popup's edge).
bool list_entry(int id, const std::string& title, const std::string& source, bool selected, float width) {
    const float spacing = ImGui::GetStyle().ItemSpacing.y;
    const float height =
        ImGui::CalcTextSize(title.c_str(), nullptr, false, width).y +
        (source.empty() ? 0.0f : spacing + ImGui::CalcTextSize(source.c_str(), nullptr, false, width).y);
    const ImVec2 at = ImGui::GetCursorPos();
    ImGui::PushID(id);
    const bool pressed = ImGui::Selectable("##entry", selected, 0, {width, height});
    ImGui::PopID();
    const ImVec2 after = ImGui::GetCursorPos();
    ImGui::SetCursorPos(at);
    ImGui::PushTextWrapPos(at.x + width);
    ImGui::TextUnformatted(title.c_str());
    if (!source.empty()) ImGui::TextDisabled("%s", source.c_str());
    ImGui::PopTextWrapPos();
    ImGui::SetCursorPos(after);
    return pressed;
}

}  // namespace

void lessons(controller& control) {
    lessons_state& state = control.lessons();
    const auto table = game::lesson_table();
    const auto& found = game::lessons_found().found;
    const game::lesson* active = game::find_lesson(state.active);
    // The list: the built-in lessons, then those found in the share and user folders.
    const std::optional<std::size_t> listed = game::listed_index(active);
    const std::size_t count = game::listed_lesson_count();
    if (!state.picked || *state.picked >= count) state.picked = listed.value_or(0);
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
    const auto source_at = [&](std::size_t i) -> std::string {
        return i < table.size() ? std::string{} : game::source_text(found[i - table.size()]);
    };
    const std::string preview = own ? active->title : count == 0 ? "" : game::listed_lesson(picked)->title;
    if (ImGui::BeginCombo("##lesson", preview.c_str())) {
        // As wide as the box (the popup's least width), less its scrollbar: the popup does not grow past it.
        const float inside = std::max(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize());
        for (std::size_t i = 0; i < count; ++i) {
            // Choosing a lesson applies it at once: what the text describes is what runs.
            if (list_entry(static_cast<int>(i), game::listed_lesson(i)->title, source_at(i), i == picked, inside)) {
                picked = i;
                control.perform(action::of(action_kind::apply_lesson, static_cast<double>(i)));
            }
        }
        ImGui::EndCombo();
    }
    // Where the chosen lesson comes from, in full under the box (which shows one line of its title).
    if (const std::string source = own          ? "path: " + state.active
                                   : count == 0 ? ""
                                                : source_at(picked);
        !source.empty()) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextDisabled("%s", source.c_str());
        ImGui::PopTextWrapPos();
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

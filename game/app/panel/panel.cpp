#include "app/panel/panel.hpp"

#include "app/panel/panel_sections.hpp"

#include <utility>

#include <imgui.h>

namespace ticklab::app {

void control_panel::lesson_keys(game::session& session, const keyboard_requests& requests) {
    if (requests.lesson_step != 0) panel_sections::step_lesson(session, lessons_, requests.lesson_step);
    if (requests.lesson_toggle) panel_sections::toggle_lesson_setting(session, lessons_);
}

control_panel::control_panel(std::string lesson) {
    lessons_.active = std::move(lesson);
}

panel_requests control_panel::draw(game::session& session, const panel_context& context) {
    const ImGuiIO& io = ImGui::GetIO();
    const float width = width_points * context.text_scale;
    ImGui::SetNextWindowPos({io.DisplaySize.x - width, 0.0f});
    ImGui::SetNextWindowSize({width, io.DisplaySize.y});
    constexpr ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                       ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoTitleBar |
                                       ImGuiWindowFlags_NoBringToFrontOnFocus |
                                       // window_app fills the background (theme::panel_background)
                                       // with one opaque fill: as ImGui geometry it would cost SDL's
                                       // software renderer a textured, blended panel-sized quad.
                                       ImGuiWindowFlags_NoBackground;
    panel_requests requests;
    if (ImGui::Begin("Ticklab", nullptr, flags)) {
        ImGui::TextUnformatted("Ticklab");
        ImGui::SameLine();
        ImGui::TextDisabled("fixed-timestep loop lab");
        ImGui::Separator();
        // The sections the current lesson uses open, the rest collapsed; again at every lesson change.
        const bool relayout = open_for_ != lessons_.active || !laid_out_;
        const section_set open = sections_for(lessons_.active);
        laid_out_ = true;
        open_for_ = lessons_.active;
        const auto header = [&](const char* name, section which) {
            if (relayout) ImGui::SetNextItemOpen(open.contains(which), ImGuiCond_Always);
            return ImGui::CollapsingHeader(name);
        };
        if (header("Lessons", section::lessons)) panel_sections::lessons(session, lessons_);
        if (header("Clock", section::clock)) panel_sections::clock(session);
        if (header("Timeline", section::timeline)) panel_sections::timeline(session, timeline_);
        if (header("Strategies", section::strategies)) panel_sections::strategies(session, hashes_);
        if (header("Loop", section::loop)) panel_sections::loop(session, context, loop_);
        if (header("Statistics", section::statistics)) panel_sections::statistics(session);
        if (header("Scheduler tasks", section::scheduler)) panel_sections::scheduler(context.tasks, scheduler_);
        if (header("Scene", section::scene)) {
            // Scene settings are not in a recording, so they stay as they are while one records or plays.
            const game::replay_status& replay = session.replay_state();
            ImGui::BeginDisabled(replay.recording || replay.player.has_value());
            panel_sections::scene(session, scene_);
            ImGui::EndDisabled();
        }
        if (header("Record and replay", section::replay)) panel_sections::replay(session, replay_, lessons_);
        if (header("Keys and display", section::help)) panel_sections::help(context, requests);
    }
    ImGui::End();
    return requests;
}

section_set sections_for(std::string_view lesson) {
    using enum section;
    // What each lesson's explanation asks the learner to watch or change (sim/lessons.cpp).
    if (lesson == "basics") return {lessons, clock, timeline};
    if (lesson == "10hz" || lesson == "10hz-smooth" || lesson == "beat") return {lessons, timeline, strategies};
    if (lesson == "slow-machine") return {lessons, timeline, loop};
    if (lesson == "spiral") return {lessons, strategies, loop, statistics};
    if (lesson == "scale-4x") return {lessons, clock, statistics};
    if (lesson == "autopilot-5hz") return {lessons, loop, scene};
    return {lessons, clock, timeline};
}

namespace panel_sections {

void explain(const char* text) {
    if (!ImGui::IsItemHovered()) return;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 22.0f);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

void label(const char* text) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(text);
    ImGui::SameLine(110.0f * ImGui::GetFontSize() / 15.0f);  // 110 points at the designed 15 pt text
    ImGui::SetNextItemWidth(-1.0f);
}

}  // namespace panel_sections

}  // namespace ticklab::app

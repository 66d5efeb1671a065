#include "app/panel/panel.hpp"

#include "app/panel/panel_sections.hpp"

#include <utility>

#include <imgui.h>

namespace ticklab::app {

control_panel::control_panel(std::string lesson) {
    lessons_.active = std::move(lesson);
}

panel_requests control_panel::draw(game::session& session, const panel_context& context) {
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos({io.DisplaySize.x - width_points, 0.0f});
    ImGui::SetNextWindowSize({width_points, io.DisplaySize.y});
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
        if (ImGui::CollapsingHeader("Lessons", ImGuiTreeNodeFlags_DefaultOpen))
            panel_sections::lessons(session, lessons_);
        if (ImGui::CollapsingHeader("Clock", ImGuiTreeNodeFlags_DefaultOpen)) panel_sections::clock(session);
        if (ImGui::CollapsingHeader("Timeline", ImGuiTreeNodeFlags_DefaultOpen))
            panel_sections::timeline(session, timeline_);
        if (ImGui::CollapsingHeader("Strategies", ImGuiTreeNodeFlags_DefaultOpen)) {
            panel_sections::strategies(session, hashes_);
        }
        if (ImGui::CollapsingHeader("Loop", ImGuiTreeNodeFlags_DefaultOpen)) {
            panel_sections::loop(session, context, loop_);
        }
        if (ImGui::CollapsingHeader("Statistics", ImGuiTreeNodeFlags_DefaultOpen)) {
            panel_sections::statistics(session);
        }
        if (ImGui::CollapsingHeader("Scheduler tasks")) panel_sections::scheduler(context.tasks, scheduler_);
        if (ImGui::CollapsingHeader("Scene", ImGuiTreeNodeFlags_DefaultOpen)) {
            // Scene settings are not in a recording, so they stay as they are while one records or plays.
            const game::replay_status& replay = session.replay_state();
            ImGui::BeginDisabled(replay.recording || replay.player.has_value());
            panel_sections::scene(session, scene_);
            ImGui::EndDisabled();
        }
        if (ImGui::CollapsingHeader("Record and replay")) panel_sections::replay(session, replay_, lessons_);
        if (ImGui::CollapsingHeader("Help")) panel_sections::help(context, requests);
    }
    ImGui::End();
    return requests;
}

namespace panel_sections {

void label(const char* text) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(text);
    ImGui::SameLine(110.0f);
    ImGui::SetNextItemWidth(-1.0f);
}

}  // namespace panel_sections

}  // namespace ticklab::app

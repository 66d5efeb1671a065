#include "app/panel/panel_sections.hpp"
#include "app/platform/page_files.hpp"
#include "app/platform/user_paths.hpp"
#include "session/replay_file.hpp"

#include <imgui.h>

#include <array>
#include <cstdio>
#include <string>

namespace ticklab::app::panel_sections {

void replay(controller& control, replay_panel_state& ui) {
    game::session& session = control.session();
    if (ui.path[0] == '\0') {
        // Looked up when first shown, not at startup: a run without the panel never asks.
        const std::string initial = (pictures_dir() / "ticklab.replay").string();
        std::snprintf(ui.path.data(), ui.path.size(), "%s", initial.c_str());
    }
    const game::replay_status& status = session.replay_state();
    label("File");
    ImGui::InputText("##replay_path", ui.path.data(), ui.path.size());
    const std::string path{ui.path.data()};
    const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2.0f;

    if (status.recording || status.pending == game::replay_status::waiting::recording) {
        if (ImGui::Button("Stop and save", {half, 0.0f})) {
            control.perform(action::of(action_kind::stop_recording));
            if (status.recorder) {
                const std::string error = game::write_replay_file(path, status.recorder->recording());
                ui.message = error.empty() ? "Saved " + path : error;
                if (error.empty()) offer_download(path);
            }
        }
    } else if (ImGui::Button("Record", {half, 0.0f})) {
        control.perform(action::of(action_kind::start_recording));
        ui.message.clear();
    }
    ImGui::SameLine();
    if (status.player) {
        if (ImGui::Button("Stop replay", {half, 0.0f})) control.perform(action::of(action_kind::stop_replay));
    } else if (ImGui::Button("Replay file", {half, 0.0f})) {
        game::replay r;
        ui.message = game::read_replay_file(path, r);
        if (ui.message.empty()) control.start_replay(std::move(r));
    }

    if (status.pending != game::replay_status::waiting::none) {
        ImGui::TextDisabled("starts at the next tick boundary");
    } else if (status.recording) {
        ImGui::Text("Recording: %llu ticks, %zu with input",
                    static_cast<unsigned long long>(status.recorder->recording().ticks),
                    status.recorder->recording().inputs.size());
    } else if (status.player) {
        ImGui::Text("Replay: tick %llu of %llu%s", static_cast<unsigned long long>(status.player->tick()),
                    static_cast<unsigned long long>(status.player->recording().ticks),
                    status.player->finished() ? " (ended: holding)" : "");
        ImGui::TextDisabled("Time scale fast-forwards, Step single-steps.");
    }
    if (!ui.message.empty()) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(ui.message.c_str());
        ImGui::PopTextWrapPos();
    }
}

}  // namespace ticklab::app::panel_sections

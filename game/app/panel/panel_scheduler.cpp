#include "app/panel/panel_sections.hpp"

#include <imgui.h>

#include <string>
#include <vector>

namespace ticklab::app::panel_sections {
namespace {

// Intervals and due points are nanoseconds for time tasks and counts for the others.
std::string format_point(ticklab::task_kind kind, std::int64_t value, bool interval) {
    char text[32];
    if (kind == ticklab::task_kind::time) {
        std::snprintf(text, sizeof text, interval ? "%.1f ms" : "%.3f s",
                      interval ? static_cast<double>(value) / 1e6 : static_cast<double>(value) / 1e9);
    } else if (kind == ticklab::task_kind::render) {
        std::snprintf(text, sizeof text, interval ? "every pass" : "next pass");
    } else {
        std::snprintf(text, sizeof text, interval ? "every %lld" : "#%lld", static_cast<long long>(value));
    }
    return text;
}

void cell(const std::string& text) {
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(text.c_str());
}

}  // namespace

void scheduler(ticklab::scheduler* tasks, scheduler_panel_state& state) {
    if (tasks == nullptr) {
        // The engine's scheduler has its snapshot API; the session does not hand its scheduler out
        // yet (game::session needs a `ticklab::scheduler& tasks()` accessor).
        ImGui::TextWrapped("This scene's session exposes no scheduler, so there are no tasks to show.");
        return;
    }
    std::vector<ticklab::task_info>& snapshot = state.snapshot;
    tasks->snapshot(snapshot);
    ImGui::Text("%zu tasks, virtual now %.3f s", snapshot.size(), ticklab::to_seconds(tasks->now()));
    if (snapshot.empty()) return;
    constexpr ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollX |
                                      ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("tasks", 11, flags, {0.0f, ImGui::GetTextLineHeightWithSpacing() * 8.0f})) return;
    for (const char* heading :
         {"task", "kind", "prio", "interval", "next due", "runs", "skips", "avg cost", "budget", "state", ""}) {
        ImGui::TableSetupColumn(heading);
    }
    ImGui::TableSetupScrollFreeze(1, 1);
    ImGui::TableHeadersRow();
    for (const auto& task : snapshot) {
        ImGui::PushID(static_cast<int>(task.handle.index));
        ImGui::TableNextRow();
        cell(std::to_string(task.handle.index) + ":" + std::to_string(task.handle.generation) +
             (task.name.empty() ? "" : " " + task.name));
        cell(ticklab::to_string(task.kind));
        cell(std::to_string(task.priority));
        cell(format_point(task.kind, task.interval, true));
        cell(format_point(task.kind, task.next_due, false));
        cell(std::to_string(task.runs));
        cell(std::to_string(task.skips));
        cell(std::to_string(ticklab::to_milliseconds(task.average_cost)).substr(0, 5) + " ms");
        cell(task.budget.count() == 0 ? "-"
                                      : std::to_string(ticklab::to_milliseconds(task.budget)).substr(0, 5) + " ms");
        cell(task.paused ? "paused" : "active");
        ImGui::TableNextColumn();
        if (ImGui::SmallButton(task.paused ? "Resume" : "Pause")) {
            task.paused ? tasks->resume(task.handle) : tasks->pause(task.handle);
        }
        ImGui::SameLine();
        if (ImGui::SmallButton("Terminate")) tasks->terminate(task.handle);
        ImGui::PopID();
    }
    ImGui::EndTable();
}

}  // namespace ticklab::app::panel_sections

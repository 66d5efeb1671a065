#include "app/panel/panel_sections.hpp"

#include <imgui.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace ticklab::app::panel_sections {
namespace {

// Between a figure and its unit: ImGui wraps only at spaces and tabs, so "0.02 ms" never breaks
// across the details line's wrap.
constexpr const char* nbsp = "\xc2\xa0";

// A duration for a person: milliseconds below a second, seconds from there.
std::string duration_text(std::int64_t ns) {
    char text[32];
    if (ns >= 1'000'000'000) {
        std::snprintf(text, sizeof text, "%.2f%ss", static_cast<double>(ns) / 1e9, nbsp);
    } else {
        std::snprintf(text, sizeof text, "%.1f%sms", static_cast<double>(ns) / 1e6, nbsp);
    }
    return text;
}

// When the task runs: intervals and due points are nanoseconds for time tasks and counts for the others.
std::string timing_text(const ticklab::task_info& task) {
    const char* unit = task.kind == ticklab::task_kind::tick ? "tick" : "frame";
    switch (task.kind) {
        case ticklab::task_kind::render:
            return "every render pass";
        case ticklab::task_kind::idle:
            return "when time is left";
        case ticklab::task_kind::time: {
            char due[40];
            std::snprintf(due, sizeof due, "due at %.3f%ss", static_cast<double>(task.next_due) / 1e9, nbsp);
            return (task.interval == 0 ? "once, " : "every " + duration_text(task.interval) + ", ") + due;
        }
        case ticklab::task_kind::tick:
        case ticklab::task_kind::frame:
            break;
    }
    const std::string due = std::string{unit} + " #" + std::to_string(task.next_due);
    if (task.interval == 0) return "once, " + due;
    if (task.interval == 1) return std::string{"every "} + unit + ", next " + due;
    return "every " + std::to_string(task.interval) + " " + unit + "s, next " + due;
}

// The row's second line: everything but the name and the runs, in words, wrapped to the column.
std::string details_text(const ticklab::task_info& task) {
    std::string text = std::string{ticklab::to_string(task.kind)} + ": " + timing_text(task);
    if (task.priority != 0) text += ", priority " + std::to_string(task.priority);
    char cost[64];
    if (task.budget.count() > 0) {
        std::snprintf(cost, sizeof cost, ", cost %.2f of %.2f%sms", ticklab::to_milliseconds(task.average_cost),
                      ticklab::to_milliseconds(task.budget), nbsp);
    } else {
        std::snprintf(cost, sizeof cost, ", cost %.2f%sms", ticklab::to_milliseconds(task.average_cost), nbsp);
    }
    text += cost;
    if (task.skips > 0) text += ", skipped " + std::to_string(task.skips);
    if (task.paused) text += ", PAUSED";
    return text;
}

// A one-letter button with its word in a tooltip: two of them fit beside the runs at any text size.
bool letter_button(const char* label, const char* tooltip) {
    const bool pressed = ImGui::SmallButton(label);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tooltip);
    return pressed;
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
    if (const auto& error = tasks->last_task_error()) {
        // A task or script that threw has ended and the rest ran on (scheduler.hpp, Errors).
        const std::string more =
            tasks->task_errors() > 1 ? " (" + std::to_string(tasks->task_errors()) + " ended so far)" : "";
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4{1.0f, 0.75f, 0.3f, 1.0f});
        ImGui::TextWrapped("ended: %s: %s%s", error->task.empty() ? "a task" : error->task.c_str(), error->what.c_str(),
                           more.c_str());
        ImGui::PopStyleColor();
    }
    if (snapshot.empty()) return;
    // Three columns that fit the panel at any text size (everything scales with it): the task's
    // name with a second line of details, wrapped to what is left; its runs (a script's wake-ups
    // across its waits, script.hpp); one-letter buttons. No sideways scrolling, and no box of its
    // own to scroll: the table is as tall as its rows (a session has a handful of tasks) and the
    // panel scrolls.
    constexpr ImGuiTableFlags flags =
        ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("tasks", 3, flags)) return;
    ImGui::TableSetupColumn("task", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("runs");
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_NoHeaderLabel);
    ImGui::TableHeadersRow();
    for (const auto& task : snapshot) {
        ImGui::PushID(static_cast<int>(task.handle.index));
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextWrapped("%s",
                           task.name.empty() ? ("#" + std::to_string(task.handle.index)).c_str() : task.name.c_str());
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        ImGui::TextWrapped("%s", details_text(task).c_str());
        ImGui::PopStyleColor();
        ImGui::TableNextColumn();
        ImGui::Text("%llu", static_cast<unsigned long long>(task.runs));
        ImGui::TableNextColumn();
        if (task.paused ? letter_button(">##resume", "Resume") : letter_button("||##pause", "Pause")) {
            task.paused ? tasks->resume(task.handle) : tasks->pause(task.handle);
        }
        ImGui::SameLine();
        if (letter_button("x##end", "Terminate")) tasks->terminate(task.handle);
        ImGui::PopID();
    }
    ImGui::EndTable();
}

}  // namespace ticklab::app::panel_sections

#include "app/panel/panel_sections.hpp"
#include "sim/setting_table.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace ticklab::app::panel_sections {
namespace {

// A duration for a person: milliseconds below a second, seconds from there.
std::string duration_text(std::int64_t ns) {
    char text[32];
    if (ns >= 1'000'000'000) {
        std::snprintf(text, sizeof text, "%.2f s", static_cast<double>(ns) / 1e9);
    } else {
        std::snprintf(text, sizeof text, "%.1f ms", static_cast<double>(ns) / 1e6);
    }
    return text;
}

// The row's second line as short phrases, each kept whole (flow below): the kind, when it runs
// (intervals and due points are nanoseconds for time tasks and counts for the others), priority,
// cost and budget, skips, paused.
std::vector<std::string> details(const ticklab::task_info& task) {
    std::vector<std::string> out{std::string{ticklab::to_string(task.kind)} + ":"};
    const std::string unit = task.kind == ticklab::task_kind::tick ? "tick" : "frame";
    switch (task.kind) {
        case ticklab::task_kind::render:
            out.emplace_back("every render pass,");
            break;
        case ticklab::task_kind::idle:
            out.emplace_back("when time is left,");
            break;
        case ticklab::task_kind::time: {
            out.push_back(task.interval == 0 ? "once," : "every " + duration_text(task.interval) + ",");
            char due[48];
            std::snprintf(due, sizeof due, "due at %.3f s,", static_cast<double>(task.next_due) / 1e9);
            out.emplace_back(due);
            break;
        }
        case ticklab::task_kind::tick:
        case ticklab::task_kind::frame:
            out.push_back(task.interval == 0   ? "once,"
                          : task.interval == 1 ? "every " + unit + ","
                                               : "every " + std::to_string(task.interval) + " " + unit + "s,");
            out.push_back("next " + unit + " #" + std::to_string(task.next_due) + ",");
            break;
    }
    if (task.priority != 0) out.push_back("priority " + std::to_string(task.priority) + ",");
    char cost[64];
    if (task.budget.count() > 0) {
        std::snprintf(cost, sizeof cost, "cost %.2f of %.2f ms", ticklab::to_milliseconds(task.average_cost),
                      ticklab::to_milliseconds(task.budget));
    } else {
        std::snprintf(cost, sizeof cost, "cost %.2f ms", ticklab::to_milliseconds(task.average_cost));
    }
    out.emplace_back(cost);
    if (task.skips > 0) {
        out.back() += ",";
        out.push_back("skipped " + std::to_string(task.skips));
    }
    if (task.paused) {
        out.back() += ",";
        out.emplace_back("PAUSED");
    }
    return out;
}

// Phrases left to right, a new line where the next would not fit the column. ImGui's own wrap
// breaks after a '.', so "cost 0.00 ms" came out as "cost 0." and "00 ms" on two lines.
void flow(const std::vector<std::string>& phrases) {
    const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
    const float space = ImGui::CalcTextSize(" ").x;
    for (std::size_t i = 0; i < phrases.size(); ++i) {
        if (i > 0) {
            ImGui::SameLine(0.0f, space);
            if (ImGui::GetCursorScreenPos().x + ImGui::CalcTextSize(phrases[i].c_str()).x > right) ImGui::NewLine();
        }
        ImGui::TextUnformatted(phrases[i].c_str());
    }
}

// A one-letter button with its word in a tooltip: two of them fit beside the runs at any text size.
bool letter_button(const char* label, const char* tooltip) {
    const bool pressed = ImGui::SmallButton(label);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tooltip);
    return pressed;
}

// Text 002's spare time: the background work (an idle task) and the load governor's level, against
// the frame budget the FPS cap sets (session::use_spare_time).
void spare_time(controller& control) {
    const game::session& session = control.session();
    const game::setting_spec& spec = game::setting_of(game::setting::idle_work_ms);
    float work = static_cast<float>(session.settings().idle_work_ms);
    label("idle work");
    if (ImGui::SliderFloat("##idle_work", &work, static_cast<float>(spec.slider.low),
                           static_cast<float>(spec.slider.high), "%.1f ms")) {
        action edit = action::of(action_kind::set_loop);
        edit.loop = session.settings();
        edit.loop->idle_work_ms = work;  // the session pulls it into the table's range
        control.perform(edit);
    }
    explain(
        "An idle task that runs only with time left in the frame (text 002), doing up to this much work. "
        "A load governor scales it so that 5-10 % of the frame stays idle: raise the frame load and "
        "the background work shrinks instead of the frame rate.");
    const game::spare_time_figures& spare = session.spare();
    if (spare.budget.count() <= 0) {
        ImGui::TextDisabled("no FPS cap: no frame budget, so idle tasks wait");
        return;
    }
    const double budget = ticklab::to_milliseconds(spare.budget);
    const double busy = ticklab::to_milliseconds(spare.busy);
    const double idle = ticklab::to_milliseconds(spare.idle_time);
    ImGui::TextWrapped("frame %.1f ms: work %.1f, idle tasks %.1f (%zu run%s)", budget, busy, idle, spare.idle_runs,
                       spare.idle_runs == 1 ? "" : "s");
    const double left = budget > 0.0 ? 100.0 * (1.0 - (busy + idle) / budget) : 0.0;
    ImGui::TextWrapped("level %.2f, %.0f %% of the frame left", spare.level, left);
}

}  // namespace

void scheduler(controller& control, scheduler_panel_state& state) {
    spare_time(control);
    ImGui::Separator();
    const ticklab::scheduler* tasks = &control.session().tasks();
    const auto on_task = [&control](action_kind kind, ticklab::task_handle handle) {
        action a = action::of(kind);
        a.task = handle;
        control.perform(a);
    };
    std::vector<ticklab::task_info>& snapshot = state.snapshot;
    tasks->snapshot(snapshot);
    ImGui::Text("%zu task%s, virtual now %.3f s", snapshot.size(), snapshot.size() == 1 ? "" : "s",
                ticklab::to_seconds(tasks->now()));
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
        flow(details(task));
        ImGui::PopStyleColor();
        ImGui::TableNextColumn();
        ImGui::Text("%llu", static_cast<unsigned long long>(task.runs));
        ImGui::TableNextColumn();
        if (task.paused ? letter_button(">##resume", "Resume") : letter_button("||##pause", "Pause")) {
            on_task(task.paused ? action_kind::resume_task : action_kind::pause_task, task.handle);
        }
        ImGui::SameLine();
        if (letter_button("x##end", "Terminate")) on_task(action_kind::terminate_task, task.handle);
        ImGui::PopID();
    }
    ImGui::EndTable();
}

}  // namespace ticklab::app::panel_sections

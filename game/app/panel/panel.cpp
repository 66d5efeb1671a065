#include "app/panel/panel.hpp"

#include "app/panel/panel_sections.hpp"
#include "run/lesson_library.hpp"

#include <array>
#include <optional>
#include <string_view>
#include <utility>

#include <imgui.h>

namespace ticklab::app {

namespace {

// A teacher's file is found by its path; its sections follow the lesson its "name" says.
std::string_view lesson_name(const std::string& key) {
    const game::lesson* l = game::find_lesson(key);
    return l != nullptr ? std::string_view{l->name} : std::string_view{key};
}

}  // namespace

void control_panel::draw(controller& control, const panel_context& context) {
    game::session& session = control.session();
    const std::string& active_lesson = control.active_lesson();
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
    if (ImGui::Begin("Ticklab", nullptr, flags)) {
        ImGui::TextUnformatted("Ticklab");
        ImGui::SameLine();
        ImGui::TextDisabled("fixed-timestep loop lab");
        ImGui::Separator();
        // The sections the current lesson uses open, the rest collapsed; again at every lesson change.
        const bool relayout = open_for_ != active_lesson || !laid_out_;
        const section_set open =
            active_lesson.empty() && own_layout_ ? *own_layout_ : sections_for(lesson_name(active_lesson));
        laid_out_ = true;
        open_for_ = active_lesson;
        const bool network_runs = session.network() != nullptr;
        section_set open_now{};
        const auto header = [&](const char* name, section which) {
            const bool opened = open.contains(which) || (which == section::network && network_runs);
            if (relayout) ImGui::SetNextItemOpen(opened, ImGuiCond_Always);
            const bool shown = ImGui::CollapsingHeader(name);
            if (shown) open_now.insert(which);
            return shown;
        };
        if (header("Lessons", section::lessons)) panel_sections::lessons(control);
        if (header("Clock", section::clock)) panel_sections::clock(control);
        if (header("Network game", section::network)) panel_sections::network(control, network_);
        if (header("Timeline", section::timeline)) panel_sections::timeline(session, timeline_);
        if (header("Strategies", section::strategies)) panel_sections::strategies(control, hashes_);
        if (header("Loop", section::loop)) panel_sections::loop(control, context, loop_);
        if (header("Statistics", section::statistics)) panel_sections::statistics(session);
        if (header("Scheduler tasks", section::scheduler)) panel_sections::scheduler(control, scheduler_);
        if (header("Scene", section::scene)) {
            // Scene settings are not in a recording, so they stay as they are while one records or plays.
            const game::replay_status& replay = session.replay_state();
            ImGui::BeginDisabled(replay.recording || replay.player.has_value());
            panel_sections::scene(control, scene_);
            ImGui::EndDisabled();
        }
        if (header("Record and replay", section::replay)) panel_sections::replay(control, replay_);
        if (header("Keys and display", section::help)) panel_sections::help(control, context);
        open_now_ = open_now;
    }
    ImGui::End();
}

namespace {
constexpr std::array<std::pair<section, std::string_view>, 11> section_names{{
    {section::lessons, "lessons"},
    {section::clock, "clock"},
    {section::network, "network"},
    {section::timeline, "timeline"},
    {section::strategies, "strategies"},
    {section::loop, "loop"},
    {section::statistics, "statistics"},
    {section::scheduler, "scheduler"},
    {section::scene, "scene"},
    {section::replay, "replay"},
    {section::help, "help"},
}};
}  // namespace

std::string_view section_name(section s) {
    for (const auto& [which, name] : section_names) {
        if (which == s) return name;
    }
    return "?";
}

std::optional<section> section_from_name(std::string_view name) {
    for (const auto& [which, n] : section_names) {
        if (n == name) return which;
    }
    return std::nullopt;
}

void control_panel::restore_layout(const std::vector<std::string>& open, int timeline_span) {
    section_set layout{};
    bool known = false;
    for (const std::string& name : open) {
        if (const auto which = section_from_name(name)) {
            layout.insert(*which);
            known = true;
        }
    }
    if (known) own_layout_ = layout;
    timeline_.span_index = timeline_span;
}

std::vector<std::string> control_panel::open_section_names() const {
    std::vector<std::string> names;
    for (const auto& [which, name] : section_names) {
        if (open_now_.contains(which)) names.emplace_back(name);
    }
    return names;
}

section_set sections_for(std::string_view lesson) {
    using enum section;
    // What each lesson's explanation asks the learner to watch or change (sim/lessons.cpp).
    if (lesson == "basics") return {lessons, clock, timeline};
    if (lesson == "10hz" || lesson == "10hz-smooth" || lesson == "beat" || lesson == "render-tick")
        return {lessons, timeline, strategies};
    if (lesson == "slow-machine") return {lessons, timeline, loop};
    if (lesson == "spiral") return {lessons, strategies, loop, statistics};
    if (lesson == "scale-4x") return {lessons, clock, statistics};
    if (lesson == "autopilot-5hz") return {lessons, loop, scene};
    if (lesson == "lockstep-waits" || lesson == "rollback-hides-latency" || lesson == "peer-drops") {
        return {lessons, network};
    }
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

float points(float designed) {
    return designed * ImGui::GetFontSize() / 15.0f;
}

void label(const char* text) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(text);
    ImGui::SameLine(points(110.0f));
    ImGui::SetNextItemWidth(-1.0f);
}

}  // namespace panel_sections

}  // namespace ticklab::app

#include "app/panel/panel_sections.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

namespace ticklab::app::panel_sections {
namespace {

using sample_field = float game::frame_sample::*;

struct plot_source {
    const game::frame_history* history;
    sample_field field;
};

float sample_at(void* data, int i) {
    const auto* source = static_cast<const plot_source*>(data);
    return source->history->at(static_cast<std::size_t>(i)).*(source->field);
}

// One plot with its name and latest value on the left and a scale that fits the history.
void plot(const char* name, const char* unit, const game::frame_history& history, sample_field field,
          bool histogram = false, float fixed_max = 0.0f, const char* term = nullptr) {
    plot_source source{&history, field};
    const int count = static_cast<int>(history.size());
    float latest = 0.0f;
    float high = fixed_max;
    for (int i = 0; i < count; ++i) {
        const float v = sample_at(&source, i);
        if (fixed_max == 0.0f) high = std::max(high, v);
        latest = v;
    }
    if (high <= 0.0f) high = 1.0f;
    // The latest value sits under the name, not over the plot, where bars would hide it.
    char latest_text[48];
    std::snprintf(latest_text, sizeof latest_text, "%.2f %s", latest, unit);
    const float top = ImGui::GetCursorPosY();
    ImGui::TextUnformatted(name);
    if (term != nullptr) explain(term);
    ImGui::TextDisabled("%s", latest_text);
    ImGui::SameLine(points(110.0f));
    ImGui::SetCursorPosY(top);
    const ImVec2 size{ImGui::GetContentRegionAvail().x, points(34.0f)};
    const std::string id = std::string("##") + name;
    // The scale: the plot runs from 0 at the bottom to the top value written on it.
    char scale[48];
    std::snprintf(scale, sizeof scale, "0 to %.*f %s", high * 1.15f < 10.0f ? 2 : 0, high * 1.15f, unit);
    if (histogram) {
        ImGui::PlotHistogram(id.c_str(), sample_at, &source, count, 0, scale, 0.0f, high * 1.15f, size);
    } else {
        ImGui::PlotLines(id.c_str(), sample_at, &source, count, 0, scale, 0.0f, high * 1.15f, size);
    }
}

}  // namespace

void statistics(const game::session& session) {
    const auto& loop = session.loop();
    const auto& frame = loop.stats();
    if (ImGui::BeginTable("clocks", 3, ImGuiTableFlags_SizingStretchSame | ImGuiTableFlags_BordersInnerV)) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextDisabled("clock");
        ImGui::TableNextColumn();
        ImGui::TextDisabled("virtual");
        ImGui::TableNextColumn();
        ImGui::TextDisabled("real");
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted("elapsed");
        ImGui::TableNextColumn();
        ImGui::Text("%.3f s", ticklab::to_seconds(loop.virtual_now()));
        ImGui::TableNextColumn();
        ImGui::Text("%.3f s", ticklab::to_seconds(loop.clock().real_time()));
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted("this frame");
        ImGui::TableNextColumn();
        ImGui::Text("%.2f ms", ticklab::to_milliseconds(frame.simulated));
        ImGui::TableNextColumn();
        ImGui::Text("%.2f ms", ticklab::to_milliseconds(frame.real));
        ImGui::EndTable();
    }
    ImGui::TextWrapped("ticks %llu   dropped %.1f ms   max %u/frame",
                       static_cast<unsigned long long>(frame.total_ticks),
                       ticklab::to_milliseconds(frame.total_dropped), frame.max_ticks_per_frame);

    const auto& history = session.history();
    plot("FPS", "fps", history, &game::frame_sample::fps);
    plot("Frame time", "ms", history, &game::frame_sample::frame_ms);
    plot("Ticks/frame", "", history, &game::frame_sample::ticks, true);
    plot("Alpha", "", history, &game::frame_sample::alpha, false, 1.0f, terms::alpha);
    plot("Dropped", "ms", history, &game::frame_sample::dropped_ms, true, 0.0f, terms::dropped);
}

}  // namespace ticklab::app::panel_sections

// The timeline's network strip: in a network game, one peer's frames on a real-time axis, in four
// lanes: ticks confirmed in the frame, ticks run ahead on a prediction at its end, ticks
// re-simulated after a correction, and ticks of time it stalled waiting for input. A bar's height
// is its count against the most in view (written on the lane's right), so a lane reads at any
// tick rate; the numbers are the session's network_strip (session/network_strip.hpp).
#include "app/panel/panel_sections.hpp"
#include "app/render/theme.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cstdio>

namespace ticklab::app::panel_sections {
namespace {

constexpr ImU32 strip_background = IM_COL32(14, 16, 24, 255);
constexpr ImU32 grid_colour = IM_COL32(60, 66, 84, 255);
constexpr ImU32 axis_text = IM_COL32(150, 160, 175, 255);

ImU32 im(game::rgba c) {
    return IM_COL32(c.r, c.g, c.b, c.a);
}

struct lane {
    const char* name;
    const char* term;
    game::rgba colour;
    std::uint32_t (*count)(const game::network_strip_frame&);
};

std::array<lane, 4> lanes_of(const theme::network_palette& p) {
    return {
        {{"confirmed", terms::confirmed, p.confirmed, [](const game::network_strip_frame& f) { return f.confirmed; }},
         {"predicted", terms::predicted, p.predicted, [](const game::network_strip_frame& f) { return f.predicted; }},
         {"re-simulated", terms::resimulated, p.resimulated,
          [](const game::network_strip_frame& f) { return f.resimulated; }},
         {"stalled", terms::stalled, p.stalled, [](const game::network_strip_frame& f) { return f.stalled; }}}};
}

void legend(const std::array<lane, 4>& lanes) {
    // Squares beside plain text, as the timeline's colour-blind legend: some colours are too dark
    // to read as text on the panel.
    ImGui::TextDisabled("ticks:");
    for (const lane& l : lanes) {
        // Two a line: four names and squares do not fit a narrow panel at a large text size.
        if (&l != &lanes[2]) ImGui::SameLine(0.0f, 8.0f);
        const float side = ImGui::GetTextLineHeight() * 0.8f;
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const float top = at.y + (ImGui::GetTextLineHeight() - side) * 0.5f;
        ImGui::GetWindowDrawList()->AddRectFilled({at.x, top}, {at.x + side, top + side}, im(l.colour));
        ImGui::Dummy({side, ImGui::GetTextLineHeight()});
        ImGui::SameLine(0.0f, 4.0f);
        ImGui::TextUnformatted(l.name);
        explain(l.term);
    }
}

}  // namespace

void network_strip(const game::session& session, timeline_panel_state& state, float span_seconds) {
    const theme::timeline_palette& palette =
        state.palette == game::palette_choice::colour_blind ? theme::colour_blind_timeline : theme::default_timeline;
    const std::array<lane, 4> lanes = lanes_of(theme::network_colours(palette));
    state.network_peer = std::clamp(state.network_peer, 0, 1);
    ImGui::TextDisabled("network, peer:");
    ImGui::SameLine();
    ImGui::RadioButton("1 (you)", &state.network_peer, 0);
    ImGui::SameLine();
    ImGui::RadioButton("2", &state.network_peer, 1);

    const game::network_strip& strip = session.network_frames();
    const auto peer = static_cast<std::size_t>(state.network_peer);
    const float width = ImGui::GetContentRegionAvail().x;
    const float lane_height = points(18.0f);
    const float axis = points(14.0f);
    const float height = axis + lane_height * static_cast<float>(lanes.size());
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("##network_strip", {width, height});
    const bool hovered = ImGui::IsItemHovered();
    const std::size_t frames = strip.frames(peer);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float left = origin.x;
    const float right = origin.x + width;
    const float top = origin.y + axis;
    draw->AddRectFilled({left, top}, {right, origin.y + height}, strip_background);
    if (frames == 0) {
        legend(lanes);
        return;
    }
    const ticklab::nanoseconds now = strip.frame_at(peer, frames - 1).real_end;
    const double span_ns = static_cast<double>(span_seconds) * 1e9;
    const auto x_of = [&](ticklab::nanoseconds t) {
        return right - static_cast<float>(static_cast<double>((now - t).count()) / span_ns) * width;
    };
    for (int i = 0; i <= 10; i += 2) {
        const float x = right - width * static_cast<float>(i) / 10.0f;
        draw->AddLine({x, top}, {x, origin.y + height}, grid_colour, 1.0f);
        if (i == 10) continue;
        char text[24];
        std::snprintf(text, sizeof text, i == 0 ? "now" : "-%.0f ms", span_ns * 1e-6 * i / 10.0);
        draw->AddText({std::max(left, x - ImGui::CalcTextSize(text).x), origin.y - 1.0f}, axis_text, text);
    }
    // The visible frames, newest first, and the most of each count among them (a lane's scale).
    std::size_t first = frames;
    std::array<std::uint32_t, 4> most{1, 1, 1, 1};
    while (first > 0 && x_of(strip.frame_at(peer, first - 1).real_end) > left) {
        --first;
        const game::network_strip_frame& f = strip.frame_at(peer, first);
        for (std::size_t k = 0; k < lanes.size(); ++k) most[k] = std::max(most[k], lanes[k].count(f));
    }
    const float mouse_x = ImGui::GetIO().MousePos.x;
    const game::network_strip_frame* under_mouse = nullptr;
    draw->PushClipRect({left, origin.y}, {right, origin.y + height}, true);
    for (std::size_t i = first; i < frames; ++i) {
        const game::network_strip_frame& f = strip.frame_at(peer, i);
        const float x0 = std::max(left, x_of(f.real_start));
        const float x1 = std::max(x0 + 1.0f, x_of(f.real_end));
        const float gap = x1 - x0 > 3.0f ? 1.0f : 0.0f;
        for (std::size_t k = 0; k < lanes.size(); ++k) {
            const std::uint32_t n = lanes[k].count(f);
            if (n == 0) continue;
            const float y1 = top + lane_height * static_cast<float>(k + 1) - 1.0f;
            const float h = std::max(2.0f, (lane_height - 2.0f) * static_cast<float>(n) / static_cast<float>(most[k]));
            draw->AddRectFilled({x0, y1 - h}, {x1 - gap, y1}, im(lanes[k].colour));
        }
        if (hovered && mouse_x >= x0 && mouse_x < x1) under_mouse = &f;
    }
    for (std::size_t k = 0; k < lanes.size(); ++k) {
        const float y0 = top + lane_height * static_cast<float>(k);
        if (k > 0) draw->AddLine({left, y0}, {right, y0}, grid_colour, 1.0f);
        char text[48];
        std::snprintf(text, sizeof text, "%s (max %u)", lanes[k].name, most[k]);
        // On a backing of the strip's colour: the bars run under the lane's name.
        const ImVec2 size = ImGui::CalcTextSize(text);
        const ImVec2 at{left + 3.0f, y0 + (lane_height - size.y) * 0.5f};
        draw->AddRectFilled({at.x - 2.0f, at.y}, {at.x + size.x + 2.0f, at.y + size.y}, IM_COL32(14, 16, 24, 210));
        draw->AddText(at, axis_text, text);
    }
    draw->PopClipRect();
    if (under_mouse != nullptr) {
        ImGui::BeginTooltip();
        ImGui::Text("%.3f ms of the game's real time%s%s",
                    ticklab::to_milliseconds(under_mouse->real_end - under_mouse->real_start),
                    under_mouse->waiting ? "  (waited)" : "", under_mouse->hitching ? "  (hitch: sat out)" : "");
        ImGui::Text("confirmed     %u", under_mouse->confirmed);
        ImGui::Text("predicted     %u ahead", under_mouse->predicted);
        ImGui::Text("re-simulated  %u", under_mouse->resimulated);
        ImGui::Text("stalled       %u", under_mouse->stalled);
        ImGui::EndTooltip();
    }
    const game::network_strip::totals_since_start& t = strip.totals(peer);
    ImGui::TextWrapped("since the start: %llu confirmed, %llu re-simulated, %llu stalled in %llu waiting frames",
                       static_cast<unsigned long long>(t.confirmed), static_cast<unsigned long long>(t.resimulated),
                       static_cast<unsigned long long>(t.stalled), static_cast<unsigned long long>(t.waiting_frames));
    legend(lanes);
}

}  // namespace ticklab::app::panel_sections

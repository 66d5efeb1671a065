// The panel's Timeline section: the last moments of real time as a strip. Top row: each frame as a
// block (its real time since the previous frame), coloured by how many ticks it ran, with dropped
// time hatched; middle row: each tick at the real time it was due, joined to the end of the frame
// that ran it; bottom row: the alpha each frame was drawn with.
#include "app/panel/panel_sections.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace ticklab::app::panel_sections {
namespace {

constexpr ImU32 strip_background = IM_COL32(14, 16, 24, 255);
constexpr ImU32 grid_colour = IM_COL32(60, 66, 84, 255);
constexpr ImU32 axis_text = IM_COL32(150, 160, 175, 255);
constexpr ImU32 zero_tick_frame = IM_COL32(96, 100, 122, 255);
constexpr ImU32 one_tick_frame = IM_COL32(52, 110, 170, 255);
constexpr ImU32 burst_frame = IM_COL32(225, 135, 50, 255);  // several ticks in one frame
constexpr ImU32 paused_frame = IM_COL32(70, 70, 70, 255);
constexpr ImU32 paused_stripe = IM_COL32(110, 110, 110, 255);
constexpr ImU32 dropped_hatch = IM_COL32(240, 70, 90, 255);
constexpr ImU32 capped_edge = IM_COL32(240, 70, 90, 255);
constexpr ImU32 tick_on_time = IM_COL32(235, 238, 245, 255);
constexpr ImU32 tick_late = IM_COL32(255, 210, 80, 255);  // due before its frame began: caught up later
constexpr ImU32 tick_link = IM_COL32(235, 238, 245, 45);
constexpr ImU32 alpha_bar = IM_COL32(92, 190, 230, 255);
constexpr ImU32 hover_edge = IM_COL32(255, 255, 255, 255);

constexpr float axis_height = 14.0f;
constexpr float frame_row = 26.0f;
constexpr float tick_row = 16.0f;
constexpr float alpha_row = 16.0f;
constexpr float row_gap = 3.0f;

// Down to 50 ms: at 500 fps a frame is then still about 6 px wide on the 300 px strip.
constexpr std::array<float, 7> spans_seconds{0.05f, 0.1f, 0.25f, 0.5f, 1.0f, 2.0f, 4.0f};

ImU32 frame_colour(const game::timeline_frame& frame) {
    if (frame.paused && frame.ticks == 0) return paused_frame;
    if (frame.ticks == 0) return zero_tick_frame;
    return frame.ticks == 1 ? one_tick_frame : burst_frame;
}

// Diagonal lines across [x0, x1] x [y0, y1], clipped to it.
void hatch(ImDrawList* draw, float x0, float y0, float x1, float y1, ImU32 colour, float spacing) {
    draw->PushClipRect({x0, y0}, {x1, y1}, true);
    const float height = y1 - y0;
    for (float x = x0 - height; x < x1; x += spacing) draw->AddLine({x, y1}, {x + height, y0}, colour, 1.0f);
    draw->PopClipRect();
}

// The strip's geometry: real time `now` sits at the right edge, `span` seconds fill the width.
struct strip {
    float left, right, top;
    ticklab::nanoseconds now;
    double span_ns;

    [[nodiscard]] float x(ticklab::nanoseconds t) const {
        return right - static_cast<float>(static_cast<double>((now - t).count()) / span_ns) * (right - left);
    }
    [[nodiscard]] float frames_top() const { return top + axis_height; }
    [[nodiscard]] float ticks_top() const { return frames_top() + frame_row + row_gap; }
    [[nodiscard]] float alpha_top() const { return ticks_top() + tick_row + row_gap; }
    [[nodiscard]] float bottom() const { return alpha_top() + alpha_row; }
};

void draw_axis(ImDrawList* draw, const strip& s) {
    // A grid line every 1/10 of the span, labelled in ms before now.
    for (int i = 0; i <= 10; ++i) {
        const float x = s.right - (s.right - s.left) * static_cast<float>(i) / 10.0f;
        draw->AddLine({x, s.frames_top()}, {x, s.bottom()}, grid_colour, 1.0f);
        if (i % 2 != 0 || i == 10) continue;
        char text[24];
        std::snprintf(text, sizeof text, i == 0 ? "now" : "-%.0f ms", s.span_ns * 1e-6 * i / 10.0);
        const float width = ImGui::CalcTextSize(text).x;
        draw->AddText({std::max(s.left, x - width), s.top - 1.0f}, axis_text, text);
    }
}

void draw_frame(ImDrawList* draw, const strip& s, const game::timeline_recorder& timeline,
                const game::timeline_frame& frame) {
    const float x0 = std::max(s.left, s.x(frame.real_start));
    const float x1 = s.x(frame.real_end);
    const float y0 = s.frames_top();
    const float y1 = y0 + frame_row;
    // One pixel of gap between blocks, while blocks are wide enough to spare it.
    const float gap = x1 - x0 > 3.0f ? 1.0f : 0.0f;
    draw->AddRectFilled({x0, y0}, {x1 - gap, y1}, frame_colour(frame));
    if (frame.paused) hatch(draw, x0, y0, x1 - gap, y1, paused_stripe, 6.0f);
    if (frame.dropped.count() > 0) {
        // The dropped time, in real time, at the end of the frame where it was cut.
        const auto dropped_real = ticklab::nanoseconds{
            static_cast<std::int64_t>(static_cast<double>(frame.dropped.count()) / frame.virtual_per_real)};
        const float xd = std::max(x0, s.x(frame.real_end - dropped_real));
        hatch(draw, xd, y0, x1 - gap, y1, dropped_hatch, 4.0f);
    }
    if (frame.capped || frame.safety_stop) draw->AddRect({x0, y0}, {x1 - gap, y1}, capped_edge);
    if (x1 - x0 >= 10.0f) {
        char text[12];
        std::snprintf(text, sizeof text, "%u", frame.ticks);
        const ImVec2 size = ImGui::CalcTextSize(text);
        if (size.x + 2.0f < x1 - x0) {
            draw->AddText({(x0 + x1 - gap - size.x) * 0.5f, y0 + (frame_row - size.y) * 0.5f},
                          IM_COL32(255, 255, 255, 230), text);
        }
    }

    // Ticks: at most one mark per pixel, so a spiral of death costs no more than the strip is wide.
    const float ty0 = s.ticks_top();
    float last_x = -1.0f;
    for (std::uint32_t k = 0; k < frame.ticks; ++k) {
        ticklab::nanoseconds due{0};
        if (!timeline.tick_of(frame, k, due)) continue;
        const ticklab::nanoseconds real = frame.real_of(due);
        const float x = std::clamp(s.x(real), s.left, s.right);
        if (std::abs(x - last_x) < 1.0f) continue;
        last_x = x;
        const bool late = real < frame.real_start;
        draw->AddLine({x, ty0}, {x1 - gap * 0.5f, y1}, tick_link, 1.0f);
        draw->AddLine({x, ty0}, {x, ty0 + tick_row}, late ? tick_late : tick_on_time, 1.0f);
    }

    const float ay1 = s.alpha_top() + alpha_row;
    const float height = static_cast<float>(std::clamp(frame.alpha, 0.0, 1.0)) * alpha_row;
    if (height > 0.0f) draw->AddRectFilled({x0, ay1 - height}, {x1 - gap, ay1}, alpha_bar);
}

void tooltip(const game::timeline_recorder& timeline, const game::timeline_frame& frame) {
    ImGui::BeginTooltip();
    ImGui::Text("frame %llu%s%s%s", static_cast<unsigned long long>(frame.index), frame.paused ? "  (paused)" : "",
                frame.capped ? "  (capped)" : "", frame.safety_stop ? "  (safety limit)" : "");
    ImGui::Text("real time   %.3f ms since the previous frame",
                ticklab::to_milliseconds(frame.real_end - frame.real_start));
    ImGui::Text("virtual     %.3f -> %.3f s", ticklab::to_seconds(frame.virtual_start),
                ticklab::to_seconds(frame.virtual_end));
    ImGui::Text("ticks       %u", frame.ticks);
    constexpr std::uint32_t listed = 8;
    for (std::uint32_t k = 0; k < std::min(frame.ticks, listed); ++k) {
        ticklab::nanoseconds due{0};
        if (!timeline.tick_of(frame, k, due)) continue;
        ImGui::Text("  due %.3f s virtual, %+.3f ms from the frame's start", ticklab::to_seconds(due),
                    ticklab::to_milliseconds(frame.real_of(due) - frame.real_start));
    }
    if (frame.ticks > listed) ImGui::Text("  ... %u more", frame.ticks - listed);
    ImGui::Text("alpha       %.3f", frame.alpha);
    ImGui::Text("dropped     %.3f ms", ticklab::to_milliseconds(frame.dropped));
    ImGui::Text("debt after  %.3f ms", ticklab::to_milliseconds(frame.debt));
    ImGui::EndTooltip();
}

// "1 0 2 0 2 ...": the newest frames' tick counts, where the beat of a rate mismatch shows.
void beat_line(const game::timeline_recorder& timeline) {
    char text[96] = "ticks per frame:";
    std::size_t used = std::char_traits<char>::length(text);
    const std::size_t count = std::min<std::size_t>(timeline.frames(), 20);
    for (std::size_t i = timeline.frames() - count; i < timeline.frames() && used + 4 < sizeof text; ++i) {
        const std::uint32_t ticks = timeline.frame_at(i).ticks;
        used += static_cast<std::size_t>(std::snprintf(text + used, sizeof text - used, " %u", std::min(ticks, 99u)));
    }
    ImGui::TextWrapped("%s", text);  // wraps inside the panel at any text size
}

void swatch(ImU32 colour, const char* text) {
    ImGui::SameLine(0.0f, 8.0f);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour), "%s", text);
}

void legend() {
    ImGui::TextDisabled("frames:");
    swatch(one_tick_frame, "1 tick");
    swatch(burst_frame, "burst");
    explain(terms::burst);
    swatch(zero_tick_frame, "no tick");
    swatch(dropped_hatch, "dropped");
    explain(terms::dropped);
    ImGui::TextDisabled("marks: ticks where due;");
    swatch(tick_late, "late");
    explain(terms::late);
    ImGui::SameLine(0.0f, 8.0f);
    ImGui::TextDisabled("bars: alpha");
    explain(terms::alpha);
}

}  // namespace

void timeline(game::session& session, timeline_panel_state& state) {
    game::timeline_recorder& recorder = session.timeline();
    int* span_index = &state.span_index;
    *span_index = std::clamp(*span_index, 0, static_cast<int>(spans_seconds.size()) - 1);

    bool frozen = recorder.frozen();
    if (ImGui::Checkbox("Freeze", &frozen)) recorder.set_frozen(frozen);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Stop recording to study the strip; hover a frame for its numbers");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1.0f);
    char span_text[24];
    std::snprintf(span_text, sizeof span_text, "last %g s", static_cast<double>(spans_seconds[*span_index]));
    ImGui::SliderInt("##timeline_span", span_index, 0, static_cast<int>(spans_seconds.size()) - 1, span_text);

    const float width = ImGui::GetContentRegionAvail().x;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float height = axis_height + frame_row + tick_row + alpha_row + 2.0f * row_gap;
    ImGui::InvisibleButton("##timeline_strip", {width, height});
    const bool hovered = ImGui::IsItemHovered();
    if (recorder.frames() == 0) return;

    const game::timeline_frame& newest = recorder.frame_at(recorder.frames() - 1);
    const strip s{origin.x, origin.x + width, origin.y, newest.real_end,
                  static_cast<double>(spans_seconds[*span_index]) * 1e9};
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled({s.left, s.frames_top()}, {s.right, s.bottom()}, strip_background);
    draw->PushClipRect({s.left, s.top}, {s.right, s.bottom()}, true);
    draw_axis(draw, s);
    const float mouse_x = ImGui::GetIO().MousePos.x;
    const game::timeline_frame* under_mouse = nullptr;
    // Newest first, stopping at the strip's left edge: the cost follows what is visible.
    for (std::size_t i = recorder.frames(); i-- > 0;) {
        const game::timeline_frame& frame = recorder.frame_at(i);
        if (s.x(frame.real_end) < s.left) break;
        draw_frame(draw, s, recorder, frame);
        if (hovered && mouse_x >= s.x(frame.real_start) && mouse_x < s.x(frame.real_end)) under_mouse = &frame;
    }
    if (under_mouse != nullptr) {
        draw->AddRect({s.x(under_mouse->real_start), s.frames_top()}, {s.x(under_mouse->real_end), s.bottom()},
                      hover_edge);
    }
    draw->PopClipRect();
    if (under_mouse != nullptr) tooltip(recorder, *under_mouse);

    beat_line(recorder);
    legend();
}

}  // namespace ticklab::app::panel_sections

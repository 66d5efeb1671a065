// The panel's Timeline section: the last moments of real time as a strip. Top row: each frame as a
// block (its real time since the previous frame), coloured by how many ticks it ran, with dropped
// time hatched (frames narrower than 2 px merged into columns: timeline_columns.hpp); middle row: each tick at the real
// time it was due, joined to the end of the frame that ran it; bottom row: the alpha each frame was drawn with.
#include "app/panel/panel_sections.hpp"
#include "app/panel/timeline_columns.hpp"
#include "app/render/theme.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace ticklab::app::panel_sections {
namespace {

constexpr ImU32 strip_background = IM_COL32(14, 16, 24, 255);
constexpr ImU32 grid_colour = IM_COL32(60, 66, 84, 255);
constexpr ImU32 axis_text = IM_COL32(150, 160, 175, 255);
// The meanings' colours, from the palette chosen (render/theme.hpp), for the frame being drawn.
struct colours {
    ImU32 zero_tick_frame, one_tick_frame, burst_frame, paused_frame, paused_stripe, dropped_hatch, capped_edge,
        tick_on_time, tick_late, tick_link, alpha_bar;
    // The legend shows each colour as a square beside plain text, not as the text's colour: some of
    // the colour-blind palette's colours are too dark to read as text on the panel.
    bool legend_squares = false;
};

ImU32 im(game::rgba c, std::uint8_t alpha = 255) {
    return IM_COL32(c.r, c.g, c.b, alpha);
}

colours colours_of(game::palette_choice choice) {
    const theme::timeline_palette& p =
        choice == game::palette_choice::colour_blind ? theme::colour_blind_timeline : theme::default_timeline;
    // A link is the on-time mark's colour, faint: it must not hide the frames it crosses.
    return {im(p.no_tick),       im(p.one_tick),    im(p.burst),   im(p.paused_fill),
            im(p.paused_stripe), im(p.dropped),     im(p.dropped), im(p.on_time),
            im(p.late),          im(p.on_time, 45), im(p.alpha),   choice == game::palette_choice::colour_blind};
}

// Set at the start of each timeline(): the section draws in one palette per frame.
colours palette = colours_of(game::palette_choice::standard);

constexpr ImU32 hover_edge = IM_COL32(255, 255, 255, 255);

// Row heights designed at the 15 pt text, grown with the panel's text (the axis and the frame row hold text).
float axis_height() {
    return points(14.0f);
}
float frame_row() {
    return points(26.0f);
}
float tick_row() {
    return points(16.0f);
}
float alpha_row() {
    return points(16.0f);
}
constexpr float row_gap = 3.0f;

// Down to 50 ms: at 500 fps a frame is then still about 6 px wide on the 300 px strip.
constexpr std::array<float, 7> spans_seconds{0.05f, 0.1f, 0.25f, 0.5f, 1.0f, 2.0f, 4.0f};

ImU32 frame_colour(const game::timeline_frame& frame) {
    if (frame.paused && frame.ticks == 0) return palette.paused_frame;
    if (frame.ticks == 0) return palette.zero_tick_frame;
    return frame.ticks == 1 ? palette.one_tick_frame : palette.burst_frame;
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
    [[nodiscard]] float frames_top() const { return top + axis_height(); }
    [[nodiscard]] float ticks_top() const { return frames_top() + frame_row() + row_gap; }
    [[nodiscard]] float alpha_top() const { return ticks_top() + tick_row() + row_gap; }
    [[nodiscard]] float bottom() const { return alpha_top() + alpha_row(); }
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

void draw_ticks(ImDrawList* draw, const strip& s, const game::timeline_recorder& timeline,
                const game::timeline_frame& frame, float link_x) {
    // At most one mark per pixel, so a spiral of death costs no more than the strip is wide.
    const float ty0 = s.ticks_top();
    const float y1 = s.frames_top() + frame_row();
    float last_x = -1.0f;
    for (std::uint32_t k = 0; k < frame.ticks; ++k) {
        ticklab::nanoseconds due{0};
        if (!timeline.tick_of(frame, k, due)) continue;
        const ticklab::nanoseconds real = frame.real_of(due);
        const float x = std::clamp(s.x(real), s.left, s.right);
        if (std::abs(x - last_x) < 1.0f) continue;
        last_x = x;
        const bool late = real < frame.real_start;
        draw->AddLine({x, ty0}, {link_x, y1}, palette.tick_link, 1.0f);
        draw->AddLine({x, ty0}, {x, ty0 + tick_row()}, late ? palette.tick_late : palette.tick_on_time, 1.0f);
    }
}

void draw_alpha(ImDrawList* draw, const strip& s, float x0, float x1, double alpha) {
    const float ay1 = s.alpha_top() + alpha_row();
    const float height = static_cast<float>(std::clamp(alpha, 0.0, 1.0)) * alpha_row();
    if (height > 0.0f) draw->AddRectFilled({x0, ay1 - height}, {x1, ay1}, palette.alpha_bar);
}

void draw_frame(ImDrawList* draw, const strip& s, const game::timeline_recorder& timeline,
                const game::timeline_frame& frame) {
    const float x0 = std::max(s.left, s.x(frame.real_start));
    const float x1 = s.x(frame.real_end);
    const float y0 = s.frames_top();
    const float y1 = y0 + frame_row();
    // One pixel of gap between blocks, while blocks are wide enough to spare it.
    const float gap = x1 - x0 > 3.0f ? 1.0f : 0.0f;
    draw->AddRectFilled({x0, y0}, {x1 - gap, y1}, frame_colour(frame));
    if (frame.paused) hatch(draw, x0, y0, x1 - gap, y1, palette.paused_stripe, 6.0f);
    if (frame.dropped.count() > 0) {
        // The dropped time, in real time, at the end of the frame where it was cut.
        const auto dropped_real = ticklab::nanoseconds{
            static_cast<std::int64_t>(static_cast<double>(frame.dropped.count()) / frame.virtual_per_real)};
        const float xd = std::max(x0, s.x(frame.real_end - dropped_real));
        hatch(draw, xd, y0, x1 - gap, y1, palette.dropped_hatch, 4.0f);
    }
    if (frame.capped || frame.safety_stop) draw->AddRect({x0, y0}, {x1 - gap, y1}, palette.capped_edge);
    if (x1 - x0 >= 10.0f) {
        char text[12];
        std::snprintf(text, sizeof text, "%u", frame.ticks);
        const ImVec2 size = ImGui::CalcTextSize(text);
        if (size.x + 2.0f < x1 - x0) {
            draw->AddText({(x0 + x1 - gap - size.x) * 0.5f, y0 + (frame_row() - size.y) * 0.5f},
                          IM_COL32(255, 255, 255, 230), text);
        }
    }
    draw_ticks(draw, s, timeline, frame, x1 - gap * 0.5f);
    draw_alpha(draw, s, x0, x1 - gap, frame.alpha);
}

// Frames narrower than a column, merged (timeline_columns.hpp): grey, with the share of its frames
// that ran a tick filled from the bottom (orange when one ran several), so the strip reads as the
// rate of ticking frames at any span; dropped time is a red band on top. Edges snap to whole pixels,
// shared with the neighbours, so no background shows between columns.
void draw_merged(ImDrawList* draw, const strip& s, const game::timeline_recorder& timeline,
                 const timeline_column& column) {
    const float x0 = std::round(std::max(s.left, s.x(column.real_start)));
    const float x1 = std::max(x0 + 1.0f, std::round(s.x(column.real_end)));
    const float y0 = s.frames_top();
    const float y1 = y0 + frame_row();
    const bool paused = column.paused && column.ticks == 0;
    draw->AddRectFilled({x0, y0}, {x1, y1}, paused ? palette.paused_frame : palette.zero_tick_frame);
    if (column.frames_with_ticks > 0) {
        const float share = static_cast<float>(column.frames_with_ticks) / static_cast<float>(column.count);
        const float top = std::min(y1 - 2.0f, std::round(y1 - share * frame_row()));
        draw->AddRectFilled({x0, top}, {x1, y1}, column.max_ticks > 1 ? palette.burst_frame : palette.one_tick_frame);
    }
    if (column.dropped.count() > 0)
        draw->AddRectFilled({x0, y0}, {x1, y0 + std::round(frame_row() * 0.3f)}, palette.dropped_hatch);
    if (column.capped) draw->AddRectFilled({x0, y1 - 2.0f}, {x1, y1}, palette.capped_edge);
    for (std::size_t i = column.first; i < column.first + column.count; ++i) {
        draw_ticks(draw, s, timeline, timeline.frame_at(i), (x0 + x1) * 0.5f);
    }
    draw_alpha(draw, s, x0, x1, column.alpha);
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

void merged_tooltip(const timeline_column& column) {
    ImGui::BeginTooltip();
    ImGui::Text("%zu frames merged (each narrower than %.0f px at this span)", column.count,
                static_cast<double>(merge_below_px));
    ImGui::Text("real time   %.3f ms", ticklab::to_milliseconds(column.real_end - column.real_start));
    ImGui::Text("ticks       %u in all, %u frames with one or more, at most %u in a frame", column.ticks,
                column.frames_with_ticks, column.max_ticks);
    ImGui::Text("alpha       %.3f on average", column.alpha);
    ImGui::Text("dropped     %.3f ms", ticklab::to_milliseconds(column.dropped));
    ImGui::TextDisabled("a shorter span (the slider) shows them one by one");
    ImGui::EndTooltip();
}

// "1 0 2 0 2 ...": the newest frames' tick counts, where the beat of a rate mismatch shows.
void beat_line(const game::timeline_recorder& timeline) {
    const float room = ImGui::GetContentRegionAvail().x;
    const std::string text = beat_text(
        timeline, 20, [room](const std::string& line) { return ImGui::CalcTextSize(line.c_str()).x <= room; });
    ImGui::TextWrapped("%s", text.c_str());  // one line, unless even a single count does not fit
}

void swatch(ImU32 colour, const char* text) {
    ImGui::SameLine(0.0f, 8.0f);
    if (!palette.legend_squares) {
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour), "%s", text);
        return;
    }
    const float side = ImGui::GetTextLineHeight() * 0.8f;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float top = at.y + (ImGui::GetTextLineHeight() - side) * 0.5f;
    ImGui::GetWindowDrawList()->AddRectFilled({at.x, top}, {at.x + side, top + side}, colour);
    ImGui::Dummy({side, ImGui::GetTextLineHeight()});
    ImGui::SameLine(0.0f, 4.0f);
    ImGui::TextUnformatted(text);
}

void legend() {
    ImGui::TextDisabled("frames:");
    swatch(palette.one_tick_frame, "1 tick");
    swatch(palette.burst_frame, "burst");
    explain(terms::burst);
    swatch(palette.zero_tick_frame, "no tick");
    explain(terms::merged);
    swatch(palette.dropped_hatch, "dropped");
    explain(terms::dropped);
    ImGui::TextDisabled("marks: ticks where due;");
    swatch(palette.tick_late, "late");
    explain(terms::late);
    ImGui::SameLine(0.0f, 8.0f);
    ImGui::TextDisabled("bars: alpha");
    explain(terms::alpha);
}

}  // namespace

void timeline(game::session& session, timeline_panel_state& state) {
    game::timeline_recorder& recorder = session.timeline();
    palette = colours_of(state.palette);
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
    // The peers run their own loops, not the session's: the strip shows a peer's network figures.
    if (session.network() != nullptr) {
        network_strip(session, state, spans_seconds[*span_index]);
        return;
    }

    const float width = ImGui::GetContentRegionAvail().x;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float height = axis_height() + frame_row() + tick_row() + alpha_row() + 2.0f * row_gap;
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
    const timeline_column* under_mouse = nullptr;
    // Newest first, only what is visible: the cost follows the strip's width, not the frame rate.
    const std::vector<timeline_column> columns = timeline_columns(recorder, s.now, s.span_ns, width);
    for (const timeline_column& column : columns) {
        if (!column.merged) {
            draw_frame(draw, s, recorder, recorder.frame_at(column.first));
        } else {
            draw_merged(draw, s, recorder, column);
        }
        const float x0 = s.x(column.real_start);
        const float x1 = std::max(x0 + 1.0f, s.x(column.real_end));
        if (hovered && mouse_x >= x0 && mouse_x < x1) under_mouse = &column;
    }
    if (under_mouse != nullptr) {
        const float x0 = s.x(under_mouse->real_start);
        draw->AddRect({x0, s.frames_top()}, {std::max(x0 + 1.0f, s.x(under_mouse->real_end)), s.bottom()}, hover_edge);
    }
    draw->PopClipRect();
    if (under_mouse != nullptr) {
        if (!under_mouse->merged) {
            tooltip(recorder, recorder.frame_at(under_mouse->first));
        } else {
            merged_tooltip(*under_mouse);
        }
    }

    beat_line(recorder);
    legend();
}

}  // namespace ticklab::app::panel_sections

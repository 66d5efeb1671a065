#include "app/panel/timeline_columns.hpp"

#include <algorithm>
#include <cmath>

namespace ticklab::app {
namespace {

void add(timeline_column& column, const game::timeline_frame& frame, std::size_t index) {
    column.real_start = frame.real_start;
    column.first = index;
    column.alpha =
        (column.alpha * static_cast<double>(column.count) + frame.alpha) / static_cast<double>(column.count + 1);
    column.paused = column.count == 0 ? frame.paused : column.paused && frame.paused;
    ++column.count;
    column.ticks += frame.ticks;
    column.max_ticks = std::max(column.max_ticks, frame.ticks);
    column.frames_with_ticks += frame.ticks > 0 ? 1u : 0u;
    column.dropped += frame.dropped;
    column.capped = column.capped || frame.capped || frame.safety_stop;
}

}  // namespace

std::vector<timeline_column> timeline_columns(const game::timeline_recorder& recorder, ticklab::nanoseconds now,
                                              double span_ns, float width_px, float min_frame_px) {
    std::vector<timeline_column> columns;
    if (width_px <= 0.0f || span_ns <= 0.0) return columns;
    const double ns_per_px = span_ns / static_cast<double>(width_px);
    const double merge_below_ns = ns_per_px * static_cast<double>(min_frame_px);
    // The column being merged into, numbered along the real-time axis; -1: none.
    std::int64_t open_pixel = -1;
    for (std::size_t i = recorder.frames(); i-- > 0;) {
        const game::timeline_frame& frame = recorder.frame_at(i);
        const double age_ns = static_cast<double>((now - frame.real_end).count());
        if (age_ns > span_ns) break;
        const bool narrow = static_cast<double>((frame.real_end - frame.real_start).count()) < merge_below_ns;
        if (!narrow) {
            open_pixel = -1;
            timeline_column& column = columns.emplace_back();
            column.real_end = frame.real_end;
            add(column, frame, i);
            continue;
        }
        // Columns min_frame_px wide on the real-time axis itself, not counted from `now`: as the strip
        // scrolls, a column keeps its frames instead of re-sorting them every frame (no flicker).
        const auto pixel =
            static_cast<std::int64_t>(std::floor(static_cast<double>(frame.real_end.count()) / merge_below_ns));
        if (pixel != open_pixel) {
            open_pixel = pixel;
            timeline_column& column = columns.emplace_back();
            column.real_end = frame.real_end;
            column.merged = true;
        }
        add(columns.back(), frame, i);
    }
    return columns;
}

std::string beat_text(const game::timeline_recorder& recorder, std::size_t most,
                      const std::function<bool(const std::string&)>& fits) {
    const std::size_t frames = recorder.frames();
    std::string text;
    for (std::size_t count = std::min(frames, most);; --count) {
        text = "ticks per frame:";
        for (std::size_t i = frames - count; i < frames; ++i) {
            text += ' ';
            text += std::to_string(std::min<std::uint32_t>(recorder.frame_at(i).ticks, 99u));
        }
        if (count <= 1 || fits(text)) return text;
    }
}

}  // namespace ticklab::app

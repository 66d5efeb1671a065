#pragma once
// The timeline strip's columns: at high frame rates a frame is narrower than a pixel, and drawing
// each one gives a grey barcode. Frames narrower than `min_frame_px` are merged, by the pixel column
// their end falls in, into one column that keeps what a learner reads off the strip: how many
// frames, their ticks (total and the most in one frame), the time dropped and the mean alpha. Wider
// frames stay one column each. No ImGui here, so tests check the merging without a window.
//
// Usage:
//   const auto columns = timeline_columns(recorder, now, span_ns, width_px);
//   for (const timeline_column& c : columns) draw(c);   // newest first

#include "sim/timeline.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ticklab::app {

struct timeline_column {
    ticklab::nanoseconds real_start{0};  // the oldest merged frame's start
    ticklab::nanoseconds real_end{0};    // the newest merged frame's end
    std::size_t first = 0;               // recorder index of the oldest merged frame
    std::size_t count = 0;               // frames in the column
    bool merged = false;                 // narrow frames (maybe only one) in a column min_frame_px wide
    std::uint32_t ticks = 0;             // ticks run by all of them
    std::uint32_t max_ticks = 0;         // the most ticks in one of them
    std::uint32_t frames_with_ticks = 0;
    ticklab::nanoseconds dropped{0};  // virtual time dropped by all of them
    double alpha = 0.0;               // mean alpha
    bool paused = false;              // every merged frame was paused
    bool capped = false;              // a cap or the safety limit stopped ticks in one of them
};

// Frames wider than this many pixels are drawn one by one.
inline constexpr float merge_below_px = 2.0f;

// The visible frames of `recorder` on a strip `width_px` wide ending at real time `now` and
// spanning `span_ns`, newest first, merged as above.
[[nodiscard]] std::vector<timeline_column> timeline_columns(const game::timeline_recorder& recorder,
                                                            ticklab::nanoseconds now, double span_ns, float width_px,
                                                            float min_frame_px = merge_below_px);

// "ticks per frame: 1 0 2 ...": the newest frames' tick counts (each shown as at most 99), oldest
// of them first, as many as `fits` accepts on one line and at most `most`; at least one when
// `recorder` has frames. Cut to fit rather than wrapped: a wrapped line left the newest count
// alone on a line of its own.
[[nodiscard]] std::string beat_text(const game::timeline_recorder& recorder, std::size_t most,
                                    const std::function<bool(const std::string&)>& fits);

}  // namespace ticklab::app

#pragma once
// A frame's length given in milliseconds (--frame-ms, --frame-clamp-ms, the panel's clamp) as the
// loop's whole nanoseconds: rounded to the nearest, and at least 1 ns, so no frame is ever 0 s long.
//
// Usage: `source.advance(frame_time(options.frame_ms));`

#include <ticklab/time.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace ticklab::game {

[[nodiscard]] inline ticklab::nanoseconds frame_time(double milliseconds) {
    return ticklab::nanoseconds{std::max<std::int64_t>(1, std::llround(milliseconds * 1e6))};
}

}  // namespace ticklab::game

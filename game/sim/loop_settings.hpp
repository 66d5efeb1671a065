#pragma once
// The one settings struct: the control panel and the keyboard edit it, the session reads it at the
// start of every frame (as Box2D's samples do with their Settings).

#include <cstdint>

namespace ticklab::game {

struct loop_settings {
    std::uint32_t tick_rate_hz = 60;  // 1..1000
    std::uint32_t max_loops = 8;      // 1..64
    double time_scale = 1.0;          // 0.1..16 in the panel
    bool paused = false;
    bool single_step = false;         // one-shot: the session clears it once the step is requested
    bool interpolate = true;          // off: draw the current tick state (alpha = 1)
    double fps_cap = 0.0;             // 0 = no cap
    bool vsync = true;
    double tick_load_ms = 0.0;        // artificial busy work inside every tick
    double frame_load_ms = 0.0;       // artificial busy work once per frame
};

}  // namespace ticklab::game

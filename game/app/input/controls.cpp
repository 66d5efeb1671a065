#include "app/input/controls.hpp"

#include <ticklab/fixed_loop.hpp>

#include <algorithm>
#include <cmath>

namespace ticklab::app {

void toggle_pause(game::loop_settings& settings) {
    settings.paused = !settings.paused;
}

void step_once(game::loop_settings& settings) {
    settings.paused = true;
    settings.single_step = true;
}

double clamp_time_scale(double scale) {
    if (!std::isfinite(scale)) return 1.0;
    return std::clamp(scale, panel_min_time_scale, panel_max_time_scale);
}

void faster(game::loop_settings& settings) {
    settings.time_scale = clamp_time_scale(settings.time_scale * 2.0);
}

void slower(game::loop_settings& settings) {
    settings.time_scale = clamp_time_scale(settings.time_scale / 2.0);
}

std::uint32_t next_tick_rate(std::uint32_t hz) {
    for (std::uint32_t preset : tick_rate_presets) {
        if (preset > hz) return preset;
    }
    return clamp_tick_rate(static_cast<long long>(hz) + 60);
}

std::uint32_t previous_tick_rate(std::uint32_t hz) {
    for (auto it = tick_rate_presets.rbegin(); it != tick_rate_presets.rend(); ++it) {
        if (*it < hz) {
            // Far above the presets, come down in the same 60 Hz steps that went up.
            if (hz > tick_rate_presets.back() + 60) return hz - 60;
            return *it;
        }
    }
    return clamp_tick_rate(static_cast<long long>(hz) - 1);
}

std::uint32_t clamp_tick_rate(long long hz) {
    return static_cast<std::uint32_t>(std::clamp<long long>(hz, min_tick_rate_hz, max_tick_rate_hz));
}

std::uint32_t clamp_max_loops(long long max_loops) {
    return static_cast<std::uint32_t>(std::clamp<long long>(max_loops, min_max_loops, max_max_loops));
}

}  // namespace ticklab::app

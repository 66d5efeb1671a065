#pragma once
// The clock and loop controls the panel and the keyboard share, as edits of loop_settings, so a
// key and its button can never disagree. The session applies the settings at its next advance().
//
// Usage:
//   if (key == SDLK_SPACE) toggle_pause(session.settings());
//   if (ImGui::Button("Step")) step_once(session.settings());

#include "sim/loop_settings.hpp"

#include <array>
#include <cstdint>

namespace ticklab::app {

// The panel's time-scale range (the engine allows more; this is what is worth teaching with).
inline constexpr double panel_min_time_scale = 0.1;
inline constexpr double panel_max_time_scale = 16.0;

// What `[` and `]` walk through: the usual display and simulation rates.
inline constexpr std::array<std::uint32_t, 10> tick_rate_presets{5, 10, 15, 20, 30, 60, 64, 120, 144, 240};

void toggle_pause(game::loop_settings& settings);
// Exactly one tick: while running, pauses first, so the step is visible as one tick.
void step_once(game::loop_settings& settings);

// x2 and /2, clamped to the panel's range.
void faster(game::loop_settings& settings);
void slower(game::loop_settings& settings);
[[nodiscard]] double clamp_time_scale(double scale);

// The next preset above / below the current rate; past the last preset, steps of 60 Hz up to the
// engine's maximum, and below the first, steps of 1 Hz down to 1 Hz.
[[nodiscard]] std::uint32_t next_tick_rate(std::uint32_t hz);
[[nodiscard]] std::uint32_t previous_tick_rate(std::uint32_t hz);
// Any integer typed into the panel, clamped into the engine's allowed range.
[[nodiscard]] std::uint32_t clamp_tick_rate(long long hz);
[[nodiscard]] std::uint32_t clamp_max_loops(long long max_loops);

}  // namespace ticklab::app

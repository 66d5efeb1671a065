#pragma once
// Headless mode: the simulation with no window, on a manual clock, as fast as the CPU allows.
//
// Usage: `if (options.headless) return run_headless(options);`
//
// Each frame moves the clock by frame_ms of "real" time. The run stops after --frames frames or
// --ticks ticks (600 frames when neither is given); with --ticks the last frame is cut short so the
// run ends on exactly that tick, which makes state_hash independent of frame_ms. A paused run
// cannot reach a tick count, so it stops (with a note on stderr) instead of spinning forever.
// Returns the process exit code: 0, 1 when the report cannot be written, 2 for bad settings.

#include "cli/launch_options.hpp"

#include <cstdint>

namespace ticklab::game {

// Frames a --ticks run may take before it gives up (a tiny time scale at 1 Hz needs many).
inline constexpr std::uint64_t max_headless_frames = 50'000'000;

[[nodiscard]] int run_headless(const launch_options& options);

}  // namespace ticklab::game

#pragma once
// The headless run of --network synctest (net/sync_test.hpp): the scene for two players, both made
// up (input_bot, as a network game's bots), every tick re-simulated check_distance ticks back.
// --ticks N (default 600) ticks; then the report (--report: the run's keys and ticks_checked,
// ticks_resimulated, check_distance, state_hash) and exit_ok. At the first re-simulated tick that
// differs: one line naming the tick and the fields (sync_mismatch::line), the report with
// first_differing_tick and differing_fields, and exit_sync_test_failed.

#include "run/launch_options.hpp"

#include <cstdint>

namespace ticklab::game {

// As a desync between two peers (run/remote_run.hpp's exit_desync): the same bug, found on one machine.
inline constexpr int exit_sync_test_failed = 4;
inline constexpr std::uint64_t default_sync_test_ticks = 600;

// Runs the sync test `options` describe (options.sync_test set).
[[nodiscard]] int run_sync_test(const launch_options& options);

}  // namespace ticklab::game

#pragma once
// The sync test (--network synctest; what GGRS calls a SyncTestSession): one replica that, after
// every tick, goes back check_distance ticks, re-simulates them with the same inputs and checks
// that it arrives at the same state. A scene whose tick reads anything its snapshot does not hold
// (a static, the wall clock, a pointer's address, an uninitialised value) fails it at the first
// tick where that changes the outcome, on one machine, long before two peers would desync. The
// state it goes on from is the re-simulated one, as a rollback peer's would be.
//
// Usage:
//   sync_test test{*find_scene("balls"), options, 60, 2};
//   for (tick = 1..n) if (auto miss = test.run_tick(input_for(tick))) { puts(miss->line()); break; }

#include "net/replica.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ticklab::game {

struct sync_test_settings {
    // Ticks re-simulated after each tick (GGRS's check_distance; it defaults to 2).
    std::uint32_t check_distance = 2;
    static constexpr std::uint32_t max_check_distance = 60;
};

// Empty, or one line naming `ticks` and what check_distance allows.
[[nodiscard]] std::string check_check_distance(double ticks);

struct sync_mismatch {
    std::uint64_t tick = 0;           // the first tick whose re-simulated state differs
    std::uint32_t resimulated = 0;    // ticks re-simulated to reach it
    std::uint64_t first_hash = 0;     // state_hash after the tick as first run
    std::uint64_t second_hash = 0;    // and as re-simulated
    std::vector<std::string> fields;  // the differing fields (scene::state_fields), at most a few
    // "sync-test: tick 153 differs after re-simulating 2 ticks: balls[17].x, balls[17].vy"
    [[nodiscard]] std::string line() const;
};

class sync_test {
public:
    // Throws std::invalid_argument for a tick rate or check distance out of range.
    sync_test(const scene_entry& entry, const scene_options& options, std::uint32_t tick_rate_hz,
              std::uint32_t check_distance);

    // Runs tick() + 1 with `input`, then re-simulates the last min(check_distance, tick()) ticks
    // from their saved start and compares. The first mismatch, or nothing.
    [[nodiscard]] std::optional<sync_mismatch> run_tick(const tick_input& input);

    [[nodiscard]] std::uint64_t tick() const noexcept { return game_.tick(); }
    [[nodiscard]] std::uint64_t ticks_checked() const noexcept { return checked_; }
    [[nodiscard]] std::uint64_t ticks_resimulated() const noexcept { return resimulated_; }
    [[nodiscard]] std::uint32_t check_distance() const noexcept { return distance_; }
    [[nodiscard]] const replica& game() const noexcept { return game_; }

private:
    replica game_;
    std::uint32_t distance_;
    // The state before tick k at k % distance_, and tick k's input at k % distance_: the last
    // distance_ of each, all a re-simulation needs.
    std::vector<replica_state> before_;
    std::vector<tick_input> inputs_;
    replica_state first_run_;  // the state after the tick as first run, to name fields from
    std::uint64_t checked_ = 0;
    std::uint64_t resimulated_ = 0;
};

}  // namespace ticklab::game

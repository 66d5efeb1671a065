#pragma once
// One peer's copy of the shared game: a simulation (the scene and the timed work that changes it),
// stepped by tick number. Everything that decides later state hashes can be
// saved and restored, which rollback needs.
//
// Usage:
//   replica game{*find_scene("balls"), options, 60};
//   game.run_tick(input);                 // tick 1, 2, ...: timed work due by the tick, then the tick
//   replica_state saved;  game.save(saved);
//   game.run_tick(other_input);
//   game.restore(saved);                  // back to the saved tick, scripts included
//
// A snapshot holds only the scene (simulation::restore starts its timed work again at the restored
// tick's virtual time; a scene keeps whatever its scripts resume from, the balls' next wave time,
// in its own state, so the restarted scripts continue the same schedule). The order of a tick is
// the simulation's, as in the session: time tasks due by a tick's due time, the tick, tick tasks. Skipped ticks
// (skip_tick) are time that never happened for the simulation, as time a single-player loop drops: timed work does not
// see it either.

#include "sim/scene.hpp"
#include "sim/simulation.hpp"

#include <ticklab/time.hpp>

#include <cstdint>
#include <memory>

namespace ticklab::game {

struct replica_state {
    std::unique_ptr<scene_snapshot> scene;
    std::uint64_t tick = 0;
    std::uint64_t skipped = 0;
};

class replica {
public:
    // Throws std::invalid_argument for a tick rate outside [1, 1000] Hz.
    replica(const scene_entry& entry, const scene_options& options, std::uint32_t tick_rate_hz);
    ~replica();
    replica(const replica&) = delete;
    replica& operator=(const replica&) = delete;

    // Tick tick() + 1 with `input`.
    void run_tick(const tick_input& input);
    // Counts tick() + 1 as done without simulating it (a dropped tick).
    void skip_tick();

    // Saves into `into`, reusing its storage.
    void save(replica_state& into) const;
    // Throws std::invalid_argument for a state saved by another scene kind (or never saved).
    void restore(const replica_state& from);

    [[nodiscard]] std::uint64_t tick() const noexcept { return tick_; }
    [[nodiscard]] std::uint64_t skipped() const noexcept { return skipped_; }
    [[nodiscard]] std::uint64_t state_hash() const { return sim_.state_hash(); }
    [[nodiscard]] const scene& current_scene() const noexcept { return sim_.current_scene(); }
    [[nodiscard]] const scene_entry& entry() const noexcept { return sim_.entry(); }
    [[nodiscard]] const simulation& sim() const noexcept { return sim_; }
    [[nodiscard]] std::uint32_t tick_rate() const noexcept { return hz_; }
    // Virtual time of the simulation after tick(): the due time of the last tick run.
    [[nodiscard]] ticklab::nanoseconds virtual_time() const noexcept;

private:
    std::uint32_t hz_;
    simulation sim_;
    std::uint64_t tick_ = 0;
    std::uint64_t skipped_ = 0;
};

}  // namespace ticklab::game

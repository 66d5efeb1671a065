#pragma once
// What the panel says about main and its comparison ghost: the two state hashes, the ticks each
// ran since the ghost started, and whether the states agree.
//
// Usage (once a frame, after the session's frame):
//   comparison_readout readout{100};                             // ms between readings
//   const comparison_reading& r = readout.read(session, now_ms);
//   if (r.has_ghost && r.verdict == ghost_verdict::differ) ...
//
// Why one object: main's hash and the ghost's are read together, at one moment, and only then
// compared. Read at different frames (each on its own timer), two runs that agree bit for bit show
// different hashes whenever the balls moved in between, and the panel cried "states differ".

#include <cstdint>

namespace ticklab::game {

class session;
class ghost_run;

enum class ghost_verdict : std::uint8_t {
    agree,   // the same state hash, read at the same moment
    differ,  // different hashes at the same moment
};

struct comparison_reading {
    bool has_ghost = false;
    std::uint64_t main_hash = 0;
    std::uint64_t main_ticks = 0;  // main's tick count
    // With a ghost only:
    std::uint64_t ghost_hash = 0;
    std::uint64_t start_tick = 0;        // main's tick count at the tick the ghost started on
    std::uint64_t main_ticks_since = 0;  // main's ticks since then
    std::uint64_t ghost_ticks = 0;       // the ghost's ticks, all run since then
    bool same_strategy = false;          // the ghost runs main's strategy and tick rate now
    ghost_verdict verdict = ghost_verdict::agree;
};

// Everything above, read now.
[[nodiscard]] comparison_reading read_comparison(const session& main);

// read_comparison at most once per interval of the caller's clock (the hashes read every ball),
// at once when the ghost comes, goes or the scene starts again.
class comparison_readout {
public:
    explicit comparison_readout(std::uint64_t interval_ms) : interval_ms_{interval_ms} {}

    // A clock that went backwards counts as the interval passed.
    const comparison_reading& read(const session& main, std::uint64_t now_ms);

private:
    std::uint64_t interval_ms_;
    comparison_reading last_;
    std::uint64_t taken_ms_ = 0;
    std::uint64_t scene_starts_ = 0;
    const ghost_run* ghost_ = nullptr;  // the ghost last read, to notice a new one
    bool valid_ = false;
};

}  // namespace ticklab::game

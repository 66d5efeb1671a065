#pragma once
// Rollback made visible: after a frame in which a peer corrected a misprediction, the state it had
// drawn before the correction stays on screen for a moment, fading, beside the corrected one
// (scene::draw_ghost: the lander's mispredicted ship, the balls that moved). Display only.
//
// Usage (the session, around every network frame, one per peer):
//   ghost.before_frame(peer);          // keep what the peer shows now
//   network.frame(now);
//   ghost.after_frame(peer, ran, now); // a correction this frame: what was kept becomes the ghost
//   if (const scene* s = ghost.predicted(now)) ghost.corrected(now)->draw_ghost(out, *s, ghost.opacity(now));
//
// The two states are compared as they were at the correction, the corrected one a tick or so
// ahead of the predicted one: compared with later states, a ship that simply flew on for half a
// second would look mispredicted.

#include "net/peer.hpp"
#include "net/replica.hpp"

#include <ticklab/time.hpp>

#include <chrono>
#include <cstdint>
#include <optional>

namespace ticklab::game {

class prediction_ghost {
public:
    // How long a ghost stays, fading linearly from opaque to gone.
    static constexpr ticklab::nanoseconds shown_for = std::chrono::milliseconds{500};

    void before_frame(const peer& p);
    // `ran`: the peer ran this frame (a hitching peer sits frames out, its stats left as they were).
    void after_frame(const peer& p, bool ran, ticklab::nanoseconds now);
    void clear() noexcept { shown_at_.reset(); }

    // The predicted scene while its ghost is shown at `now`, else null.
    [[nodiscard]] const scene* predicted(ticklab::nanoseconds now) const noexcept;
    // The peer's state just after the correction, while the ghost is shown, else null.
    [[nodiscard]] const scene* corrected(ticklab::nanoseconds now) const noexcept;
    // 1 at the correction, falling to 0 shown_for later.
    [[nodiscard]] double opacity(ticklab::nanoseconds now) const noexcept;
    // The network game's real time of the last correction, if any.
    [[nodiscard]] std::optional<ticklab::nanoseconds> shown_at() const noexcept { return shown_at_; }
    // Corrections that made a ghost (one per frame that re-simulated).
    [[nodiscard]] std::uint64_t ghosts() const noexcept { return ghosts_; }

private:
    replica_state before_;  // what the peer showed when this frame began
    replica_state shown_;   // the ghost: before_ of the last frame that corrected
    replica_state after_;   // the state that frame ended with
    std::optional<ticklab::nanoseconds> shown_at_;
    std::uint64_t ghosts_ = 0;
};

}  // namespace ticklab::game

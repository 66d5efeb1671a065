#pragma once
// One player's machine in the network game: a copy of the game (replica) on its own fixed loop,
// exchanging per-tick input and state hashes with the other peer over a message_link (the
// simulated_network in one process, or udp_link to another).
//
// Usage (one frame, at real time `now`):
//   peer p{config, scene_entry, options, [&](std::uint64_t tick) { return keyboard_input(); }};
//   p.frame(now, network);   // receive; correct predictions; run the ticks that are due; send
// or, for two peers in one process that must hear each other alike (network_game), in phases:
//   p.begin_frame(now); p.receive(network); p.run(); p.send(network); p.end_frame();
// where receive/run/send may repeat within the frame (a message that arrives within it).
//
// The loop's ticks are the peer's schedule: loop tick m is network tick m (plus the ticks a
// dropping peer skipped). At loop tick m the peer samples its player's input for tick
// m + input_delay, then simulates tick m. Its loop's clock may run up to just before the first
// tick it may not run yet is due (never past it): time it cannot give the loop is waiting.
// - lockstep: a tick may run once every input for it is held; waiting slows the game down for
//   everyone and is never owed.
// - rollback: a missing remote input is predicted (the last one held, with its presses and
//   pointer events left out), and the peer runs ahead up to max_prediction ticks past the last
//   confirmed tick. When the real input differs from the prediction in what the scene reads, the
//   snapshot after the last tick predicted right is restored and the rest re-simulated.
// Time sync (peer_config::time_sync): each peer estimates how many ticks it runs ahead of the
// other (its tick against the other's last reported tick plus half a round trip), they exchange
// the estimate, and the one ahead gives its loop a little less time until they are level (GGPO's
// time sync); that time is not a stall.
// A peer that has fallen behind (a hitch) runs every tick it owes, MAX_LOOPS per frame
// (catch_up::keep_debt), except a peer with drops_time, which drops the backlog past MAX_LOOPS as
// the single-player loop of text 004 does and skips those ticks: its state then parts from the
// other's, and the exchanged hashes show at which tick.

#include "net/message_link.hpp"
#include "net/input_mask.hpp"
#include "net/net_message.hpp"
#include "net/replica.hpp"
#include "net/simulated_network.hpp"
#include "net/tick_log.hpp"
#include "sim/network_settings.hpp"

#include <ticklab/fixed_loop.hpp>
#include <ticklab/time_source.hpp>

#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <vector>

namespace ticklab::game {

struct peer_config {
    std::uint32_t id = 0;  // 0 or 1; player 0's input comes first in a merged tick
    net_mode mode = net_mode::lockstep;
    std::uint32_t input_delay = 2;
    std::uint32_t tick_rate_hz = 60;
    std::uint32_t max_loops = 8;
    bool drops_time = false;
    // Rollback: how many ticks past the last confirmed one the peer may predict (0 = half a
    // second of ticks).
    std::uint32_t max_prediction = 0;
    // This machine's clock runs fast (> 0) or slow by this many parts per million of real time.
    double clock_ppm = 0.0;
    // Slow down while running ahead of the other peer (see above).
    bool time_sync = false;
    // The input the scene reads (actions from its keys, the pointer if it uses one): predictions
    // and the check that triggers a rollback look at nothing else. Default: all of it.
    input_mask reads = input_mask::all();
};

struct peer_stats {
    std::uint64_t confirmed = 0;    // every tick up to this one has all its inputs and a final state
    std::uint64_t remote_held = 0;  // the other player's inputs are held for every tick up to here
    std::uint64_t remote_tick = 0;  // the other peer's tick, as last heard
    bool waiting = false;           // this frame the peer was held back for want of input
    std::uint64_t stall_frames = 0;
    std::uint32_t rollback_this_frame = 0;  // ticks re-simulated this frame
    std::uint64_t rollback_ticks = 0;       // in total
    std::uint64_t rollbacks = 0;
    std::uint32_t max_rollback = 0;  // most ticks re-simulated in one frame
    std::uint64_t skipped_ticks = 0;
    // Real time from a change in this player's input that a prediction misses (a press, a release,
    // a pointer event: unlike predict_from the input before, in what the scene reads) to the
    // frame whose state the other peer keeps for that tick (in lockstep the frame that runs it; in
    // rollback the frame that last ran it, after any correction): the lag the other player sees,
    // measured the same in both modes. Counted by whoever can see both ends (network_game).
    ticklab::nanoseconds input_lag{0};        // of the last one
    ticklab::nanoseconds input_lag_total{0};  // over input_lags changes
    std::uint64_t input_lags = 0;
    // Real time from sampling this player's input to the frame that first ran its tick on this
    // peer: what the player sees on their own screen (the input delay, plus any waiting).
    ticklab::nanoseconds local_lag_total{0};
    std::uint64_t local_lags = 0;
    // Time sync: the round trip and how many ticks this peer runs ahead of the other (both
    // estimates, smoothed), and the real time the loop was held back to let the other catch up.
    ticklab::nanoseconds round_trip{0};
    double frames_ahead = 0.0;
    ticklab::nanoseconds sync_held{0};
    std::uint64_t hashes_compared = 0;         // ticks whose state hash was compared with the other peer's
    std::optional<std::uint64_t> desync_tick;  // first tick whose hashes differ
};

using input_function = std::function<tick_input(std::uint64_t tick)>;

// Player 0's input first: held and pressed are or-ed, pointer events follow one another, each
// marked with its player; held_by keeps each player's held controls apart (a ship per player).
[[nodiscard]] tick_input merge_inputs(const tick_input& player0, const tick_input& player1);
// Bit for bit.
[[nodiscard]] bool same_input(const tick_input& a, const tick_input& b) noexcept;
// The rollback guess for a tick whose input is not here yet: the last input's held controls.
[[nodiscard]] tick_input predict_from(const tick_input& last);
// Whether a and b differ in what `reads` covers (bit for bit where they do).
[[nodiscard]] bool same_for(const tick_input& a, const tick_input& b, const input_mask& reads) noexcept;

class peer final : private ticklab::loop_client {
public:
    // `input` gives this peer's player's input for a tick; it is asked once per tick, in order.
    peer(const peer_config& config, const scene_entry& entry, const scene_options& options, input_function input);

    // One frame at real time `now` (never earlier than the previous frame's).
    void frame(ticklab::nanoseconds now, message_link& network);
    // The phases of frame(): begin_frame offers the loop the time since the last frame; receive
    // takes what has arrived (returns how many messages); run corrects predictions and runs the
    // ticks the time and the inputs allow (returns how many it ran first-time); send sends one
    // message; end_frame counts a stall if time was left over. receive/run/send may repeat.
    void begin_frame(ticklab::nanoseconds now);
    std::size_t receive(message_link& network);
    std::uint64_t run();
    void send(message_link& network);
    void end_frame();
    // Adds one measured input lag of this peer's player (see peer_stats::input_lag).
    void count_input_lag(ticklab::nanoseconds lag);

    [[nodiscard]] const peer_config& config() const noexcept { return config_; }
    [[nodiscard]] const peer_stats& stats() const noexcept { return stats_; }
    [[nodiscard]] const replica& game() const noexcept { return game_; }
    [[nodiscard]] std::uint64_t tick() const noexcept { return game_.tick(); }
    [[nodiscard]] const ticklab::fixed_loop& loop() const noexcept { return loop_; }
    // Ticks due on the peer's schedule that it has not run yet (its loop's debt).
    [[nodiscard]] std::uint64_t owed_ticks() const noexcept;
    // The state hash after a confirmed tick, while the peer still keeps it (the last few hundred).
    [[nodiscard]] std::optional<std::uint64_t> confirmed_hash(std::uint64_t tick) const;
    // The last confirmed tick that ends a block of hash_block_ticks, and the hash after it: what
    // two peers in sync show alike (for the HUD). Nothing before the first block.
    struct block_hash {
        std::uint64_t tick;
        std::uint64_t hash;
    };
    [[nodiscard]] std::optional<block_hash> last_block_hash() const;
    // Called with (tick, hash) for every tick as it is confirmed, in order (tests, reports).
    std::function<void(std::uint64_t, std::uint64_t)> on_confirmed;
    // Called with (tick, real time) once per tick the other player's input for it is final on this
    // peer: the real time of the frame that ran it with that input for the last time.
    std::function<void(std::uint64_t, ticklab::nanoseconds)> on_remote_seen;

private:
    struct saved_tick {
        replica_state state;  // after the tick
        tick_input used_remote;
        bool skipped = false;
        ticklab::nanoseconds ran_at{0};  // real time of the frame that last ran it
    };

    // loop_client
    void tick(const ticklab::tick_info& tick) override;

    void take(const net_message& message);
    void sample_local(std::uint64_t tick);
    [[nodiscard]] tick_input remote_for(std::uint64_t tick) const;
    [[nodiscard]] tick_input merged(std::uint64_t tick, const tick_input& remote) const;
    void simulate(std::uint64_t tick);
    void skip(std::uint64_t tick);
    void correct_predictions();
    void confirm_through(std::uint64_t tick);
    void confirm();
    void skip_dropped_ticks();
    ticklab::nanoseconds hold_back();  // the time it gave the loop
    void compare_hashes();
    void forget_old();
    void estimate_frames_ahead();
    [[nodiscard]] ticklab::nanoseconds local_time(ticklab::nanoseconds real) const noexcept;
    void note_first_run(std::uint64_t tick, bool applied);
    [[nodiscard]] saved_tick& saved(std::uint64_t tick) { return ring_[tick % ring_.size()]; }

    peer_config config_;
    input_function input_;
    ticklab::manual_time_source gate_;  // the loop's real time: held back while the peer waits
    ticklab::fixed_loop loop_;
    replica game_;
    std::optional<ticklab::nanoseconds> last_frame_;  // on this peer's clock
    ticklab::nanoseconds now_{0};                     // the current frame's real time (the network's)
    ticklab::nanoseconds local_now_{0};               // the same instant on this peer's clock
    ticklab::nanoseconds pending_{0};                 // time this frame offered that the loop could not take yet
    std::uint32_t frame_ticks_ = 0;                   // loop ticks run this frame (MAX_LOOPS holds per frame)
    bool advanced_ = false;                           // the loop has had its frame
    std::uint64_t highest_run_ = 0;                   // the last tick simulated (or skipped) for the first time
    // (tick, real time its local input was sampled) for ticks not yet run, for stats_.input_lag.
    std::deque<std::pair<std::uint64_t, ticklab::nanoseconds>> sampled_at_;
    std::uint64_t skipped_ = 0;  // loop tick m is network tick m + skipped_

    tick_log<tick_input> local_;     // this player's inputs
    tick_log<tick_input> remote_;    // the other player's, as received
    std::uint64_t local_acked_ = 0;  // the other peer holds our inputs up to here
    std::vector<saved_tick> ring_;   // rollback: the state after each tick from confirmed to now

    tick_log<std::uint64_t> own_hashes_;     // of confirmed ticks
    tick_log<std::uint64_t> remote_hashes_;  // the other peer's
    std::uint64_t hashes_acked_ = 0;         // the other peer holds our hashes up to here
    std::uint64_t compared_ = 0;

    // Time sync, on this peer's clock.
    std::int64_t remote_sent_at_ = -1;  // the newest message heard: its sent_at,
    ticklab::nanoseconds heard_at_{0};  // when it arrived,
    std::uint64_t remote_tick_at_ = 0;  // the other's tick then,
    double remote_ahead_ = 0.0;         // and how far ahead of us it thought it was
    double local_ahead_ = 0.0;          // this peer's own estimate, sent to the other
    bool rtt_known_ = false;

    std::vector<net_message> inbox_;
    peer_stats stats_;
};

}  // namespace ticklab::game

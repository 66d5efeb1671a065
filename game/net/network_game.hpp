#pragma once
// Two peers in one process, each on its own fixed loop, joined by a simulated network: the
// network game of docs/network.md, headless and deterministic (seeded inputs, delays and losses).
//
// Usage:
//   network_game game{{.scene = "lander", .network = {.mode = net_mode::rollback, .link = {.latency_ms = 100}}}};
//   for (std::uint64_t f = 1; f <= frames; ++f) game.frame(ticklab::tick_offset(f, 60));  // real time per frame
//   game.desync_tick();        // the first tick whose state hashes differ, if any
//
// Peer 0 is the player at this screen (its input can be given; network_settings::bots makes it an
// input_bot too); peer 1 is the other player, an input_bot unless given. Peer 1 is the one that
// hitches (network_settings::peer_hitch_ms), drops time (peer_drops), has its own clock rate
// (peer_clock_ppm) and frame length (peer_frame_ms).
//
// Neither peer hears the other later for the order they run in: each frame both receive, then
// both run, then both send, and again while a message sent this frame has arrived (a link faster
// than a frame), so with no latency a lockstep game runs at full speed whatever the tick rate.

#include "net/input_bot.hpp"
#include "net/peer.hpp"
#include "net/simulated_network.hpp"
#include "sim/network_settings.hpp"
#include "sim/scene.hpp"

#include <ticklab/time.hpp>

#include <array>
#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>

namespace ticklab::game {

// The second peer's hitch (network_settings::peer_hitch_ms) starts at every multiple of this.
inline constexpr ticklab::nanoseconds hitch_period = std::chrono::seconds{5};

struct network_game_config {
    std::string scene = "balls";
    scene_options options;
    network_settings network;
    std::uint32_t tick_rate_hz = 60;
    std::uint32_t max_loops = 8;
};

class network_game {
public:
    // Throws std::invalid_argument for an unknown scene or a setting out of range. Missing input
    // functions become input_bots seeded from options.seed.
    explicit network_game(const network_game_config& config, input_function player0 = {}, input_function player1 = {});
    // The input functions keep a pointer to the game: it stays where it was made.
    network_game(const network_game&) = delete;
    network_game& operator=(const network_game&) = delete;

    // One frame at real time `now` for both peers (the second runs its own frames up to `now` when
    // it has its own frame length); a peer in a hitch sits it out.
    // The game starts at its first frame: times are counted from there, hitches included.
    void frame(ticklab::nanoseconds now);

    [[nodiscard]] const peer& peer_at(std::size_t i) const { return *peers_.at(i); }
    [[nodiscard]] peer& peer_at(std::size_t i) { return *peers_.at(i); }
    [[nodiscard]] const simulated_network& network() const noexcept { return network_; }
    [[nodiscard]] const network_game_config& config() const noexcept { return config_; }
    // Whether the peer sits out a frame `since_start` after the first (the second peer, in a hitch).
    [[nodiscard]] bool frozen(std::size_t peer, ticklab::nanoseconds since_start) const noexcept;
    // Whether the peer sat out the last frame (in a hitch).
    [[nodiscard]] bool hitching(std::size_t peer) const noexcept { return frozen(peer, since_start_); }
    // The earliest tick either peer found to differ, if any.
    [[nodiscard]] std::optional<std::uint64_t> desync_tick() const;
    // The last tick both peers have confirmed.
    [[nodiscard]] std::uint64_t common_tick() const;

private:
    // One frame at `since_start` of the peers marked in `in`, in rounds (see above).
    void frame_of(ticklab::nanoseconds since_start, std::array<bool, 2> in);
    [[nodiscard]] input_function watched(input_function input, std::uint32_t player);
    void seen(std::uint32_t viewer, std::uint64_t tick, ticklab::nanoseconds at);

    network_game_config config_;
    simulated_network network_;
    std::array<std::unique_ptr<peer>, 2> peers_;
    std::optional<ticklab::nanoseconds> start_;  // real time of the first frame
    ticklab::nanoseconds since_start_{0};        // of the last frame
    ticklab::nanoseconds peer_frame_{0};         // the second peer's own frame length (0: none)
    ticklab::nanoseconds next_peer_frame_{0};    // its next frame, since the start
    // For input_lag: each player's input changes not yet seen by the other, (tick, real time).
    std::array<ticklab::nanoseconds, 2> frame_now_{};  // each peer's current frame
    std::array<tick_input, 2> last_input_{};
    std::array<std::deque<std::pair<std::uint64_t, ticklab::nanoseconds>>, 2> changes_;
};

}  // namespace ticklab::game

#pragma once
// Two peers in one process, each on its own fixed loop, joined by a simulated network: the
// network game of docs/network.md, headless and deterministic (seeded inputs, delays and losses).
//
// Usage:
//   network_game game{{.scene = "lander", .network = {.mode = net_mode::rollback, .link = {.latency_ms = 100}}}};
//   for (std::uint64_t f = 1; f <= frames; ++f) game.frame(ticklab::tick_offset(f, 60));  // real time per frame
//   game.desync_tick();        // the first tick whose state hashes differ, if any
//
// Peer 0 is the player at this screen (its input can be given); peer 1 is the other player, an
// input_bot unless given. Peer 1 is the one that hitches (network_settings::peer_hitch_ms) and,
// with peer_drops, the one that drops time.

#include "net/input_bot.hpp"
#include "net/peer.hpp"
#include "net/simulated_network.hpp"
#include "sim/network_settings.hpp"
#include "sim/scene.hpp"

#include <ticklab/time.hpp>

#include <array>
#include <chrono>
#include <cstdint>
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

    // One frame at real time `now` for both peers (peer 0 first); a peer in a hitch sits it out.
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
    network_game_config config_;
    simulated_network network_;
    std::array<std::unique_ptr<peer>, 2> peers_;
    std::optional<ticklab::nanoseconds> start_;  // real time of the first frame
    ticklab::nanoseconds since_start_{0};        // of the last frame
};

}  // namespace ticklab::game

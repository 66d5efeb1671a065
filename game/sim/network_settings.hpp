#pragma once
// The network game's settings (two peers in one process; see docs/network.md).
//
// Latency is one way, per message; jitter adds a uniform extra delay in [0, jitter], so messages
// can overtake one another; loss drops each message with that probability. Each direction draws
// its own delays and losses from the seed, so a run repeats exactly.

#include <cstdint>
#include <string>
#include <string_view>

namespace ticklab::game {

enum class net_mode : std::uint8_t {
    lockstep,  // a peer runs tick k only with every peer's input for k; it waits otherwise
    rollback,  // a peer predicts missing input, runs ahead, and re-simulates when the input arrives
};

[[nodiscard]] std::string_view to_string(net_mode mode) noexcept;

struct link_settings {
    double latency_ms = 0.0;    // 0 .. max_latency_ms
    double jitter_ms = 0.0;     // 0 .. max_jitter_ms
    double loss_percent = 0.0;  // 0 .. max_loss_percent
};

// The input delay a mode starts with, in ticks: lockstep 2 (it cannot run with none, and 2 ticks
// hide a link of up to about 33 ms at 60 Hz), rollback 0 (it predicts instead of waiting).
[[nodiscard]] constexpr std::uint32_t default_input_delay(net_mode mode) noexcept {
    return mode == net_mode::lockstep ? 2 : 0;
}

struct network_settings {
    net_mode mode = net_mode::lockstep;
    link_settings link;
    // A local input sampled at tick k is applied at tick k + input_delay on every peer.
    std::uint32_t input_delay = default_input_delay(net_mode::lockstep);
    // The second peer breaks the rule of text 004: when it is more than MAX_LOOPS ticks behind it
    // drops its backlog as a single-player loop does, and skips the ticks it did not run.
    bool peer_drops = false;
    // The second peer's machine stalls this long once every hitch_period (0 = never): what makes
    // a peer fall behind.
    double peer_hitch_ms = 0.0;
    // Rollback: ticks a peer may predict past its last confirmed one (0 = half a second of ticks;
    // GGPO uses 8).
    std::uint32_t max_prediction = 0;
    // The second peer's clock runs fast (> 0) or slow by this many parts per million.
    double peer_clock_ppm = 0.0;
    // The second peer's frame length in ms (0 = the same frames as the first).
    double peer_frame_ms = 0.0;
    // Each peer estimates how far it runs ahead of the other and slows down while ahead.
    bool time_sync = false;
    // The first peer (the player at this screen) is an input_bot too: both players are made up.
    bool bots = false;

    static constexpr double max_latency_ms = 1000.0;
    static constexpr double max_jitter_ms = 500.0;
    static constexpr double max_loss_percent = 50.0;
    static constexpr std::uint32_t max_input_delay = 30;
    static constexpr double max_hitch_ms = 2000.0;
    static constexpr std::uint32_t max_max_prediction = 600;
    static constexpr double max_clock_ppm = 50000.0;  // either way: 5%
    static constexpr double max_peer_frame_ms = 250.0;
};

// Peers exchange the state hash of every confirmed tick in blocks of this many ticks.
inline constexpr std::uint32_t hash_block_ticks = 30;

// Checks that return an empty string when the value is allowed, else one line naming the value and
// what is allowed (for the command line and the panel).
[[nodiscard]] std::string check_latency(double ms);
[[nodiscard]] std::string check_jitter(double ms);
[[nodiscard]] std::string check_loss(double percent);
[[nodiscard]] std::string check_input_delay(double ticks, net_mode mode);
[[nodiscard]] std::string check_peer_hitch(double ms);
[[nodiscard]] std::string check_max_prediction(double ticks);
[[nodiscard]] std::string check_peer_clock_ppm(double ppm);
[[nodiscard]] std::string check_peer_frame_ms(double ms);
// A network game's peers run each tick they owe, at most max_loops a frame: a tick rate that needs
// more than that at the slowest frame the game is tested at cannot keep up. One line, or "".
[[nodiscard]] std::string check_network_tick_rate(std::uint32_t tick_rate_hz, std::uint32_t max_loops, double frame_ms);
// The first error of all the above, or an empty string.
[[nodiscard]] std::string check_network_settings(const network_settings& settings);

// `settings` switched to `mode` (the panel's mode buttons): the input delay becomes the new mode's
// default unless the user chose one, that is, unless it differs from the old mode's default. The
// same mode changes nothing.
[[nodiscard]] network_settings with_mode(network_settings settings, net_mode mode);

}  // namespace ticklab::game

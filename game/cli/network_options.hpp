#pragma once
// The command line's network game: --network and the flags that tune it, kept apart from the
// other flags.
//
// Usage (inside the command line's validation, after the lesson and the loop flags):
//   network_flags flags{...the texts given, null when not given...};
//   if (std::string error = apply_network_options(flags, given_elsewhere, out); !error.empty()) ...exit 2

#include "run/launch_options.hpp"

#include <string>

namespace ticklab::game {

// Each flag's text as typed, null when the flag was not given.
struct network_flags {
    const std::string* network = nullptr;  // lockstep | rollback | synctest
    const std::string* latency_ms = nullptr;
    const std::string* jitter_ms = nullptr;
    const std::string* loss = nullptr;         // percent
    const std::string* input_delay = nullptr;  // ticks
    const std::string* peer_hitch_ms = nullptr;
    const std::string* max_prediction = nullptr;  // ticks
    const std::string* peer_clock_ppm = nullptr;
    const std::string* peer_frame_ms = nullptr;
    const std::string* time_sync = nullptr;       // on | off
    const std::string* check_distance = nullptr;  // ticks, synctest only
    bool peer_drops = false;
    bool bots = false;
};

// Other flags given that a network game cannot honour: each is refused with --network.
struct network_conflicts {
    bool record = false, replay = false, compare = false, catch_up = false, frame_clamp = false;
    bool headless = false;  // --headless: the sync test runs only headless
};

// The loop the network game runs on (--tick-rate, --max-loops, and the frame length of a headless
// or screenshot run, 1000/60 ms in a window): a tick rate its peers cannot keep up with is refused.
struct network_loop {
    std::uint32_t tick_rate_hz = 60;
    std::uint32_t max_loops = 8;
    double frame_ms = 1000.0 / 60.0;
};

// --network synctest sets out.sync_test instead (one replica, no peers: every other network flag
// is refused with it), and only it takes --check-distance.
// Sets out.network (from --network, or a lesson's network game that the flags then change).
// The input delay defaults to 2 ticks in lockstep and 0 in rollback. "" or one error line.
[[nodiscard]] std::string apply_network_options(const network_flags& flags, const network_conflicts& conflicts,
                                                launch_options& out, const network_loop& loop = {});

}  // namespace ticklab::game

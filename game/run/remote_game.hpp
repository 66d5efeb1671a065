#pragma once
// One side of a network game against another ticklab process (--listen PORT / --connect HOST:PORT):
// the handshake, one peer on the real clock joined to the other process by a udp_link, and how the
// game ends. The headless run (run/remote_run) and the window (app/remote_window) both drive it;
// only where the local player's input comes from and what is drawn differ.
//
// How a game ends:
//   - at the listener's --ticks N: both run until each has confirmed tick N and holds the other's
//     state hash after it (a "bye" datagram, sent every frame until answered);
//   - when a player leaves (a window closed, Esc): leave() sends a bye naming its last confirmed
//     tick T and the hash after it; the other side ends once it has confirmed T too (comparing
//     hashes) or a second later (the quitter's last inputs went with it);
//   - when the other process goes silent for --peer-timeout-s: exit_peer_silent.
//
// Usage:
//   int code = 0;
//   auto game = remote_game::open(options, [](std::uint64_t seed, std::uint32_t id) { return ...; }, false, code);
//   game->wait_for_start();
//   while (game->frame() == remote_state::playing) { ... }   // or game->leave() to quit
//   return game->finish(options);                             // report, one line, exit code
//
// Exit codes besides those of run_error.hpp:
//   exit_peer_silent (3): no welcome or hello within --peer-timeout-s, or the other process
//                         went silent that long during the game.
//   exit_desync (4):      the two processes' states differ.

#include "net/peer.hpp"
#include "net/udp_link.hpp"
#include "run/launch_options.hpp"
#include "run/remote_handshake.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

namespace ticklab::game {

inline constexpr int exit_peer_silent = 3;
inline constexpr int exit_desync = 4;

enum class remote_state : std::uint8_t {
    playing,
    ended,   // the last tick reached, or a player left: finish() compares the hashes
    silent,  // the other process sent nothing for --peer-timeout-s
};

class remote_game {
public:
    // This player's input per tick, made once the handshake has named the game's seed and the id.
    using local_input = std::function<input_function(std::uint64_t seed, std::uint32_t id)>;

    // Opens the socket and runs the handshake (it blocks up to --peer-timeout-s). nullptr when there
    // is no game, its one line printed and `exit_code` set.
    // `needs_last_tick`: the listener's game must have --ticks N (a headless run ends nowhere else).
    [[nodiscard]] static std::unique_ptr<remote_game> open(const launch_options& options, const local_input& local,
                                                           bool needs_last_tick, int& exit_code);
    remote_game(const remote_game&) = delete;
    remote_game& operator=(const remote_game&) = delete;
    ~remote_game();

    // Sleeps until the start both sides agreed on.
    void wait_for_start() const;
    // One frame at this process's real time: runs the peer, trades messages, checks the end.
    remote_state frame();
    // This player leaves: a bye with its last confirmed tick, sent a few times (datagrams get lost;
    // if all are, the other side ends on the silence instead). frame() then reports `ended`.
    void leave();
    // The report (--report), the one line, the exit code. After frame() stopped returning `playing`.
    [[nodiscard]] int finish(const launch_options& options);

    [[nodiscard]] const peer& local() const noexcept { return *peer_; }
    [[nodiscard]] const udp_link& link() const noexcept { return *link_; }
    [[nodiscard]] const handshake_result& handshake() const noexcept { return hs_; }
    [[nodiscard]] std::uint32_t id() const noexcept { return id_; }
    // The game's last tick (the listener's --ticks); 0: it runs until a player leaves.
    [[nodiscard]] std::uint64_t last_tick() const noexcept { return end_.tick; }
    // Seconds since the agreed start.
    [[nodiscard]] ticklab::nanoseconds now() const noexcept { return now_; }

private:
    struct ending {
        std::uint64_t tick = 0;
        std::optional<std::uint64_t> own_hash;
        std::optional<std::uint64_t> their_hash;
        bool they_have_ours = false;
        ticklab::nanoseconds theirs_at{0};
    };
    // A bye before the game's last tick: that player left at `tick`.
    struct departure {
        std::uint64_t tick = 0;
        std::uint64_t hash = 0;
        ticklab::nanoseconds at{0};
    };

    remote_game(const launch_options& options, udp_socket socket, handshake_result hs, waiting_counts waiting,
                const local_input& local);
    bool on_control(const wire_header& header, std::span<const std::uint8_t> bytes);
    void send_bye(std::uint64_t tick, std::uint64_t hash, bool have_yours);

    remote_settings remote_;
    udp_socket socket_;
    handshake_result hs_;
    waiting_counts waiting_;
    std::uint32_t id_ = 0;
    std::unique_ptr<peer> peer_;
    std::unique_ptr<udp_link> link_;
    ending end_;
    std::optional<departure> they_left_;
    std::optional<departure> we_left_;
    remote_state state_ = remote_state::playing;
    ticklab::nanoseconds now_{0};
    ticklab::nanoseconds last_heard_{0};
    std::uint64_t frames_ = 0;
    std::uint64_t heard_ = 0;
};

}  // namespace ticklab::game

#include "run/remote_handshake.hpp"

#include "net/handshake.hpp"
#include "run/run_error.hpp"

#include <chrono>
#include <cmath>
#include <random>
#include <thread>
#include <vector>

namespace ticklab::game {

namespace {

std::uint64_t random_nonzero() {
    std::random_device device;
    std::uint64_t value = 0;
    while (value == 0) value = (std::uint64_t{device()} << 32) ^ device();
    return value;
}

}  // namespace

ticklab::nanoseconds steady_now() {
    return std::chrono::duration_cast<ticklab::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch());
}

ticklab::nanoseconds duration_of_seconds(double s) {
    return ticklab::nanoseconds{std::llround(s * 1e9)};
}

std::optional<handshake_result> listen_for_hello(udp_socket& socket, const shared_game& game,
                                                 const remote_settings& remote, waiting_counts& counts) {
    const ticklab::nanoseconds deadline = steady_now() + duration_of_seconds(remote.peer_timeout_s);
    std::vector<std::uint8_t> buffer;
    udp_address from;
    while (steady_now() < deadline) {
        while (socket.receive(buffer, max_datagram_bytes, from)) {
            ++counts.received;
            wire_header header;
            hello_body hello;
            if (decode_hello(buffer, header, hello) != wire_error::none || header.sender != 1) {
                ++counts.dropped;
                continue;
            }
            handshake_result result{.other = from, .game_id = random_nonzero(), .game = game, .start = {}};
            const ticklab::nanoseconds now = steady_now();
            result.start = now + start_lead;
            const wire_header reply{.kind = datagram_kind::welcome, .sender = 0, .game_id = result.game_id};
            socket.send_to(encode_welcome(reply, answer_hello(hello, game, result.start, now)), from);
            note("player 2 joined from " + from.text() + ": " + describe(game));
            return result;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds{5});
    }
    return std::nullopt;
}

std::optional<handshake_result> connect_with_hellos(udp_socket& socket, const remote_settings& remote,
                                                    waiting_counts& counts, std::string& error) {
    const ticklab::nanoseconds deadline = steady_now() + duration_of_seconds(remote.peer_timeout_s);
    const std::uint64_t nonce = random_nonzero();
    std::vector<ticklab::nanoseconds> sent_at;
    std::vector<std::uint8_t> buffer;
    udp_address from;
    ticklab::nanoseconds next_hello = steady_now();
    while (steady_now() < deadline) {
        if (steady_now() >= next_hello) {
            const hello_body hello{.nonce = nonce, .attempt = static_cast<std::uint32_t>(sent_at.size())};
            sent_at.push_back(steady_now());
            socket.send_to(encode_hello({.kind = datagram_kind::hello, .sender = 1, .game_id = 0}, hello),
                           socket.peer());
            next_hello += hello_interval;
        }
        while (socket.receive(buffer, max_datagram_bytes, from)) {
            ++counts.received;
            wire_header header;
            welcome_body welcome;
            if (!(from == socket.peer()) || decode_welcome(buffer, header, welcome) != wire_error::none ||
                header.sender != 0 || welcome.nonce != nonce || welcome.attempt >= sent_at.size()) {
                ++counts.dropped;
                continue;
            }
            if (std::string e = check_shared_game(welcome.game); !e.empty()) {
                error = "the listener's game cannot be played by this ticklab: " + e;
                return std::nullopt;
            }
            handshake_result result{.other = from, .game_id = header.game_id, .game = welcome.game, .start = {}};
            result.start = start_time(welcome, sent_at[welcome.attempt], steady_now());
            note("joined " + from.text() + ": " + describe(welcome.game));
            return result;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds{5});
    }
    return std::nullopt;
}

}  // namespace ticklab::game

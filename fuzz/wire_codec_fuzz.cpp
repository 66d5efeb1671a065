// libFuzzer entry point for the network game's datagrams (net/wire_codec.hpp): any bytes must
// decode or be refused by name, never crash, hang or allocate past the datagram's size. A datagram
// that decodes must encode back to the very same bytes (the format has one spelling per value), a
// welcome's game must be checked without a crash, and a decoded message handed to a real peer
// must never crash it: a hostile player's message is not trusted, only used (after the
// message_guard that udp_link applies).
#include "net/handshake.hpp"
#include "net/message_guard.hpp"
#include "net/message_link.hpp"
#include "net/peer.hpp"
#include "net/wire_codec.hpp"
#include "scenes/scene_registry.hpp"

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <vector>

namespace {

using namespace ticklab::game;

// Offers the peer the message every frame, as a peer that repeats itself would, through the
// message_guard udp_link holds every message to: a message that acknowledges what the peer never
// sent is not handed over (the link drops and counts it).
class repeating_link final : public message_link {
public:
    repeating_link(net_message m, std::uint32_t input_delay) : message_{std::move(m)}, guard_{input_delay} {}
    void send(std::uint32_t, ticklab::nanoseconds, net_message sent) override { guard_.sent(sent); }
    void receive(std::uint32_t, ticklab::nanoseconds, std::vector<net_message>& out) override {
        out.clear();
        if (guard_.believable(message_)) out.push_back(message_);
    }

private:
    net_message message_;
    message_guard guard_;
};

void same_bytes(std::span<const std::uint8_t> a, const std::vector<std::uint8_t>& b) {
    if (a.size() != b.size() || !std::equal(a.begin(), a.end(), b.begin())) std::abort();
}

void feed_a_peer(const net_message& message, net_mode mode) {
    const scene_entry* lander = find_scene("lander");
    if (lander == nullptr) std::abort();
    peer p{{.id = 0, .mode = mode, .input_delay = 2, .tick_rate_hz = 60, .max_loops = 8},
           *lander,
           scene_options{},
           [](std::uint64_t) { return tick_input{}; }};
    repeating_link link{message, 2};
    for (int frame = 0; frame < 4; ++frame) p.frame(std::chrono::milliseconds{17 * frame}, link);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::uint8_t> bytes{data, size};
    wire_header header;
    if (decode_header(bytes, header) != wire_error::none) return 0;
    net_message message;
    if (decode_message(bytes, header, message) == wire_error::none) {
        same_bytes(bytes, encode_message(header, message));
        feed_a_peer(message, net_mode::lockstep);
        feed_a_peer(message, net_mode::rollback);
    }
    hello_body hello;
    if (decode_hello(bytes, header, hello) == wire_error::none) same_bytes(bytes, encode_hello(header, hello));
    welcome_body welcome;
    if (decode_welcome(bytes, header, welcome) == wire_error::none) {
        same_bytes(bytes, encode_welcome(header, welcome));
        const std::string error = check_shared_game(welcome.game);
        if (error.find('\n') != std::string::npos) std::abort();
        (void)start_time(welcome, ticklab::nanoseconds{0}, ticklab::nanoseconds{1});
    }
    bye_body bye;
    if (decode_bye(bytes, header, bye) == wire_error::none) same_bytes(bytes, encode_bye(header, bye));
    return 0;
}

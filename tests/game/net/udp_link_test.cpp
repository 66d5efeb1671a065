// udp_link over real loopback sockets, in one process: messages cross, and every datagram that is
// not a message of this game from the other process is dropped and counted by why.
#include "net/udp_link.hpp"
#include "net/handshake.hpp"
#include "net/wire_codec.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <limits>
#include <optional>
#include <thread>
#include <vector>

using namespace ticklab::game;
using namespace std::chrono_literals;

namespace {

struct two_sockets {
    std::optional<udp_socket> listener;
    std::optional<udp_socket> joiner;
    std::optional<udp_socket> stranger;

    two_sockets() {
        std::string error;
        listener = udp_socket::listen(0, error);
        if (!listener) throw std::runtime_error(error);
        joiner = udp_socket::connect("127.0.0.1", listener->port(), error);
        stranger = udp_socket::connect("127.0.0.1", listener->port(), error);
        if (!joiner || !stranger) throw std::runtime_error(error);
    }
};

// The listener's view of the joiner: the address its datagrams come from.
udp_address address_of(udp_socket& from, udp_socket& to) {
    const std::vector<std::uint8_t> ping{1};
    from.send_to(ping, from.peer());
    std::vector<std::uint8_t> buffer;
    udp_address address;
    for (int i = 0; i < 200 && !to.receive(buffer, max_datagram_bytes, address); ++i) std::this_thread::sleep_for(5ms);
    return address;
}

// Receives on `link` for up to a second until `count` messages came.
std::vector<net_message> receive_some(udp_link& link, std::uint32_t to, std::size_t count) {
    std::vector<net_message> all;
    std::vector<net_message> inbox;
    for (int i = 0; i < 200 && all.size() < count; ++i) {
        link.receive(to, {}, inbox);
        all.insert(all.end(), inbox.begin(), inbox.end());
        if (all.size() < count) std::this_thread::sleep_for(5ms);
    }
    return all;
}

}  // namespace

TEST(UdpLink, MessagesCrossBetweenTwoSocketsOnLoopback) {
    two_sockets s;
    const udp_address joiner_address = address_of(*s.joiner, *s.listener);
    udp_link listener{*s.listener, joiner_address, {.own_id = 0, .game_id = 77}};
    udp_link joiner{*s.joiner, s.joiner->peer(), {.own_id = 1, .game_id = 77}};
    net_message m;
    m.tick = 12;
    m.inputs.resize(3);
    joiner.send(1, {}, m);
    const auto got = receive_some(listener, 0, 1);
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(got[0].tick, 12u);
    EXPECT_EQ(got[0].inputs.size(), 3u);
    m.tick = 13;
    listener.send(0, {}, m);
    const auto back = receive_some(joiner, 1, 1);
    ASSERT_EQ(back.size(), 1u);
    EXPECT_EQ(back[0].tick, 13u);
    EXPECT_EQ(listener.counters().dropped(), 0u);
}

TEST(UdpLink, HostileDatagramsAreDroppedAndCountedByWhy) {
    two_sockets s;
    const udp_address joiner_address = address_of(*s.joiner, *s.listener);
    udp_link listener{*s.listener, joiner_address, {.own_id = 0, .game_id = 77}};
    net_message m;
    m.tick = 5;
    const wire_header ours{.kind = datagram_kind::message, .sender = 1, .game_id = 77};
    // A stranger sends a well-formed message of this very game: not from the other player.
    s.stranger->send_to(encode_message(ours, m), s.stranger->peer());
    // From the right address: garbage, a cut-short message, another game's, one claiming to be
    // the listener itself, and finally a good one.
    const std::vector<std::uint8_t> garbage(40, 0xab);
    s.joiner->send_to(garbage, s.joiner->peer());
    std::vector<std::uint8_t> cut = encode_message(ours, m);
    cut.resize(cut.size() - 3);
    s.joiner->send_to(cut, s.joiner->peer());
    s.joiner->send_to(encode_message({.kind = datagram_kind::message, .sender = 1, .game_id = 78}, m),
                      s.joiner->peer());
    s.joiner->send_to(encode_message({.kind = datagram_kind::message, .sender = 0, .game_id = 77}, m),
                      s.joiner->peer());
    const std::vector<std::uint8_t> oversize(max_datagram_bytes + 100, 0x54);
    s.joiner->send_to(oversize, s.joiner->peer());
    s.joiner->send_to(encode_message(ours, m), s.joiner->peer());
    const auto got = receive_some(listener, 0, 1);
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(got[0].tick, 5u);
    const udp_counters& c = listener.counters();
    EXPECT_EQ(c.received, 7u);
    EXPECT_EQ(c.messages, 1u);
    EXPECT_EQ(c.from_stranger, 1u);
    EXPECT_EQ(c.malformed, 3u) << "garbage, cut short, oversize";
    EXPECT_EQ(c.other_game, 1u);
    EXPECT_EQ(c.wrong_sender, 1u);
    EXPECT_EQ(c.dropped(), 6u);
}

TEST(UdpLink, ShapingDropsTheShareOfMessagesItIsGiven) {
    two_sockets s;
    const udp_address joiner_address = address_of(*s.joiner, *s.listener);
    udp_link joiner{
        *s.joiner, s.joiner->peer(), {.own_id = 1, .game_id = 9, .seed = 3, .shaping = {.loss_percent = 10}}};
    udp_link listener{*s.listener, joiner_address, {.own_id = 0, .game_id = 9}};
    for (int i = 0; i < 1000; ++i) joiner.send(1, std::chrono::milliseconds{i}, net_message{});
    EXPECT_GT(joiner.counters().shaped_lost, 60u);
    EXPECT_LT(joiner.counters().shaped_lost, 140u);
    EXPECT_EQ(joiner.counters().sent + joiner.counters().shaped_lost, 1000u);
}

TEST(UdpLink, ShapingHoldsMessagesBackByTheLatency) {
    two_sockets s;
    const udp_address joiner_address = address_of(*s.joiner, *s.listener);
    udp_link joiner{*s.joiner, s.joiner->peer(), {.own_id = 1, .game_id = 9, .shaping = {.latency_ms = 50}}};
    udp_link listener{*s.listener, joiner_address, {.own_id = 0, .game_id = 9}};
    std::vector<net_message> inbox;
    joiner.send(1, 0ms, net_message{});
    EXPECT_EQ(joiner.counters().sent, 0u);
    joiner.receive(1, 49ms, inbox);  // a frame with nothing new to send still lets due messages go
    EXPECT_EQ(joiner.counters().sent, 0u);
    joiner.receive(1, 50ms, inbox);
    EXPECT_EQ(joiner.counters().sent, 1u);
    EXPECT_EQ(receive_some(listener, 0, 1).size(), 1u);
}

TEST(Handshake, TheJoinerStartsWhenTheListenerDoesLessHalfTheRoundTrip) {
    shared_game game;
    game.scene = "lander";
    // The listener starts at 1000 ms on its clock and answers a hello at 700 ms.
    const welcome_body welcome = answer_hello({.nonce = 5, .attempt = 2}, game, 1000ms, 700ms);
    EXPECT_EQ(welcome.nonce, 5u);
    EXPECT_EQ(welcome.attempt, 2u);
    EXPECT_EQ(welcome.start_in_ns, std::chrono::nanoseconds{300ms}.count());
    // The joiner sent that hello at 10 ms on its own clock and got the welcome at 50 ms: 20 ms each
    // way, so the listener's 700 ms was the joiner's 30 ms, and its start the joiner's 330 ms.
    EXPECT_EQ(start_time(welcome, 10ms, 50ms), 330ms);
    // A welcome after the start (a lost one, sent again) says how long ago it was.
    const welcome_body late = answer_hello({.nonce = 5, .attempt = 9}, game, 1000ms, 1400ms);
    EXPECT_EQ(start_time(late, 0ms, 40ms), -380ms);
}

TEST(Handshake, AGameThisBuildCannotPlayIsNamed) {
    shared_game game;
    EXPECT_EQ(check_shared_game(game), "");
    game.scene = "pong";
    EXPECT_EQ(check_shared_game(game), "scene 'pong' is not known to this ticklab");
    game.scene = "balls";
    game.tick_rate_hz = 0;
    EXPECT_NE(check_shared_game(game).find("tick_rate"), std::string::npos) << check_shared_game(game);
    game.tick_rate_hz = 60;
    game.mode = net_mode::lockstep;
    game.input_delay = 0;
    EXPECT_NE(check_shared_game(game), "");
}

TEST(UdpLink, AMessageAcknowledgingWhatWasNeverSentIsDroppedAndCounted) {
    // A peer indexes its own logs by the other's acknowledgements: one of tick 2^64 - 1 would make
    // it ask its log for tick 0 (std::out_of_range, found by wire_codec_fuzz).
    two_sockets s;
    const udp_address joiner_address = address_of(*s.joiner, *s.listener);
    udp_link listener{*s.listener, joiner_address, {.own_id = 0, .game_id = 77, .input_delay = 2}};
    const wire_header ours{.kind = datagram_kind::message, .sender = 1, .game_id = 77};
    net_message lie;
    lie.input_ack = std::numeric_limits<std::uint64_t>::max();
    s.joiner->send_to(encode_message(ours, lie), s.joiner->peer());
    net_message hashes_lie;
    hashes_lie.hash_ack = 30;  // no hash was sent yet
    s.joiner->send_to(encode_message(ours, hashes_lie), s.joiner->peer());
    net_message wraps;
    wraps.first_input = std::numeric_limits<std::uint64_t>::max();
    wraps.inputs.resize(2);
    s.joiner->send_to(encode_message(ours, wraps), s.joiner->peer());
    net_message honest;
    honest.input_ack = 2;  // ticks 1 and 2 are the input delay's, known to both
    honest.tick = 9;
    s.joiner->send_to(encode_message(ours, honest), s.joiner->peer());
    const auto got = receive_some(listener, 0, 1);
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(got[0].tick, 9u);
    EXPECT_EQ(listener.counters().unbelievable, 3u);
    // Once the listener has sent its inputs up to tick 5 and hashes up to 30, acks of them are fine.
    net_message mine;
    mine.first_input = 3;
    mine.inputs.resize(3);
    mine.first_hash = 1;
    mine.hashes.resize(30);
    listener.send(0, {}, mine);
    hashes_lie.input_ack = 5;
    s.joiner->send_to(encode_message(ours, hashes_lie), s.joiner->peer());
    EXPECT_EQ(receive_some(listener, 0, 1).size(), 1u);
    EXPECT_EQ(listener.counters().unbelievable, 3u);
}

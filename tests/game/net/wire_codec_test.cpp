// The network game's datagrams as bytes (net/wire_codec.hpp): a round trip keeps every field, and
// a datagram that is cut short, oversized, from another program or another protocol version, or
// that claims more than it holds, is refused by name, never believed.
#include "net/wire_codec.hpp"
#include "net/peer.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

using namespace ticklab::game;

namespace {

const wire_header message_header{.kind = datagram_kind::message, .sender = 1, .game_id = 0x1122334455667788ULL};

tick_input sample_input(int n) {
    tick_input in;
    in.held[0] = n % 2 == 0;
    in.held[2] = true;
    in.pressed[1] = n % 3 == 0;
    if (n % 2 == 1) {
        in.pointer.push_back({.type = pointer_event::kind::drag, .position = {1.5f, -2.25f}, .velocity = {300.f, 0.f}});
        in.pointer.push_back({.type = pointer_event::kind::click, .position = {-0.0f, 1e-30f}, .velocity = {}});
    }
    return in;
}

net_message sample_message() {
    net_message m;
    m.first_input = 1'000'001;
    for (int i = 0; i < 5; ++i) m.inputs.push_back(sample_input(i));
    m.input_ack = 999'999;
    m.first_hash = 31;
    for (std::uint64_t i = 0; i < 30; ++i) m.hashes.push_back(0x9e3779b97f4a7c15ULL * (i + 1));
    m.hash_ack = std::numeric_limits<std::uint64_t>::max();
    m.tick = 1'000'004;
    return m;
}

void expect_same(const net_message& a, const net_message& b) {
    EXPECT_EQ(a.first_input, b.first_input);
    ASSERT_EQ(a.inputs.size(), b.inputs.size());
    for (std::size_t i = 0; i < a.inputs.size(); ++i) EXPECT_TRUE(same_input(a.inputs[i], b.inputs[i])) << i;
    EXPECT_EQ(a.input_ack, b.input_ack);
    EXPECT_EQ(a.first_hash, b.first_hash);
    EXPECT_EQ(a.hashes, b.hashes);
    EXPECT_EQ(a.hash_ack, b.hash_ack);
    EXPECT_EQ(a.tick, b.tick);
}

wire_error decode(const std::vector<std::uint8_t>& bytes) {
    wire_header header;
    net_message out;
    return decode_message(bytes, header, out);
}

// Offsets in a message datagram of sample_message(): the header, then first_input, then the count.
constexpr std::size_t inputs_count_at = wire_header_bytes + 8;

}  // namespace

TEST(WireCodec, AMessageComesBackFieldForField) {
    const net_message sent = sample_message();
    const std::vector<std::uint8_t> bytes = encode_message(message_header, sent);
    ASSERT_LE(bytes.size(), max_datagram_bytes);
    wire_header header;
    net_message back;
    ASSERT_EQ(decode_message(bytes, header, back), wire_error::none);
    EXPECT_EQ(header.kind, datagram_kind::message);
    EXPECT_EQ(header.sender, 1);
    EXPECT_EQ(header.game_id, message_header.game_id);
    expect_same(sent, back);
}

TEST(WireCodec, EveryCutShortDatagramIsRefused) {
    const std::vector<std::uint8_t> bytes = encode_message(message_header, sample_message());
    for (std::size_t size = 0; size < bytes.size(); ++size) {
        const std::vector<std::uint8_t> cut(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(size));
        EXPECT_EQ(decode(cut), wire_error::truncated) << size << " of " << bytes.size() << " bytes";
    }
}

TEST(WireCodec, TrailingBytesAndOversizeDatagramsAreRefused) {
    std::vector<std::uint8_t> bytes = encode_message(message_header, sample_message());
    bytes.push_back(0);
    EXPECT_EQ(decode(bytes), wire_error::trailing_bytes);
    bytes.resize(max_datagram_bytes + 1, 0);
    EXPECT_EQ(decode(bytes), wire_error::too_large);
}

TEST(WireCodec, AStrangersOrAnotherVersionsDatagramIsRefused) {
    const std::vector<std::uint8_t> good = encode_message(message_header, sample_message());
    std::vector<std::uint8_t> bytes = good;
    bytes[0] ^= 0xff;
    EXPECT_EQ(decode(bytes), wire_error::bad_magic);
    bytes = good;
    bytes[4] = static_cast<std::uint8_t>(wire_version + 1);
    EXPECT_EQ(decode(bytes), wire_error::bad_version);
    bytes = good;
    bytes[6] = 0;  // no kind 0
    EXPECT_EQ(decode(bytes), wire_error::bad_kind);
    bytes[6] = static_cast<std::uint8_t>(datagram_kind::bye);  // a kind, not a message
    EXPECT_EQ(decode(bytes), wire_error::bad_kind);
    bytes = good;
    bytes[7] = 2;  // peers are 0 and 1
    EXPECT_EQ(decode(bytes), wire_error::bad_sender);
    const std::vector<std::uint8_t> text{'h', 'e', 'l', 'l', 'o', ' ', 'w', 'o',
                                         'r', 'l', 'd', '!', '!', '!', '!', '!'};
    EXPECT_EQ(decode(text), wire_error::bad_magic);
}

TEST(WireCodec, ACountPastItsMaximumOrPastTheBytesLeftIsNeverBelieved) {
    const std::vector<std::uint8_t> good = encode_message(message_header, sample_message());
    std::vector<std::uint8_t> bytes = good;
    // 65535 inputs claimed in a datagram of a few hundred bytes.
    bytes[inputs_count_at] = 0xff;
    bytes[inputs_count_at + 1] = 0xff;
    EXPECT_EQ(decode(bytes), wire_error::too_many);
    // Within the maximum, but more than the bytes left could hold (two bytes per input at least).
    const std::size_t room = (good.size() - inputs_count_at - 2) / 2;
    const std::size_t claimed = room + 1;
    ASSERT_LE(claimed, max_wire_inputs);
    bytes[inputs_count_at] = static_cast<std::uint8_t>(claimed & 0xff);
    bytes[inputs_count_at + 1] = static_cast<std::uint8_t>(claimed >> 8);
    EXPECT_EQ(decode(bytes), wire_error::truncated);
    // A pointer count past its maximum in the first input.
    bytes = good;
    bytes[inputs_count_at + 3] = static_cast<std::uint8_t>(max_wire_pointer_events + 1);
    EXPECT_EQ(decode(bytes), wire_error::too_many);
}

TEST(WireCodec, FlagBitsEnumsAndFloatsOutsideTheirValuesAreRefused) {
    const std::vector<std::uint8_t> good = encode_message(message_header, sample_message());
    std::vector<std::uint8_t> bytes = good;
    bytes[inputs_count_at + 2] |= 0x80;  // the first input's flags: only 6 bits are actions
    EXPECT_EQ(decode(bytes), wire_error::bad_value);
    // The second input (odd: two pointer events) starts after the first's two bytes.
    const std::size_t second = inputs_count_at + 2 + 2;
    ASSERT_EQ(good[second + 1], 2);
    bytes = good;
    bytes[second + 2] = 7;  // pointer kind: click or drag only
    EXPECT_EQ(decode(bytes), wire_error::bad_value);
    bytes = good;
    const float nan = std::numeric_limits<float>::quiet_NaN();
    std::memcpy(&bytes[second + 3], &nan, sizeof nan);  // the position's x
    EXPECT_EQ(decode(bytes), wire_error::bad_value);
}

TEST(WireCodec, AMessageTooBigForADatagramKeepsItsOldestInputsAndDecodes) {
    net_message m = sample_message();
    m.inputs.clear();
    tick_input busy;
    for (int i = 0; i < 20; ++i)
        busy.pointer.push_back({.type = pointer_event::kind::click, .position = {1, 2}, .velocity = {}});
    for (int i = 0; i < 100; ++i) m.inputs.push_back(busy);  // 342 bytes each
    const std::vector<std::uint8_t> bytes = encode_message(message_header, m);
    EXPECT_LE(bytes.size(), max_datagram_bytes);
    wire_header header;
    net_message back;
    ASSERT_EQ(decode_message(bytes, header, back), wire_error::none);
    EXPECT_EQ(back.first_input, m.first_input);
    EXPECT_GE(back.inputs.size(), 1u);
    EXPECT_LT(back.inputs.size(), m.inputs.size());
    EXPECT_TRUE(back.hashes.empty()) << "hashes make room for inputs first";
    for (const tick_input& in : back.inputs) EXPECT_TRUE(same_input(in, busy));
}

TEST(WireCodec, HandshakeAndByeComeBackAndRefuseOtherKinds) {
    const wire_header header{.kind = datagram_kind::welcome, .sender = 0, .game_id = 42};
    welcome_body welcome{.nonce = 7, .attempt = 3, .start_in_ns = -123456789, .game = {}};
    welcome.game.scene = "lander";
    welcome.game.options.seed = 99;
    welcome.game.options.beacons = true;
    welcome.game.tick_rate_hz = 120;
    welcome.game.mode = net_mode::rollback;
    welcome.game.input_delay = 0;
    welcome.game.ticks = 3000;
    const std::vector<std::uint8_t> bytes = encode_welcome(header, welcome);
    wire_header h;
    welcome_body back;
    ASSERT_EQ(decode_welcome(bytes, h, back), wire_error::none);
    EXPECT_EQ(h.game_id, 42u);
    EXPECT_EQ(back.nonce, 7u);
    EXPECT_EQ(back.attempt, 3u);
    EXPECT_EQ(back.start_in_ns, -123456789);
    EXPECT_EQ(back.game.scene, "lander");
    EXPECT_EQ(back.game.options.seed, 99u);
    EXPECT_TRUE(back.game.options.beacons);
    EXPECT_EQ(back.game.tick_rate_hz, 120u);
    EXPECT_EQ(back.game.mode, net_mode::rollback);
    EXPECT_EQ(back.game.ticks, 3000u);
    for (std::size_t size = 0; size < bytes.size(); ++size) {
        const std::span<const std::uint8_t> cut{bytes.data(), size};
        EXPECT_EQ(decode_welcome(cut, h, back), wire_error::truncated) << size;
    }
    hello_body hello;
    EXPECT_EQ(decode_hello(bytes, h, hello), wire_error::bad_kind);

    std::vector<std::uint8_t> mode = bytes;
    // The mode byte sits after the scene's text and the scene options: find it from the end
    // (mode u8, input delay u32, ticks u64).
    mode[mode.size() - 13] = 9;
    EXPECT_EQ(decode_welcome(mode, h, back), wire_error::bad_value);

    const bye_body bye{.tick = 3000, .hash = 0xfeedULL, .have_yours = true};
    const std::vector<std::uint8_t> bye_bytes =
        encode_bye({.kind = datagram_kind::bye, .sender = 1, .game_id = 5}, bye);
    bye_body bye_back;
    ASSERT_EQ(decode_bye(bye_bytes, h, bye_back), wire_error::none);
    EXPECT_EQ(bye_back.tick, 3000u);
    EXPECT_EQ(bye_back.hash, 0xfeedULL);
    EXPECT_TRUE(bye_back.have_yours);
    std::vector<std::uint8_t> bad_bool = bye_bytes;
    bad_bool.back() = 2;
    EXPECT_EQ(decode_bye(bad_bool, h, bye_back), wire_error::bad_value);
}

TEST(WireCodec, ASceneNameWithControlCharactersIsRefused) {
    welcome_body welcome;
    welcome.game.scene = "ball\x1b[2Js";
    const std::vector<std::uint8_t> bytes = encode_welcome({.kind = datagram_kind::welcome}, welcome);
    wire_header h;
    welcome_body back;
    EXPECT_EQ(decode_welcome(bytes, h, back), wire_error::bad_value);
}

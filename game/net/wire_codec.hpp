#pragma once
// The network game's datagrams as bytes, for two processes over UDP (docs/network.md, "Two
// machines"). Every datagram is a header and one body:
//
//   magic "TKLB" | version u16 | kind u8 | sender u8 | game id u64 | body (by kind)
//
// all little-endian. The game id is the listener's random number for this game (0 in a hello,
// which comes before it is known), so a stranger's datagram, or one from an earlier game on the
// same port, is dropped. Decoding trusts nothing: every read is checked against the bytes left,
// every count against its maximum and against what the bytes left could hold, every enum and flag
// byte against its values, every float for being finite, and a body must end where the datagram
// does. A decode that fails leaves its output unspecified and names why (wire_error).
//
// Usage:
//   std::vector<std::uint8_t> bytes = encode_message({.kind = datagram_kind::message, .sender = 0, .game_id = id}, m);
//   net_message back;
//   if (decode_message(bytes, header, back) == wire_error::none) ...
//
// net_message's fields are listed once, in net_message_fields below: a new field is one line there
// (and a new wire_version).

#include "net/net_message.hpp"
#include "sim/network_settings.hpp"
#include "sim/scene.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ticklab::game {

inline constexpr std::uint32_t wire_magic = 0x424c4b54;  // "TKLB" read as little-endian bytes
inline constexpr std::uint16_t wire_version = 2;  // 2: net_message's time-sync fields
// Fits an IPv6 minimum MTU (1280) less its IP and UDP headers: never fragmented.
inline constexpr std::size_t max_datagram_bytes = 1200;
inline constexpr std::size_t wire_header_bytes = 16;
// Bounds a decoder holds a sender to (an encoder trims to them, see encode_message).
inline constexpr std::size_t max_wire_inputs = 512;
inline constexpr std::size_t max_wire_pointer_events = 32;
inline constexpr std::size_t max_wire_hashes = 128;
inline constexpr std::size_t max_wire_text = 64;

enum class datagram_kind : std::uint8_t {
    hello = 1,    // the connecting side asks to join
    welcome = 2,  // the listener's answer: the game's id, settings and start
    message = 3,  // a net_message, once per frame
    bye = 4,      // a peer has confirmed the last tick: its hash there
};

struct wire_header {
    datagram_kind kind = datagram_kind::message;
    std::uint8_t sender = 0;  // the peer id (0: the listener's player, 1: the connecting one)
    std::uint64_t game_id = 0;
};

enum class wire_error : std::uint8_t {
    none,
    truncated,       // fewer bytes than the fields need
    too_large,       // more bytes than a datagram may hold
    bad_magic,       // not ours
    bad_version,     // ours, another protocol version
    bad_kind,        // no such datagram kind, or not the one expected
    bad_sender,      // a peer id other than 0 or 1
    too_many,        // a count past its maximum or past what the bytes left could hold
    bad_value,       // an enum, flag byte, float or text outside what it may be
    trailing_bytes,  // bytes left after the last field
};

[[nodiscard]] std::string_view to_string(wire_error error) noexcept;

// What both processes must play alike, sent by the listener in its welcome.
struct shared_game {
    std::string scene = "balls";
    scene_options options;  // threads are each machine's own and not sent
    std::uint32_t tick_rate_hz = 60;
    std::uint32_t max_loops = 8;
    net_mode mode = net_mode::lockstep;
    std::uint32_t input_delay = 2;
    std::uint64_t ticks = 0;  // both stop once each has confirmed this tick (the listener's --ticks)
};

struct hello_body {
    std::uint64_t nonce = 0;    // the connecting process's random number: its welcome echoes it
    std::uint32_t attempt = 0;  // which hello this is, echoed, to time the round trip
};

struct welcome_body {
    std::uint64_t nonce = 0;
    std::uint32_t attempt = 0;
    // Nanoseconds from the welcome's sending to the listener's tick 1 (negative once it has started).
    std::int64_t start_in_ns = 0;
    shared_game game;
};

struct bye_body {
    std::uint64_t tick = 0;   // the last tick of the game (--ticks)
    std::uint64_t hash = 0;   // the sender's state hash after it
    bool have_yours = false;  // the sender holds the receiver's bye
};

// Reads only the header (the first wire_header_bytes): magic, version, kind and sender checked.
[[nodiscard]] wire_error decode_header(std::span<const std::uint8_t> datagram, wire_header& out);

// The message is trimmed to fit max_datagram_bytes and the counts above: the inputs first kept
// (the oldest ones, which the receiver takes first), then the hashes; whatever is left out is sent
// again in a later message, since it stays unacknowledged.
[[nodiscard]] std::vector<std::uint8_t> encode_message(const wire_header& header, net_message message);
[[nodiscard]] std::vector<std::uint8_t> encode_hello(const wire_header& header, const hello_body& body);
// Throws std::invalid_argument for a scene name longer than max_wire_text.
[[nodiscard]] std::vector<std::uint8_t> encode_welcome(const wire_header& header, const welcome_body& body);
[[nodiscard]] std::vector<std::uint8_t> encode_bye(const wire_header& header, const bye_body& body);

// Each decodes a whole datagram, header included, and fails with bad_kind for another kind.
[[nodiscard]] wire_error decode_message(std::span<const std::uint8_t> datagram, wire_header& header, net_message& out);
[[nodiscard]] wire_error decode_hello(std::span<const std::uint8_t> datagram, wire_header& header, hello_body& out);
[[nodiscard]] wire_error decode_welcome(std::span<const std::uint8_t> datagram, wire_header& header, welcome_body& out);
[[nodiscard]] wire_error decode_bye(std::span<const std::uint8_t> datagram, wire_header& header, bye_body& out);

// The one list of net_message's fields, in wire order, for the encoder and the decoder alike.
template <typename Visitor, typename Message>
void net_message_fields(Visitor& v, Message& m) {
    v.field(m.first_input);
    v.field(m.inputs);
    v.field(m.input_ack);
    v.field(m.first_hash);
    v.field(m.hashes);
    v.field(m.hash_ack);
    v.field(m.tick);
    v.field(m.sent_at);
    v.field(m.echo);
    v.field(m.echo_held);
    v.field(m.frames_ahead);
}

}  // namespace ticklab::game

#include "net/udp_link.hpp"

#include <stdexcept>

namespace ticklab::game {

namespace {

bool shapes(const link_settings& link) {
    return link.latency_ms > 0.0 || link.jitter_ms > 0.0 || link.loss_percent > 0.0;
}

}  // namespace

udp_link::udp_link(udp_socket& socket, const udp_address& other, const udp_link_config& config)
    : socket_{socket}, other_{other}, config_{config}, guard_{config.input_delay} {
    if (config_.own_id > 1) throw std::invalid_argument("udp_link: peer id must be 0 or 1");
    if (shapes(config_.shaping)) shaper_.emplace(config_.seed, config_.shaping);
}

void udp_link::send(std::uint32_t from, ticklab::nanoseconds now, net_message message) {
    // What the peer sent, whether or not the shaping loses it: the other may have it from an
    // earlier message, and an acknowledgement of it is no lie.
    guard_.sent(message);
    if (!shaper_) {
        send_now(from, message);
        return;
    }
    shaper_->send(from, now, std::move(message));
    // The shaper's queue from `from` is read as the other peer's inbox: what is due goes out now.
    shaper_->receive(1 - from, now, due_);
    for (const net_message& m : due_) send_now(from, m);
    counters_.shaped_lost = shaper_->stats(from).lost;
}

void udp_link::send_now(std::uint32_t from, const net_message& message) {
    const wire_header header{
        .kind = datagram_kind::message, .sender = static_cast<std::uint8_t>(from), .game_id = config_.game_id};
    const std::vector<std::uint8_t> bytes = encode_message(header, message);
    ++counters_.sent;
    if (!socket_.send_to(bytes, other_)) ++counters_.send_failed;
}

void udp_link::send_control(std::span<const std::uint8_t> bytes) {
    ++counters_.sent;
    if (!socket_.send_to(bytes, other_)) ++counters_.send_failed;
}

void udp_link::receive(std::uint32_t to, ticklab::nanoseconds now, std::vector<net_message>& out) {
    out.clear();
    if (shaper_) {
        // Messages held back by the latency go out even in a frame that sends nothing new.
        // This side's own messages (from `to`) are the other peer's inbox in the shaper.
        shaper_->receive(1 - to, now, due_);
        for (const net_message& m : due_) send_now(to, m);
    }
    udp_address from;
    for (std::size_t i = 0; i < max_datagrams_per_receive && socket_.receive(buffer_, max_datagram_bytes, from); ++i) {
        take_datagram(buffer_, from, out);
    }
}

void udp_link::take_datagram(std::span<const std::uint8_t> bytes, const udp_address& from,
                             std::vector<net_message>& out) {
    ++counters_.received;
    if (!(from == other_)) {
        ++counters_.from_stranger;
        return;
    }
    wire_header header;
    if (decode_header(bytes, header) != wire_error::none) {
        ++counters_.malformed;
        return;
    }
    // A hello comes before the game id is known; it is the handshake's to answer.
    if (header.kind != datagram_kind::hello && header.game_id != config_.game_id) {
        ++counters_.other_game;
        return;
    }
    if (header.sender == config_.own_id) {
        ++counters_.wrong_sender;
        return;
    }
    if (header.kind != datagram_kind::message) {
        if (on_control && !on_control(header, bytes)) ++counters_.malformed;
        return;
    }
    net_message message;
    if (decode_message(bytes, header, message) != wire_error::none) {
        ++counters_.malformed;
        return;
    }
    if (!guard_.believable(message)) {
        ++counters_.unbelievable;
        return;
    }
    ++counters_.messages;
    out.push_back(std::move(message));
}

}  // namespace ticklab::game

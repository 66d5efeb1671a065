#include "net/wire_codec.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <stdexcept>

namespace ticklab::game {

namespace {

// A tick_input's smallest encoding: its flag byte and its pointer count.
constexpr std::size_t min_input_bytes = 2;
constexpr std::size_t pointer_event_bytes = 1 + 4 * 4;
// held[a] is bit a, pressed[a] bit action_count + a; the bits above must be clear.
constexpr unsigned used_flag_bits = (1u << (2 * action_count)) - 1;
static_assert(2 * action_count <= 8, "a tick_input's flags no longer fit one byte");

class wire_writer {
public:
    std::vector<std::uint8_t> bytes;

    void field(std::uint8_t v) { bytes.push_back(v); }
    void field(bool v) { field(static_cast<std::uint8_t>(v ? 1 : 0)); }
    void field(std::uint16_t v) { put(v, 2); }
    void field(std::uint32_t v) { put(v, 4); }
    void field(std::uint64_t v) { put(v, 8); }
    void field(std::int32_t v) { field(static_cast<std::uint32_t>(v)); }
    void field(std::int64_t v) { field(static_cast<std::uint64_t>(v)); }
    void field(float v) { field(std::bit_cast<std::uint32_t>(v)); }
    void field(double v) { field(std::bit_cast<std::uint64_t>(v)); }
    void field(net_mode v) { field(static_cast<std::uint8_t>(v)); }
    void field(const std::string& text) {
        if (text.size() > max_wire_text) {
            throw std::invalid_argument("'" + text + "' is longer than " + std::to_string(max_wire_text) + " bytes");
        }
        field(static_cast<std::uint8_t>(text.size()));
        bytes.insert(bytes.end(), text.begin(), text.end());
    }
    void field(const tick_input& input) {
        unsigned flags = 0;
        for (std::size_t a = 0; a < action_count; ++a) {
            flags |= (input.held[a] ? 1u : 0u) << a;
            flags |= (input.pressed[a] ? 1u : 0u) << (action_count + a);
        }
        field(static_cast<std::uint8_t>(flags));
        field(static_cast<std::uint8_t>(input.pointer.size()));
        for (const pointer_event& p : input.pointer) {
            field(static_cast<std::uint8_t>(p.type));
            field(p.position.x);
            field(p.position.y);
            field(p.velocity.x);
            field(p.velocity.y);
        }
    }
    template <typename T>
    void field(const std::vector<T>& values) {
        field(static_cast<std::uint16_t>(values.size()));
        for (const T& value : values) field(value);
    }
    void header(const wire_header& h) {
        field(wire_magic);
        field(wire_version);
        field(static_cast<std::uint8_t>(h.kind));
        field(h.sender);
        field(h.game_id);
    }

private:
    void put(std::uint64_t v, int count) {
        for (int i = 0; i < count; ++i) bytes.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
    }
};

class wire_reader {
public:
    explicit wire_reader(std::span<const std::uint8_t> data) : data_{data} {}

    [[nodiscard]] wire_error error() const noexcept { return error_; }
    [[nodiscard]] std::size_t left() const noexcept { return data_.size() - at_; }
    void fail(wire_error e) {
        if (error_ == wire_error::none) error_ = e;
    }
    // The error, or trailing_bytes when the datagram goes on past its last field.
    [[nodiscard]] wire_error finish() {
        if (error_ == wire_error::none && left() != 0) fail(wire_error::trailing_bytes);
        return error_;
    }

    void field(std::uint8_t& v) { v = static_cast<std::uint8_t>(get(1)); }
    void field(bool& v) {
        const std::uint8_t b = static_cast<std::uint8_t>(get(1));
        if (b > 1) fail(wire_error::bad_value);
        v = b == 1;
    }
    void field(std::uint16_t& v) { v = static_cast<std::uint16_t>(get(2)); }
    void field(std::uint32_t& v) { v = static_cast<std::uint32_t>(get(4)); }
    void field(std::uint64_t& v) { v = get(8); }
    void field(std::int32_t& v) { v = static_cast<std::int32_t>(static_cast<std::uint32_t>(get(4))); }
    void field(std::int64_t& v) { v = static_cast<std::int64_t>(get(8)); }
    void field(float& v) {
        v = std::bit_cast<float>(static_cast<std::uint32_t>(get(4)));
        if (!std::isfinite(v)) fail(wire_error::bad_value);
    }
    void field(double& v) {
        v = std::bit_cast<double>(get(8));
        if (!std::isfinite(v)) fail(wire_error::bad_value);
    }
    void field(net_mode& v) {
        const auto b = static_cast<std::uint8_t>(get(1));
        if (b > static_cast<std::uint8_t>(net_mode::rollback)) fail(wire_error::bad_value);
        v = static_cast<net_mode>(b);
    }
    void field(std::string& text) {
        const auto size = static_cast<std::size_t>(get(1));
        if (!ok()) return;
        if (size > max_wire_text) return fail(wire_error::too_many);
        if (size > left()) return fail(wire_error::truncated);
        text.assign(reinterpret_cast<const char*>(data_.data() + at_), size);
        at_ += size;
        for (const char c : text) {
            if (c < 0x20 || c > 0x7e) return fail(wire_error::bad_value);  // printable ASCII: it is shown
        }
    }
    void field(tick_input& input) {
        const auto flags = static_cast<unsigned>(get(1));
        const auto count = static_cast<std::size_t>(get(1));
        if (!ok()) return;
        if ((flags & ~used_flag_bits) != 0) return fail(wire_error::bad_value);
        for (std::size_t a = 0; a < action_count; ++a) {
            input.held[a] = ((flags >> a) & 1u) != 0;
            input.pressed[a] = ((flags >> (action_count + a)) & 1u) != 0;
        }
        if (count > max_wire_pointer_events) return fail(wire_error::too_many);
        if (count * pointer_event_bytes > left()) return fail(wire_error::truncated);
        input.pointer.assign(count, pointer_event{});
        for (pointer_event& p : input.pointer) {
            const auto type = static_cast<std::uint8_t>(get(1));
            if (type > static_cast<std::uint8_t>(pointer_event::kind::drag)) fail(wire_error::bad_value);
            p.type = static_cast<pointer_event::kind>(type);
            field(p.position.x);
            field(p.position.y);
            field(p.velocity.x);
            field(p.velocity.y);
        }
    }
    void field(std::vector<tick_input>& values) { vector(values, max_wire_inputs, min_input_bytes); }
    void field(std::vector<std::uint64_t>& values) { vector(values, max_wire_hashes, 8); }

    void header(wire_header& h) {
        std::uint32_t magic = 0;
        std::uint16_t version = 0;
        std::uint8_t kind = 0;
        field(magic);
        if (ok() && magic != wire_magic) return fail(wire_error::bad_magic);
        field(version);
        if (ok() && version != wire_version) return fail(wire_error::bad_version);
        field(kind);
        field(h.sender);
        field(h.game_id);
        if (!ok()) return;
        if (kind < static_cast<std::uint8_t>(datagram_kind::hello) ||
            kind > static_cast<std::uint8_t>(datagram_kind::bye))
            return fail(wire_error::bad_kind);
        h.kind = static_cast<datagram_kind>(kind);
        if (h.sender > 1) fail(wire_error::bad_sender);
    }

private:
    [[nodiscard]] bool ok() const noexcept { return error_ == wire_error::none; }

    std::uint64_t get(int count) {
        if (!ok()) return 0;
        if (left() < static_cast<std::size_t>(count)) {
            fail(wire_error::truncated);
            return 0;
        }
        std::uint64_t v = 0;
        for (int i = 0; i < count; ++i) v |= static_cast<std::uint64_t>(data_[at_ + i]) << (8 * i);
        at_ += static_cast<std::size_t>(count);
        return v;
    }

    // A count is believed only up to its maximum and to what the bytes left could hold, so a
    // forged count never makes the reader allocate more than the datagram's size.
    template <typename T>
    void vector(std::vector<T>& values, std::size_t max, std::size_t min_bytes) {
        const auto count = static_cast<std::size_t>(get(2));
        if (!ok()) return;
        if (count > max) return fail(wire_error::too_many);
        if (count * min_bytes > left()) return fail(wire_error::truncated);
        values.assign(count, T{});
        for (T& value : values) {
            field(value);
            if (!ok()) return;
        }
    }

    std::span<const std::uint8_t> data_;
    std::size_t at_ = 0;
    wire_error error_ = wire_error::none;
};

template <typename Visitor, typename Game>
void shared_game_fields(Visitor& v, Game& g) {
    v.field(g.scene);
    v.field(g.options.seed);
    v.field(g.options.balls);
    v.field(g.options.autopilot);
    v.field(g.options.wall);
    v.field(g.options.beacons);
    v.field(g.options.box_width);
    v.field(g.tick_rate_hz);
    v.field(g.max_loops);
    v.field(g.mode);
    v.field(g.input_delay);
    v.field(g.ticks);
}

// The header, then the body; the kind must be the one the caller expects.
template <typename Body>
wire_error decode_as(std::span<const std::uint8_t> datagram, datagram_kind kind, wire_header& header, Body body) {
    if (datagram.size() > max_datagram_bytes) return wire_error::too_large;
    wire_reader r{datagram};
    r.header(header);
    if (r.error() == wire_error::none && header.kind != kind) return wire_error::bad_kind;
    if (r.error() != wire_error::none) return r.error();
    body(r);
    return r.finish();
}

template <typename Body>
std::vector<std::uint8_t> encode_as(const wire_header& header, datagram_kind kind, Body body) {
    wire_writer w;
    wire_header h = header;
    h.kind = kind;
    w.header(h);
    body(w);
    return std::move(w.bytes);
}

}  // namespace

std::string_view to_string(wire_error error) noexcept {
    switch (error) {
        case wire_error::none:
            return "none";
        case wire_error::truncated:
            return "truncated";
        case wire_error::too_large:
            return "too large";
        case wire_error::bad_magic:
            return "not a ticklab datagram";
        case wire_error::bad_version:
            return "another protocol version";
        case wire_error::bad_kind:
            return "unexpected kind";
        case wire_error::bad_sender:
            return "bad sender";
        case wire_error::too_many:
            return "count too large";
        case wire_error::bad_value:
            return "bad value";
        case wire_error::trailing_bytes:
            return "trailing bytes";
    }
    return "unknown";
}

wire_error decode_header(std::span<const std::uint8_t> datagram, wire_header& out) {
    if (datagram.size() > max_datagram_bytes) return wire_error::too_large;
    wire_reader r{datagram.first(std::min(datagram.size(), wire_header_bytes))};
    r.header(out);
    return r.error();
}

std::vector<std::uint8_t> encode_message(const wire_header& header, net_message message) {
    if (message.inputs.size() > max_wire_inputs) message.inputs.resize(max_wire_inputs);
    if (message.hashes.size() > max_wire_hashes) message.hashes.resize(max_wire_hashes);
    for (tick_input& input : message.inputs) {
        // The peer's own inputs are trimmed before they are used (remote_session), so this only
        // keeps a caller's oversized input from making a datagram no decoder accepts.
        if (input.pointer.size() > max_wire_pointer_events) input.pointer.resize(max_wire_pointer_events);
    }
    const auto encode = [&] {
        return encode_as(header, datagram_kind::message, [&](wire_writer& w) { net_message_fields(w, message); });
    };
    std::vector<std::uint8_t> bytes = encode();
    while (bytes.size() > max_datagram_bytes) {
        const std::size_t over = bytes.size() - max_datagram_bytes;
        if (!message.hashes.empty()) {
            message.hashes.resize(message.hashes.size() - std::min(message.hashes.size(), (over + 7) / 8));
        } else if (!message.inputs.empty()) {
            message.inputs.pop_back();
        } else {
            break;  // the fixed fields alone never reach the limit
        }
        bytes = encode();
    }
    return bytes;
}

std::vector<std::uint8_t> encode_hello(const wire_header& header, const hello_body& body) {
    return encode_as(header, datagram_kind::hello, [&](wire_writer& w) {
        w.field(body.nonce);
        w.field(body.attempt);
    });
}

std::vector<std::uint8_t> encode_welcome(const wire_header& header, const welcome_body& body) {
    return encode_as(header, datagram_kind::welcome, [&](wire_writer& w) {
        w.field(body.nonce);
        w.field(body.attempt);
        w.field(body.start_in_ns);
        shared_game_fields(w, body.game);
    });
}

std::vector<std::uint8_t> encode_bye(const wire_header& header, const bye_body& body) {
    return encode_as(header, datagram_kind::bye, [&](wire_writer& w) {
        w.field(body.tick);
        w.field(body.hash);
        w.field(body.have_yours);
    });
}

wire_error decode_message(std::span<const std::uint8_t> datagram, wire_header& header, net_message& out) {
    return decode_as(datagram, datagram_kind::message, header, [&](wire_reader& r) { net_message_fields(r, out); });
}

wire_error decode_hello(std::span<const std::uint8_t> datagram, wire_header& header, hello_body& out) {
    return decode_as(datagram, datagram_kind::hello, header, [&](wire_reader& r) {
        r.field(out.nonce);
        r.field(out.attempt);
    });
}

wire_error decode_welcome(std::span<const std::uint8_t> datagram, wire_header& header, welcome_body& out) {
    return decode_as(datagram, datagram_kind::welcome, header, [&](wire_reader& r) {
        r.field(out.nonce);
        r.field(out.attempt);
        r.field(out.start_in_ns);
        shared_game_fields(r, out.game);
    });
}

wire_error decode_bye(std::span<const std::uint8_t> datagram, wire_header& header, bye_body& out) {
    return decode_as(datagram, datagram_kind::bye, header, [&](wire_reader& r) {
        r.field(out.tick);
        r.field(out.hash);
        r.field(out.have_yours);
    });
}

}  // namespace ticklab::game

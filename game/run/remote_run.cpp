#include "run/remote_run.hpp"

#include "io/output_file.hpp"
#include "net/handshake.hpp"
#include "net/input_bot.hpp"
#include "net/peer.hpp"
#include "net/udp_link.hpp"
#include "run/remote_handshake.hpp"
#include "run/run_error.hpp"
#include "scenes/scene_registry.hpp"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <optional>
#include <thread>
#include <vector>

namespace ticklab::game {

namespace {

using json = nlohmann::ordered_json;

// How long a side keeps sending its bye after it holds the other's, when the other never says it
// holds this side's: then the other most likely does, and only the answers were lost.
constexpr ticklab::nanoseconds bye_linger = std::chrono::seconds{1};

void sleep_until_time(ticklab::nanoseconds when) {
    std::this_thread::sleep_until(
        std::chrono::steady_clock::time_point{std::chrono::duration_cast<std::chrono::steady_clock::duration>(when)});
}

std::string hex64(std::uint64_t value) {
    char buffer[24];
    std::snprintf(buffer, sizeof buffer, "0x%016" PRIx64, value);
    return buffer;
}

std::string silent_line(const remote_settings& remote, const std::string& what) {
    const std::string port = std::to_string(remote.port);
    const std::string hint = remote.listening ? " (did the other player run ticklab --connect THIS-HOST:" + port + "?)"
                                              : " (is ticklab --listen " + port + " running on " + remote.host +
                                                    ", and is UDP port " + port + " open in its firewall?)";
    return what + hint;
}

// The local player: a seeded bot (headless), its pointer events kept within what a datagram holds.
input_function local_player(std::uint64_t seed, std::uint32_t id) {
    return [bot = input_bot{seed, id}](std::uint64_t tick) {
        tick_input input = bot.input_for(tick);
        if (input.pointer.size() > max_wire_pointer_events) input.pointer.resize(max_wire_pointer_events);
        return input;
    };
}

struct ending {
    std::uint64_t tick = 0;
    std::optional<std::uint64_t> own_hash;
    std::optional<std::uint64_t> their_hash;
    bool they_have_ours = false;
    ticklab::nanoseconds theirs_at{0};
};

json report_of(const launch_options& options, const handshake_result& hs, std::uint32_t id, const peer& p,
               const udp_link& link, const ending& end, const waiting_counts& waiting, std::uint64_t frames,
               double real_time_s, std::optional<std::uint64_t> desync) {
    const peer_stats& s = p.stats();
    const udp_counters& c = link.counters();
    json report = json::object();
    report["scene"] = hs.game.scene;
    report["tick_rate"] = hs.game.tick_rate_hz;
    report["network"] = std::string{to_string(hs.game.mode)};
    report["remote"] = options.remote->listening ? "listen" : "connect";
    report["peer_id"] = id;
    report["other_address"] = hs.other.text();
    report["frames"] = frames;
    report["ticks"] = end.tick;
    report["real_time_s"] = real_time_s;
    report["network_tick"] = end.tick;
    report["state_hash"] = end.own_hash ? json(hex64(*end.own_hash)) : json(nullptr);
    json hashes = json::array({nullptr, nullptr});
    if (end.own_hash) hashes[id] = hex64(*end.own_hash);
    if (end.their_hash) hashes[1 - id] = hex64(*end.their_hash);
    report["peer_state_hashes"] = hashes;
    report["desync_tick"] = desync ? json(*desync) : json(nullptr);
    report["hashes_compared"] = s.hashes_compared;
    report["rollback_ticks"] = s.rollback_ticks;
    report["stall_frames"] = s.stall_frames;
    report["input_lag_ms"] =
        s.input_lags == 0
            ? json(nullptr)
            : json(ticklab::to_milliseconds(s.input_lag_total) / static_cast<double>(s.input_lags));
    report["datagrams_sent"] = c.sent;
    report["datagrams_received"] = c.received + waiting.received;
    report["messages_received"] = c.messages;
    report["messages_lost"] = c.shaped_lost;  // by --loss on this side's sending
    report["datagrams_dropped"] = c.dropped() + waiting.dropped;
    report["dropped_by_reason"] = json{{"from_stranger", c.from_stranger}, {"malformed", c.malformed},
                                       {"other_game", c.other_game},       {"wrong_sender", c.wrong_sender},
                                       {"unbelievable", c.unbelievable},   {"before_handshake", waiting.dropped}};
    report["send_failed"] = c.send_failed;
    return report;
}

}  // namespace

int run_remote(const launch_options& options) {
    const remote_settings& remote = *options.remote;
    const network_settings& network = *options.network;
    std::string error;
    std::optional<udp_socket> socket = remote.listening ? udp_socket::listen(remote.port, error)
                                                        : udp_socket::connect(remote.host, remote.port, error);
    if (!socket) return fail(exit_bad_input, (remote.listening ? "--listen: " : "--connect: ") + error);

    waiting_counts waiting;
    std::optional<handshake_result> hs;
    if (remote.listening) {
        // A script reads the port from this line (--listen 0 lets the system pick one).
        note("listening on UDP port " + std::to_string(socket->port()) + " for " +
             std::to_string(static_cast<long long>(remote.peer_timeout_s)) + " s");
        const shared_game game{.scene = options.scene,
                               .options = options.scene_settings,
                               .tick_rate_hz = options.loop.tick_rate_hz,
                               .max_loops = options.loop.max_loops,
                               .mode = network.mode,
                               .input_delay = network.input_delay,
                               .ticks = options.ticks.value_or(0)};
        hs = listen_for_hello(*socket, game, remote, waiting);
    } else {
        hs = connect_with_hellos(*socket, remote, waiting, error);
        if (!hs && !error.empty()) return fail(exit_bad_input, error);
    }
    if (!hs) {
        return fail(exit_peer_silent,
                    silent_line(remote, "no other player after " +
                                            std::to_string(static_cast<long long>(remote.peer_timeout_s)) + " s"));
    }

    if (hs->game.ticks == 0) {
        return fail(exit_bad_input, "the listener's game has no last tick: run it with --headless --ticks N");
    }
    const std::uint32_t id = remote.listening ? 0 : 1;
    scene_options scene_options = hs->game.options;
    scene_options.threads = options.scene_settings.threads;
    const peer_config config{.id = id,
                             .mode = hs->game.mode,
                             .input_delay = hs->game.input_delay,
                             .tick_rate_hz = hs->game.tick_rate_hz,
                             .max_loops = hs->game.max_loops};
    peer p{config, *find_scene(hs->game.scene), scene_options, local_player(scene_options.seed, id)};
    udp_link link{*socket,
                  hs->other,
                  {.own_id = id,
                   .game_id = hs->game_id,
                   .seed = scene_options.seed,
                   .shaping = network.link,
                   .input_delay = hs->game.input_delay}};

    ending end;
    end.tick = hs->game.ticks;
    ticklab::nanoseconds now{0};
    ticklab::nanoseconds last_heard{0};
    link.on_control = [&](const wire_header& header, std::span<const std::uint8_t> bytes) {
        wire_header h;
        if (header.kind == datagram_kind::hello) {
            // Our welcome was lost: answer again (the listener only).
            hello_body hello;
            if (!remote.listening || decode_hello(bytes, h, hello) != wire_error::none) return false;
            const wire_header reply{.kind = datagram_kind::welcome, .sender = 0, .game_id = hs->game_id};
            link.send_control(encode_welcome(reply, answer_hello(hello, hs->game, hs->start, steady_now())));
            return true;
        }
        if (header.kind == datagram_kind::welcome) {
            welcome_body welcome;
            return decode_welcome(bytes, h, welcome) == wire_error::none;  // a repeat: nothing new
        }
        bye_body bye;
        if (decode_bye(bytes, h, bye) != wire_error::none) return false;
        if (bye.tick != end.tick) return false;  // the game's last tick is the listener's, and both hold it
        if (!end.their_hash) end.theirs_at = now;
        end.their_hash = bye.hash;
        end.they_have_ours = end.they_have_ours || bye.have_yours;
        last_heard = now;
        return true;
    };

    const ticklab::nanoseconds start = hs->start;
    const ticklab::nanoseconds frame_length = duration_of_seconds(options.frame_ms / 1000.0);
    const ticklab::nanoseconds timeout = duration_of_seconds(remote.peer_timeout_s);
    sleep_until_time(start);
    std::uint64_t frames = 0;
    std::uint64_t heard = 0;
    while (true) {
        sleep_until_time(start + frame_length * static_cast<std::int64_t>(frames));
        now = steady_now() - start;
        p.frame(now, link);
        ++frames;
        if (link.counters().messages != heard) {
            heard = link.counters().messages;
            last_heard = now;
        }
        if (!end.own_hash && p.stats().confirmed >= end.tick) end.own_hash = p.confirmed_hash(end.tick);
        if (end.own_hash) {
            const bye_body bye{.tick = end.tick, .hash = *end.own_hash, .have_yours = end.their_hash.has_value()};
            link.send_control(encode_bye(
                {.kind = datagram_kind::bye, .sender = static_cast<std::uint8_t>(id), .game_id = hs->game_id}, bye));
            if (end.their_hash && (end.they_have_ours || now - end.theirs_at >= bye_linger)) break;
        }
        if (now - last_heard > timeout) {
            return fail(exit_peer_silent,
                        silent_line(remote, "the other player at " + hs->other.text() + " has sent nothing for " +
                                                std::to_string(static_cast<long long>(remote.peer_timeout_s)) +
                                                " s (at tick " + std::to_string(p.tick()) + ")"));
        }
    }

    std::optional<std::uint64_t> desync;
    if (*end.own_hash != *end.their_hash) {
        // The exchanged blocks name the first tick that differs when it is in one of them.
        desync = p.stats().desync_tick.value_or(end.tick);
    }
    const double real_time_s = ticklab::to_seconds(now);
    const json report = report_of(options, *hs, id, p, link, end, waiting, frames, real_time_s, desync);
    if (!options.report_path.empty()) {
        const std::string text = report.dump() + "\n";
        if (options.report_path == "-") {
            std::fwrite(text.data(), 1, text.size(), stdout);
        } else if (std::string e = write_text_atomically(options.report_path, text); !e.empty()) {
            return fail(exit_write_failed, "report: " + e);
        }
    }
    if (options.report_path != "-") {
        std::printf("ticklab: remote %s: player %u, %" PRIu64 " ticks, state_hash %s, the other's %s, %" PRIu64
                    " datagrams dropped\n",
                    hs->game.scene.c_str(), id + 1, end.tick, hex64(*end.own_hash).c_str(),
                    hex64(*end.their_hash).c_str(), report["datagrams_dropped"].get<std::uint64_t>());
    }
    if (desync) {
        return fail(exit_desync, "desync: the two players' states differ from tick " + std::to_string(*desync));
    }
    return exit_ok;
}

}  // namespace ticklab::game

#include "run/remote_game.hpp"

#include "io/output_file.hpp"
#include "net/handshake.hpp"
#include "net/wire_codec.hpp"
#include "run/run_error.hpp"
#include "scenes/scene_registry.hpp"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <string>
#include <thread>
#include <utility>

namespace ticklab::game {

namespace {

using json = nlohmann::ordered_json;

// How long a side keeps sending its bye after it holds the other's, when the other never says it
// holds this side's (then the other most likely does, and only the answers were lost); and how long
// a side waits to confirm the tick a leaving player named.
constexpr ticklab::nanoseconds bye_linger = std::chrono::seconds{1};
// A leaving player's bye goes out this many times: it gets no answer (the player is gone).
constexpr int leave_repeats = 4;

void sleep_until_time(ticklab::nanoseconds when) {
    std::this_thread::sleep_until(
        std::chrono::steady_clock::time_point{std::chrono::duration_cast<std::chrono::steady_clock::duration>(when)});
}

std::string hex64(std::uint64_t value) {
    char buffer[24];
    std::snprintf(buffer, sizeof buffer, "0x%016" PRIx64, value);
    return buffer;
}

// `bound_port`: the port this side listens on (what --listen 0 was given by the system), 0 to name remote.port.
std::string silent_line(const remote_settings& remote, const std::string& what, std::uint16_t bound_port = 0) {
    const std::string port = std::to_string(bound_port != 0 ? bound_port : remote.port);
    const std::string hint = remote.listening ? " (did the other player run ticklab --connect THIS-HOST:" + port + "?)"
                                              : " (is ticklab --listen " + port + " running on " + remote.host +
                                                    ", and is UDP port " + port + " open in its firewall?)";
    return what + hint;
}

std::string seconds_text(double s) {
    return std::to_string(static_cast<long long>(s));
}

}  // namespace

std::unique_ptr<remote_game> remote_game::open(const launch_options& options, const local_input& local,
                                               bool needs_last_tick, int& exit_code) {
    const remote_settings& remote = *options.remote;
    const network_settings& network = *options.network;
    std::string error;
    std::optional<udp_socket> socket = remote.listening ? udp_socket::listen(remote.port, error)
                                                        : udp_socket::connect(remote.host, remote.port, error);
    if (!socket) {
        exit_code = fail(exit_bad_input, (remote.listening ? "--listen: " : "--connect: ") + error);
        return nullptr;
    }
    waiting_counts waiting;
    std::optional<handshake_result> hs;
    if (remote.listening) {
        // A script reads the port from this line (--listen 0 lets the system pick one).
        note("listening on UDP port " + std::to_string(socket->port()) + " for " + seconds_text(remote.peer_timeout_s) +
             " s");
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
        if (!hs && !error.empty()) {
            exit_code = fail(exit_bad_input, error);
            return nullptr;
        }
    }
    if (!hs) {
        exit_code = fail(exit_peer_silent,
                         silent_line(remote, "no other player after " + seconds_text(remote.peer_timeout_s) + " s",
                                     remote.listening ? socket->port() : std::uint16_t{0}));
        return nullptr;
    }
    std::unique_ptr<remote_game> game{new remote_game{options, std::move(*socket), std::move(*hs), waiting, local}};
    if (needs_last_tick && game->last_tick() == 0) {
        game->leave();  // the listener's window ends now, not after --peer-timeout-s
        exit_code = fail(exit_bad_input,
                         "the listener's game has no last tick: run it with --headless --ticks N, or play in a window");
        return nullptr;
    }
    return game;
}

remote_game::remote_game(const launch_options& options, udp_socket socket, handshake_result hs, waiting_counts waiting,
                         const local_input& local)
    : remote_{*options.remote},
      socket_{std::move(socket)},
      hs_{std::move(hs)},
      waiting_{waiting},
      id_{remote_.listening ? 0U : 1U} {
    scene_options scene_options = hs_.game.options;
    scene_options.threads = options.scene_settings.threads;
    // A ship, and pushes in a colour, for each player, as in the window's in-process network game.
    // Both sides set it, whatever their kind of run, so their worlds are the same.
    scene_options.players = 2;
    const peer_config config{.id = id_,
                             .mode = hs_.game.mode,
                             .input_delay = hs_.game.input_delay,
                             .tick_rate_hz = hs_.game.tick_rate_hz,
                             .max_loops = hs_.game.max_loops};
    // Pointer events beyond what a datagram holds are left out, whoever makes them (a bot, a mouse).
    input_function player = [given = local(scene_options.seed, id_)](std::uint64_t tick) {
        tick_input input = given(tick);
        if (input.pointer.size() > max_wire_pointer_events) input.pointer.resize(max_wire_pointer_events);
        return input;
    };
    peer_ = std::make_unique<peer>(config, *find_scene(hs_.game.scene), scene_options, std::move(player));
    link_ = std::make_unique<udp_link>(socket_, hs_.other,
                                       udp_link_config{.own_id = id_,
                                                       .game_id = hs_.game_id,
                                                       .seed = scene_options.seed,
                                                       .shaping = options.network->link,
                                                       .input_delay = hs_.game.input_delay});
    link_->on_control = [this](const wire_header& header, std::span<const std::uint8_t> bytes) {
        return on_control(header, bytes);
    };
    end_.tick = hs_.game.ticks;
}

remote_game::~remote_game() = default;

bool remote_game::on_control(const wire_header& header, std::span<const std::uint8_t> bytes) {
    wire_header h;
    if (header.kind == datagram_kind::hello) {
        // Our welcome was lost: answer again (the listener only).
        hello_body hello;
        if (!remote_.listening || decode_hello(bytes, h, hello) != wire_error::none) return false;
        const wire_header reply{.kind = datagram_kind::welcome, .sender = 0, .game_id = hs_.game_id};
        link_->send_control(encode_welcome(reply, answer_hello(hello, hs_.game, hs_.start, steady_now())));
        return true;
    }
    if (header.kind == datagram_kind::welcome) {
        welcome_body welcome;
        return decode_welcome(bytes, h, welcome) == wire_error::none;  // a repeat: nothing new
    }
    bye_body bye;
    if (decode_bye(bytes, h, bye) != wire_error::none) return false;
    last_heard_ = now_;
    if (end_.tick != 0 && bye.tick == end_.tick) {
        if (!end_.their_hash) end_.theirs_at = now_;
        end_.their_hash = bye.hash;
        end_.they_have_ours = end_.they_have_ours || bye.have_yours;
        return true;
    }
    // Past the game's last tick no bye is believable; before it (or in a game without one) the
    // other player left there.
    if (end_.tick != 0 && bye.tick > end_.tick) return false;
    if (!they_left_) they_left_ = departure{.tick = bye.tick, .hash = bye.hash, .at = now_};
    return true;
}

void remote_game::send_bye(std::uint64_t tick, std::uint64_t hash, bool have_yours) {
    const bye_body bye{.tick = tick, .hash = hash, .have_yours = have_yours};
    link_->send_control(encode_bye(
        {.kind = datagram_kind::bye, .sender = static_cast<std::uint8_t>(id_), .game_id = hs_.game_id}, bye));
}

void remote_game::wait_for_start() const {
    sleep_until_time(hs_.start);
}

remote_state remote_game::frame() {
    if (state_ != remote_state::playing) return state_;
    now_ = steady_now() - hs_.start;
    peer_->frame(now_, *link_);
    ++frames_;
    if (link_->counters().messages != heard_) {
        heard_ = link_->counters().messages;
        last_heard_ = now_;
    }
    const std::uint64_t confirmed = peer_->stats().confirmed;
    if (end_.tick != 0) {
        if (!end_.own_hash && confirmed >= end_.tick) end_.own_hash = peer_->confirmed_hash(end_.tick);
        if (end_.own_hash) {
            send_bye(end_.tick, *end_.own_hash, end_.their_hash.has_value());
            if (end_.their_hash && (end_.they_have_ours || now_ - end_.theirs_at >= bye_linger)) {
                return state_ = remote_state::ended;
            }
        }
    }
    if (they_left_ && (confirmed >= they_left_->tick || now_ - they_left_->at >= bye_linger)) {
        return state_ = remote_state::ended;
    }
    if (now_ - last_heard_ > duration_of_seconds(remote_.peer_timeout_s)) return state_ = remote_state::silent;
    return state_;
}

void remote_game::leave() {
    if (state_ != remote_state::playing) return;
    const std::uint64_t tick = peer_->stats().confirmed;
    const std::uint64_t hash = peer_->confirmed_hash(tick).value_or(peer_->game().state_hash());
    for (int i = 0; i < leave_repeats; ++i) send_bye(tick, hash, false);
    we_left_ = departure{.tick = tick, .hash = hash, .at = now_};
    state_ = remote_state::ended;
}

int remote_game::finish(const launch_options& options) {
    if (state_ == remote_state::silent) {
        return fail(exit_peer_silent,
                    silent_line(remote_, "the other player at " + hs_.other.text() + " has sent nothing for " +
                                             seconds_text(remote_.peer_timeout_s) + " s (at tick " +
                                             std::to_string(peer_->tick()) + ")"));
    }
    // The tick both hashes are of: the game's last, or where a player left. A hash is 0 with its
    // flag false when unknown (optional<> here trips GCC's maybe-uninitialized at -O2).
    std::uint64_t tick = end_.tick;
    std::uint64_t own = end_.own_hash.value_or(0);
    std::uint64_t theirs = end_.their_hash.value_or(0);
    bool has_own = end_.own_hash.has_value();
    bool has_theirs = end_.their_hash.has_value();
    std::string ending = "last_tick";
    if (we_left_ && !end_.their_hash) {
        tick = we_left_->tick;
        own = we_left_->hash;
        has_own = true;
        has_theirs = false;
        ending = "you_left";
    } else if (they_left_ && !end_.their_hash) {
        tick = they_left_->tick;
        const std::optional<std::uint64_t> mine =
            peer_->confirmed_hash(tick);  // none: the leaver's last inputs never came
        has_own = mine.has_value();
        own = mine.value_or(0);
        theirs = they_left_->hash;
        has_theirs = true;
        ending = "other_left";
    }
    std::optional<std::uint64_t> desync;
    if (has_own && has_theirs && own != theirs) {
        // The exchanged blocks name the first tick that differs when it is in one of them.
        desync = peer_->stats().desync_tick.value_or(tick);
    }

    const peer_stats& s = peer_->stats();
    const udp_counters& c = link_->counters();
    json report = json::object();
    report["scene"] = hs_.game.scene;
    report["tick_rate"] = hs_.game.tick_rate_hz;
    report["network"] = std::string{to_string(hs_.game.mode)};
    report["remote"] = remote_.listening ? "listen" : "connect";
    report["peer_id"] = id_;
    report["other_address"] = hs_.other.text();
    report["ending"] = ending;
    report["frames"] = frames_;
    report["ticks"] = tick;
    report["real_time_s"] = ticklab::to_seconds(now_);
    report["network_tick"] = tick;
    report["state_hash"] = has_own ? json(hex64(own)) : json(nullptr);
    json hashes = json::array({nullptr, nullptr});
    if (has_own) hashes[id_] = hex64(own);
    if (has_theirs) hashes[1 - id_] = hex64(theirs);
    report["peer_state_hashes"] = hashes;
    report["desync_tick"] = desync ? json(*desync) : json(nullptr);
    report["hashes_compared"] = s.hashes_compared;
    report["rollback_ticks"] = s.rollback_ticks;
    report["stall_frames"] = s.stall_frames;
    report["input_lag_ms"] =
        s.input_lags == 0 ? json(nullptr)
                          : json(ticklab::to_milliseconds(s.input_lag_total) / static_cast<double>(s.input_lags));
    report["datagrams_sent"] = c.sent;
    report["datagrams_received"] = c.received + waiting_.received;
    report["messages_received"] = c.messages;
    report["messages_lost"] = c.shaped_lost;  // by --loss on this side's sending
    report["datagrams_dropped"] = c.dropped() + waiting_.dropped;
    report["dropped_by_reason"] = json{{"from_stranger", c.from_stranger}, {"malformed", c.malformed},
                                       {"other_game", c.other_game},       {"wrong_sender", c.wrong_sender},
                                       {"unbelievable", c.unbelievable},   {"before_handshake", waiting_.dropped}};
    report["send_failed"] = c.send_failed;
    if (!options.report_path.empty()) {
        const std::string text = report.dump() + "\n";
        if (options.report_path == "-") {
            std::fwrite(text.data(), 1, text.size(), stdout);
        } else if (std::string e = write_text_atomically(options.report_path, text); !e.empty()) {
            return fail(exit_write_failed, "report: " + e);
        }
    }
    if (options.report_path != "-") {
        const std::string how = ending == "you_left"     ? "you left at tick " + std::to_string(tick)
                                : ending == "other_left" ? "the other player left at tick " + std::to_string(tick)
                                                         : std::to_string(tick) + " ticks";
        std::printf("ticklab: remote %s: player %u, %s, state_hash %s, the other's %s, %" PRIu64 " datagrams dropped\n",
                    hs_.game.scene.c_str(), id_ + 1, how.c_str(), has_own ? hex64(own).c_str() : "unknown",
                    has_theirs ? hex64(theirs).c_str() : "unknown", report["datagrams_dropped"].get<std::uint64_t>());
    }
    if (desync) {
        return fail(exit_desync, "desync: the two players' states differ from tick " + std::to_string(*desync));
    }
    return exit_ok;
}

}  // namespace ticklab::game

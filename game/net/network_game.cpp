#include "net/network_game.hpp"

#include "scenes/scene_registry.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace ticklab::game {

namespace {

const scene_entry& scene_named(const std::string& name) {
    const scene_entry* entry = find_scene(name);
    if (entry == nullptr) throw std::invalid_argument("scene '" + name + "' is not known");
    return *entry;
}

input_function bot_or(input_function given, std::uint64_t seed, std::uint32_t player) {
    if (given) return given;
    return [bot = input_bot{seed, player}](std::uint64_t tick) { return bot.input_for(tick); };
}

network_game_config checked(const network_game_config& config) {
    if (const std::string error = check_network_settings(config.network); !error.empty()) {
        throw std::invalid_argument(error);
    }
    return config;
}

}  // namespace

network_game::network_game(const network_game_config& config, input_function player0, input_function player1)
    : config_{checked(config)}, network_{config.options.seed, config.network.link} {
    const scene_entry& entry = scene_named(config_.scene);
    if (config_.network.bots) player0 = {};
    std::array<input_function, 2> inputs{bot_or(std::move(player0), config_.options.seed, 0),
                                         bot_or(std::move(player1), config_.options.seed, 1)};
    for (std::uint32_t id = 0; id < 2; ++id) {
        const peer_config pc{.id = id,
                             .mode = config_.network.mode,
                             .input_delay = config_.network.input_delay,
                             .tick_rate_hz = config_.tick_rate_hz,
                             .max_loops = config_.max_loops,
                             .drops_time = id == 1 && config_.network.peer_drops,
                             .max_prediction = config_.network.max_prediction,
                             .clock_ppm = id == 1 ? config_.network.peer_clock_ppm : 0.0,
                             .time_sync = config_.network.time_sync,
                             .reads = input_mask::of(entry)};
        peers_[id] = std::make_unique<peer>(pc, entry, config_.options, watched(std::move(inputs[id]), id));
        peers_[id]->on_remote_seen = [this, id](std::uint64_t tick, ticklab::nanoseconds at) { seen(id, tick, at); };
    }
    peer_frame_ = ticklab::nanoseconds{std::llround(config_.network.peer_frame_ms * 1e6)};
}

input_function network_game::watched(input_function input, std::uint32_t player) {
    // What a player does that the other peer cannot guess (a press, a release, a click: an input
    // unlike the prediction from the one before) is where the lag the other player sees starts.
    return [this, player, input = std::move(input)](std::uint64_t tick) {
        tick_input in = input(tick);
        if (!same_for(in, predict_from(last_input_[player]), peers_[player]->config().reads))
            changes_[player].emplace_back(tick, frame_now_[player]);
        last_input_[player] = in;
        return in;
    };
}

void network_game::seen(std::uint32_t viewer, std::uint64_t tick, ticklab::nanoseconds at) {
    const std::uint32_t player = 1 - viewer;
    auto& changes = changes_[player];
    while (!changes.empty() && changes.front().first < tick) changes.pop_front();
    if (changes.empty() || changes.front().first != tick) return;
    peers_[player]->count_input_lag(at - changes.front().second);
    changes.pop_front();
}

bool network_game::frozen(std::size_t peer, ticklab::nanoseconds since_start) const noexcept {
    if (peer != 1 || config_.network.peer_hitch_ms <= 0.0 || since_start < hitch_period) return false;
    const ticklab::nanoseconds hitch{std::llround(config_.network.peer_hitch_ms * 1e6)};
    return since_start % hitch_period < hitch;
}

void network_game::frame(ticklab::nanoseconds now) {
    if (!start_) start_ = now;
    const ticklab::nanoseconds since_start = now - *start_;
    since_start_ = since_start;
    if (peer_frame_ <= ticklab::nanoseconds{0}) {
        frame_of(since_start, {true, !frozen(1, since_start)});
        return;
    }
    // The second peer's own frames before this one run on their own; one at this instant runs with it.
    while (next_peer_frame_ < since_start) {
        if (!frozen(1, next_peer_frame_)) frame_of(next_peer_frame_, {false, true});
        next_peer_frame_ += peer_frame_;
    }
    const bool both = next_peer_frame_ == since_start && !frozen(1, since_start);
    if (next_peer_frame_ == since_start) next_peer_frame_ += peer_frame_;
    frame_of(since_start, {true, both});
}

void network_game::frame_of(ticklab::nanoseconds since_start, std::array<bool, 2> in) {
    // Enough rounds for a message per tick at the highest tick rate; a link slower than a frame
    // ends after the first.
    constexpr int max_rounds = 1000;
    for (std::size_t i = 0; i < 2; ++i) {
        if (!in[i]) continue;
        frame_now_[i] = since_start;
        peers_[i]->begin_frame(since_start);
    }
    for (int round = 0; round < max_rounds; ++round) {
        bool heard = false;
        for (std::size_t i = 0; i < 2; ++i) {
            if (in[i]) heard = peers_[i]->receive(network_) > 0 || heard;
        }
        if (round > 0 && !heard) break;
        std::array<std::uint64_t, 2> ran{};
        for (std::size_t i = 0; i < 2; ++i) {
            if (in[i]) ran[i] = peers_[i]->run();
        }
        for (std::size_t i = 0; i < 2; ++i) {
            if (in[i] && (round == 0 || ran[i] > 0)) peers_[i]->send(network_);
        }
        if (round > 0 && ran[0] + ran[1] == 0) break;
    }
    for (std::size_t i = 0; i < 2; ++i) {
        if (in[i]) peers_[i]->end_frame();
    }
}

std::optional<std::uint64_t> network_game::desync_tick() const {
    std::optional<std::uint64_t> first;
    for (const auto& p : peers_) {
        if (const auto tick = p->stats().desync_tick; tick && (!first || *tick < *first)) first = tick;
    }
    return first;
}

std::uint64_t network_game::common_tick() const {
    return std::min(peers_[0]->stats().confirmed, peers_[1]->stats().confirmed);
}

}  // namespace ticklab::game

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
    std::array<input_function, 2> inputs{bot_or(std::move(player0), config_.options.seed, 0),
                                         bot_or(std::move(player1), config_.options.seed, 1)};
    for (std::uint32_t id = 0; id < 2; ++id) {
        const peer_config pc{.id = id,
                             .mode = config_.network.mode,
                             .input_delay = config_.network.input_delay,
                             .tick_rate_hz = config_.tick_rate_hz,
                             .max_loops = config_.max_loops,
                             .drops_time = id == 1 && config_.network.peer_drops};
        peers_[id] = std::make_unique<peer>(pc, entry, config_.options, std::move(inputs[id]));
    }
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
    for (std::size_t i = 0; i < peers_.size(); ++i) {
        if (!frozen(i, since_start)) peers_[i]->frame(since_start, network_);
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

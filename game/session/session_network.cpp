// The session's network game: two peers instead of the session's own loop (session.hpp).
#include "session/session.hpp"

#include <stdexcept>
#include <string>

namespace ticklab::game {

void session::start_network(const network_settings& network) {
    if (const std::string error = check_network_settings(network); !error.empty()) throw std::invalid_argument(error);
    if (replay_.recording || replay_.replaying() || replay_.pending != replay_status::waiting::none) {
        throw std::invalid_argument("a network game cannot start during a recording or a replay");
    }
    network_settings_ = network;
    restart_network();
}

void session::stop_network() {
    network_.reset();
    network_settings_.reset();
}

void session::restart_network() {
    sim_.keep_choices();
    network_game_config config;
    config.scene = std::string{sim_.entry().name};
    config.options = sim_.options();
    config.options.players = 2;  // a ship, and pushes in a colour, for each player
    config.network = *network_settings_;
    config.tick_rate_hz = settings_.tick_rate_hz;
    config.max_loops = settings_.max_loops;
    // Peer 0 is the player at this screen: it takes the session's input, once per tick it samples.
    network_ = std::make_unique<network_game>(config, [this](std::uint64_t) { return input_.take_for_tick(); });
    network_strip_.clear();
    for (prediction_ghost& ghost : peer_ghosts_) ghost.clear();
}

const ticklab::frame_stats& session::advance_network() {
    settings_.single_step = false;
    comparison_.stop();  // no ghost of a network game
    const network_game_config& config = network_->config();
    if (config.tick_rate_hz != settings_.tick_rate_hz || config.max_loops != settings_.max_loops) restart_network();
    // The session's clock turns real time into the network game's time: paused, it stands still
    // for both peers and the messages between them; scaled, all of it runs faster or slower.
    ticklab::virtual_clock& clock = loop_.clock();
    ticklab::nanoseconds elapsed = clock.take_elapsed();
    if (clock.take_step_request()) elapsed = ticklab::tick_offset(1, settings_.tick_rate_hz);  // one tick's time
    network_time_ += elapsed;
    for (std::size_t i = 0; i < peer_ghosts_.size(); ++i) peer_ghosts_[i].before_frame(network_->peer_at(i));
    network_->frame(network_time_);
    network_strip_.set_frozen(figures_.timeline().frozen());
    for (std::size_t i = 0; i < peer_ghosts_.size(); ++i) {
        const bool ran = !network_->hitching(i);
        peer_ghosts_[i].after_frame(network_->peer_at(i), ran, network_time_);
        network_strip_.record(i, network_->peer_at(i), !ran, network_time_);
    }
    const std::uint64_t frame_index = network_frame_.frame_index + 1;
    network_frame_ = network_->peer_at(0).loop().stats();
    network_frame_.frame_index = frame_index;
    network_frame_.real = clock.last_frame_real_time();
    next_task_frame(network_frame_.frame_index);
    return network_frame_;
}

void session::draw_peer(std::size_t peer, draw_list& out) const {
    if (!network_) return;
    const class peer& p = network_->peer_at(peer);
    p.game().sim().draw(out, draw_alpha(settings_.strategy.smoothing_mode, p.loop()));
    const prediction_ghost& ghost = peer_ghosts_.at(peer);
    const scene* predicted = ghost.predicted(network_time_);
    const scene* corrected = ghost.corrected(network_time_);
    if (predicted != nullptr && corrected != nullptr)
        corrected->draw_ghost(out, *predicted, ghost.opacity(network_time_));
}

std::uint64_t session::ticks() const {
    return network_ ? network_->common_tick() : loop_.ticks();
}

std::uint64_t session::state_hash() const {
    if (!network_) return sim_.state_hash();
    const class peer& p = network_->peer_at(0);
    return p.confirmed_hash(network_->common_tick()).value_or(p.game().state_hash());
}

}  // namespace ticklab::game

#include "net/peer.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <stdexcept>
#include <string>

namespace ticklab::game {

namespace {

// How many confirmed hashes a peer keeps after it no longer needs them (for confirmed_hash()).
constexpr std::uint64_t kept_hashes = 600;

bool same_bits(float a, float b) noexcept {
    return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
}

}  // namespace

tick_input merge_inputs(const tick_input& player0, const tick_input& player1) {
    tick_input merged = player0;
    for (std::size_t a = 0; a < action_count; ++a) {
        merged.held[a] = merged.held[a] || player1.held[a];
        merged.pressed[a] = merged.pressed[a] || player1.pressed[a];
    }
    merged.held_by = {player0.held, player1.held};
    for (pointer_event& event : merged.pointer) event.player = 0;
    for (pointer_event event : player1.pointer) {
        event.player = 1;
        merged.pointer.push_back(event);
    }
    return merged;
}

bool same_input(const tick_input& a, const tick_input& b) noexcept {
    if (a.held != b.held || a.pressed != b.pressed || a.pointer.size() != b.pointer.size()) return false;
    for (std::size_t i = 0; i < a.pointer.size(); ++i) {
        const pointer_event& p = a.pointer[i];
        const pointer_event& q = b.pointer[i];
        if (p.type != q.type || !same_bits(p.position.x, q.position.x) || !same_bits(p.position.y, q.position.y) ||
            !same_bits(p.velocity.x, q.velocity.x) || !same_bits(p.velocity.y, q.velocity.y)) {
            return false;
        }
    }
    return true;
}

bool same_for(const tick_input& a, const tick_input& b, const input_mask& reads) noexcept {
    for (std::size_t i = 0; i < action_count; ++i) {
        if (reads.held[i] && a.held[i] != b.held[i]) return false;
        if (reads.pressed[i] && a.pressed[i] != b.pressed[i]) return false;
    }
    if (!reads.pointer) return true;
    tick_input pa;
    tick_input pb;
    pa.pointer = a.pointer;
    pb.pointer = b.pointer;
    return same_input(pa, pb);
}

tick_input predict_from(const tick_input& last) {
    // A press or a click happens once: repeating it would spawn balls on every predicted tick.
    tick_input guess;
    guess.held = last.held;
    return guess;
}

peer::peer(const peer_config& config, const scene_entry& entry, const scene_options& options, input_function input)
    : config_{config},
      input_{std::move(input)},
      loop_{gate_, ticklab::loop_config{.tick_rate_hz = config.tick_rate_hz,
                                        .max_loops = config.max_loops,
                                        .catch_up_mode = config.drops_time ? ticklab::catch_up::drop_backlog
                                                                           : ticklab::catch_up::keep_debt}},
      game_{entry, options, config.tick_rate_hz} {
    if (config_.id > 1)
        throw std::invalid_argument("peer id " + std::to_string(config_.id) + " is not allowed: use 0 or 1");
    if (const std::string error = check_input_delay(config_.input_delay, config_.mode); !error.empty()) {
        throw std::invalid_argument(error);
    }
    if (!input_) throw std::invalid_argument("peer: no input function");
    if (config_.max_prediction == 0)
        config_.max_prediction = std::max<std::uint32_t>(1, (config_.tick_rate_hz + 1) / 2);
    // Ticks 1 .. input_delay have no sampled input on any peer: both sides know they are empty.
    for (std::uint32_t t = 1; t <= config_.input_delay; ++t) {
        local_.push({});
        remote_.push({});
    }
    local_acked_ = config_.input_delay;
    stats_.remote_held = remote_.last();
    if (config_.mode == net_mode::rollback) {
        ring_.resize(config_.max_prediction + 1);
        game_.save(saved(0).state);
    }
}

std::uint64_t peer::owed_ticks() const noexcept {
    return static_cast<std::uint64_t>(loop_.stats().debt.count() /
                                      ticklab::tick_offset(1, config_.tick_rate_hz).count());
}

std::optional<std::uint64_t> peer::confirmed_hash(std::uint64_t tick) const {
    if (!own_hashes_.holds(tick)) return std::nullopt;
    return own_hashes_.at(tick);
}

std::optional<peer::block_hash> peer::last_block_hash() const {
    const std::uint64_t tick = stats_.confirmed / hash_block_ticks * hash_block_ticks;
    const auto hash = confirmed_hash(tick);
    if (tick == 0 || !hash) return std::nullopt;
    return block_hash{tick, *hash};
}

void peer::frame(ticklab::nanoseconds now, message_link& network) {
    begin_frame(now);
    receive(network);
    run();
    send(network);
    end_frame();
}

ticklab::nanoseconds peer::local_time(ticklab::nanoseconds real) const noexcept {
    if (config_.clock_ppm == 0.0) return real;
    return real + ticklab::nanoseconds{std::llround(static_cast<double>(real.count()) * config_.clock_ppm * 1e-6)};
}

void peer::begin_frame(ticklab::nanoseconds now) {
    now_ = now;
    local_now_ = local_time(now);
    // Time a frame could not give the loop is not owed to the next one: that was waiting.
    pending_ = last_frame_ ? std::max(local_now_ - *last_frame_, ticklab::nanoseconds{0}) : ticklab::nanoseconds{0};
    last_frame_ = local_now_;
    frame_ticks_ = 0;
    advanced_ = false;
    stats_.rollback_this_frame = 0;
    stats_.waiting = false;
    if (config_.time_sync && stats_.frames_ahead > 0.0) {
        // Slower by 4% of real time per tick ahead, at most a fifth: enough to take back a fast
        // clock's drift, gentle enough that a player does not feel it.
        const double share = std::min(0.2, 0.04 * stats_.frames_ahead);
        const ticklab::nanoseconds held{std::llround(static_cast<double>(pending_.count()) * share)};
        pending_ -= held;
        stats_.sync_held += held;
    }
}

std::size_t peer::receive(message_link& network) {
    network.receive(config_.id, now_, inbox_);
    for (const net_message& message : inbox_) take(message);
    return inbox_.size();
}

std::uint64_t peer::run() {
    const std::uint64_t before = highest_run_;
    if (config_.mode == net_mode::rollback) {
        correct_predictions();
        confirm();
    }
    const bool more_time = hold_back() > ticklab::nanoseconds{0};
    // A frame's first run always advances the loop (its figures are the frame's); a later one only
    // with time it could not give before.
    if ((!advanced_ || more_time) && frame_ticks_ < config_.max_loops) {
        advanced_ = true;
        // MAX_LOOPS holds for the whole frame, however many times it runs.
        loop_.set_max_loops(config_.max_loops - frame_ticks_);
        loop_.advance(*this);
        loop_.set_max_loops(config_.max_loops);
        frame_ticks_ += loop_.stats().ticks;
        skip_dropped_ticks();
    }
    if (config_.mode == net_mode::rollback) confirm();
    compare_hashes();
    forget_old();
    return highest_run_ - before;
}

void peer::end_frame() {
    stats_.waiting = pending_ > ticklab::nanoseconds{0};
    if (stats_.waiting) ++stats_.stall_frames;
    estimate_frames_ahead();
}

void peer::count_input_lag(ticklab::nanoseconds lag) {
    stats_.input_lag = lag;
    stats_.input_lag_total += lag;
    ++stats_.input_lags;
}

void peer::estimate_frames_ahead() {
    if (remote_sent_at_ < 0) return;
    const double tick_ns = 1e9 / config_.tick_rate_hz;
    // The other's tick now: what it said, plus the ticks it has run since it said it.
    const double since = static_cast<double>((local_now_ - heard_at_ + stats_.round_trip / 2).count());
    const double remote_now = static_cast<double>(remote_tick_at_) + since / tick_ns;
    const double local_ahead = static_cast<double>(game_.tick()) - remote_now;
    // Both peers' estimates, halved (GGPO): one peer's error in the round trip counts half.
    const double ahead = (local_ahead - remote_ahead_) / 2.0;
    stats_.frames_ahead += (ahead - stats_.frames_ahead) / 16.0;
    local_ahead_ = local_ahead;
}

void peer::take(const net_message& message) {
    for (std::size_t i = 0; i < message.inputs.size(); ++i) {
        if (message.first_input + i == remote_.last() + 1) remote_.push(message.inputs[i]);
    }
    for (std::size_t i = 0; i < message.hashes.size(); ++i) {
        if (message.first_hash + i == remote_hashes_.last() + 1) remote_hashes_.push(message.hashes[i]);
    }
    local_acked_ = std::max(local_acked_, message.input_ack);
    hashes_acked_ = std::max(hashes_acked_, message.hash_ack);
    stats_.remote_tick = std::max(stats_.remote_tick, message.tick);
    stats_.remote_held = remote_.last();
    if (message.sent_at > remote_sent_at_) {
        remote_sent_at_ = message.sent_at;
        heard_at_ = local_now_;
        remote_tick_at_ = message.tick;
        remote_ahead_ = message.frames_ahead;
        // The echo is one of our own send times, so it and the time it was held must fit between 0 and
        // now; anything else is not believed (a hostile datagram could make the sum overflow).
        const std::int64_t now_ns = local_now_.count();
        if (message.echo >= 0 && message.echo <= now_ns && message.echo_held >= 0 &&
            message.echo_held <= now_ns - message.echo) {
            const ticklab::nanoseconds rtt =
                std::max(local_now_ - ticklab::nanoseconds{message.echo + message.echo_held}, ticklab::nanoseconds{0});
            stats_.round_trip = rtt_known_ ? stats_.round_trip + (rtt - stats_.round_trip) / 8 : rtt;
            rtt_known_ = true;
        }
    }
}

ticklab::nanoseconds peer::hold_back() {
    // The first tick this peer may not run before it hears more from the other: the loop's time
    // may run up to just before it is due, so no time that could go to a tick is thrown away.
    const std::uint64_t barred =
        (config_.mode == net_mode::lockstep ? remote_.last() : stats_.confirmed + config_.max_prediction) + 1;
    const ticklab::nanoseconds due =
        ticklab::tick_offset(barred - skipped_, config_.tick_rate_hz) - ticklab::nanoseconds{1};
    const ticklab::nanoseconds room =
        std::max(due - (loop_.virtual_now() + loop_.stats().debt), ticklab::nanoseconds{0});
    const ticklab::nanoseconds given = std::min(pending_, room);
    gate_.advance(given);
    pending_ -= given;
    return given;
}

void peer::tick(const ticklab::tick_info& info) {
    const std::uint64_t k = info.index + skipped_;
    sample_local(k + config_.input_delay);
    simulate(k);
}

void peer::sample_local(std::uint64_t tick) {
    if (tick != local_.last() + 1)
        throw std::logic_error("peer sampled tick " + std::to_string(tick) + " out of order");
    local_.push(input_(tick));
    sampled_at_.emplace_back(tick, now_);
}

tick_input peer::remote_for(std::uint64_t tick) const {
    if (tick <= remote_.last()) return remote_.at(tick);
    if (config_.mode == net_mode::lockstep) {
        throw std::logic_error("lockstep peer started tick " + std::to_string(tick) + " without the other's input");
    }
    return remote_.last() >= remote_.first() ? predict_from(remote_.at(remote_.last())) : tick_input{};
}

tick_input peer::merged(std::uint64_t tick, const tick_input& remote) const {
    const tick_input& local = local_.at(tick);
    return config_.id == 0 ? merge_inputs(local, remote) : merge_inputs(remote, local);
}

void peer::simulate(std::uint64_t tick) {
    tick_input remote = remote_for(tick);
    game_.run_tick(merged(tick, remote));
    note_first_run(tick, true);
    if (config_.mode == net_mode::lockstep) {
        if (on_remote_seen) on_remote_seen(tick, now_);
        confirm_through(tick);
        return;
    }
    saved_tick& slot = saved(tick);
    game_.save(slot.state);
    slot.used_remote = std::move(remote);
    slot.skipped = false;
    slot.ran_at = now_;
}

void peer::skip(std::uint64_t tick) {
    game_.skip_tick();
    note_first_run(tick, false);
    if (config_.mode == net_mode::lockstep) {
        confirm_through(tick);
        return;
    }
    saved_tick& slot = saved(tick);
    game_.save(slot.state);
    slot.used_remote = {};
    slot.skipped = true;
}

void peer::skip_dropped_ticks() {
    const ticklab::nanoseconds dropped = loop_.stats().dropped;
    if (!config_.drops_time || dropped <= ticklab::nanoseconds{0}) return;
    // drop_backlog keeps the phase within the current tick, so it drops whole ticks of this length.
    const ticklab::nanoseconds length = loop_.next_tick_time() - loop_.last_tick_time();
    const auto count = static_cast<std::uint64_t>(dropped / length);
    for (std::uint64_t i = 0; i < count; ++i) {
        const std::uint64_t k = game_.tick() + 1;
        sample_local(k + config_.input_delay);  // the other peer still needs this player's input
        skip(k);
        ++skipped_;
    }
    stats_.skipped_ticks += count;
}

void peer::note_first_run(std::uint64_t tick, bool applied) {
    if (tick <= highest_run_) return;  // a re-simulation
    highest_run_ = tick;
    while (!sampled_at_.empty() && sampled_at_.front().first <= tick) {
        if (applied && sampled_at_.front().first == tick) {
            stats_.local_lag_total += now_ - sampled_at_.front().second;
            ++stats_.local_lags;
        }
        sampled_at_.pop_front();
    }
}

void peer::correct_predictions() {
    const std::uint64_t now = game_.tick();
    const std::uint64_t held = std::min(now, remote_.last());
    std::uint64_t first_wrong = 0;
    for (std::uint64_t t = stats_.confirmed + 1; t <= held; ++t) {
        const saved_tick& slot = saved(t);
        if (!slot.skipped && !same_for(slot.used_remote, remote_.at(t), config_.reads)) {
            first_wrong = t;
            break;
        }
    }
    if (first_wrong == 0) return;
    game_.restore(saved(first_wrong - 1).state);
    for (std::uint64_t t = first_wrong; t <= now; ++t) {
        if (saved(t).skipped) {
            skip(t);
        } else {
            simulate(t);
        }
    }
    const auto count = static_cast<std::uint32_t>(now - first_wrong + 1);
    stats_.rollback_this_frame += count;
    stats_.rollback_ticks += count;
    stats_.max_rollback = std::max(stats_.max_rollback, stats_.rollback_this_frame);
    ++stats_.rollbacks;
}

void peer::confirm() {
    confirm_through(std::min(game_.tick(), remote_.last()));
}

void peer::confirm_through(std::uint64_t tick) {
    for (std::uint64_t t = stats_.confirmed + 1; t <= tick; ++t) {
        const std::uint64_t hash =
            config_.mode == net_mode::lockstep ? game_.state_hash() : saved(t).state.scene->state_hash();
        own_hashes_.push(hash);
        if (config_.mode == net_mode::rollback && on_remote_seen && !saved(t).skipped)
            on_remote_seen(t, saved(t).ran_at);
        if (on_confirmed) on_confirmed(t, hash);
        stats_.confirmed = t;
    }
}

void peer::compare_hashes() {
    const std::uint64_t both = std::min(own_hashes_.last(), remote_hashes_.last());
    for (std::uint64_t t = compared_ + 1; t <= both; ++t) {
        if (!stats_.desync_tick && own_hashes_.at(t) != remote_hashes_.at(t)) stats_.desync_tick = t;
        compared_ = t;
        ++stats_.hashes_compared;
    }
}

void peer::forget_old() {
    local_.drop_before(std::min(local_acked_, stats_.confirmed) + 1);
    remote_.drop_before(stats_.confirmed);
    const std::uint64_t last = own_hashes_.last();
    const std::uint64_t history = last > kept_hashes ? last - kept_hashes : 0;
    own_hashes_.drop_before(std::min({compared_, hashes_acked_, history}) + 1);
    remote_hashes_.drop_before(compared_ + 1);
}

void peer::send(message_link& network) {
    net_message message;
    message.tick = game_.tick();
    message.first_input = local_acked_ + 1;
    for (std::uint64_t t = local_acked_ + 1; t <= local_.last(); ++t) message.inputs.push_back(local_.at(t));
    message.input_ack = remote_.last();
    const std::uint64_t whole_blocks = own_hashes_.last() / hash_block_ticks * hash_block_ticks;
    message.first_hash = hashes_acked_ + 1;
    for (std::uint64_t t = hashes_acked_ + 1; t <= whole_blocks; ++t) message.hashes.push_back(own_hashes_.at(t));
    message.hash_ack = remote_hashes_.last();
    message.sent_at = local_now_.count();
    if (remote_sent_at_ >= 0) {
        message.echo = remote_sent_at_;
        message.echo_held = (local_now_ - heard_at_).count();
    }
    message.frames_ahead = local_ahead_;
    network.send(config_.id, now_, std::move(message));
}

}  // namespace ticklab::game

#include "net/replica.hpp"

#include <ticklab/fixed_loop.hpp>

#include <stdexcept>

namespace ticklab::game {

namespace {

std::uint32_t checked_tick_rate(std::uint32_t hz) {
    if (const std::string error = ticklab::check_tick_rate(hz); !error.empty()) throw std::invalid_argument(error);
    return hz;
}

}  // namespace

replica::replica(const scene_entry& entry, const scene_options& options, std::uint32_t tick_rate_hz)
    : hz_{checked_tick_rate(tick_rate_hz)}, sim_{entry, options} {}

replica::~replica() = default;

ticklab::nanoseconds replica::virtual_time() const noexcept {
    return ticklab::tick_offset(tick_ - skipped_, hz_);
}

void replica::run_tick(const tick_input& input) {
    ++tick_;
    sim_.advance_to(virtual_time());
    sim_.tick(input, 1.0 / hz_, tick_ - skipped_);
}

void replica::skip_tick() {
    ++tick_;
    ++skipped_;
}

void replica::save(replica_state& into) const {
    sim_.save(into.scene);
    into.tick = tick_;
    into.skipped = skipped_;
}

void replica::restore(const replica_state& from) {
    if (!from.scene) throw std::invalid_argument("replica::restore: the state was never saved");
    sim_.restore(*from.scene, ticklab::tick_offset(from.tick - from.skipped, hz_));
    tick_ = from.tick;
    skipped_ = from.skipped;
}

}  // namespace ticklab::game

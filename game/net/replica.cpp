#include "net/replica.hpp"

#include <ticklab/fixed_loop.hpp>

#include <stdexcept>

namespace ticklab::game {

replica::replica(const scene_entry& entry, const scene_options& options, std::uint32_t tick_rate_hz)
    : entry_{&entry}, hz_{tick_rate_hz} {
    if (const std::string error = ticklab::check_tick_rate(tick_rate_hz); !error.empty()) {
        throw std::invalid_argument(error);
    }
    scene_ = entry.create(options);
    start_timed_work();
}

replica::~replica() = default;

ticklab::nanoseconds replica::virtual_time() const noexcept {
    return ticklab::tick_offset(tick_ - skipped_, hz_);
}

void replica::start_timed_work() {
    work_.reset();  // the old scripts end before new ones start on the same scene
    work_ = std::make_unique<timed_work>();
    work_->tasks.advance_to(virtual_time());
    scene_->start_scripts(work_->services);
}

void replica::run_tick(const tick_input& input) {
    ++tick_;
    work_->tasks.advance_to(virtual_time());
    scene_->tick(input, 1.0 / hz_);
    work_->tasks.on_tick(tick_ - skipped_);
}

void replica::skip_tick() {
    ++tick_;
    ++skipped_;
}

void replica::save(replica_state& into) const {
    scene_->save(into.scene);
    into.tick = tick_;
    into.skipped = skipped_;
}

void replica::restore(const replica_state& from) {
    if (!from.scene) throw std::invalid_argument("replica::restore: the state was never saved");
    scene_->restore(*from.scene);
    tick_ = from.tick;
    skipped_ = from.skipped;
    start_timed_work();
}

}  // namespace ticklab::game

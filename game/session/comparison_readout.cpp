#include "session/comparison_readout.hpp"

#include "session/session.hpp"

namespace ticklab::game {

namespace {

bool same_strategy(const loop_settings& main) {
    const loop_settings ghost = ghost_settings(main);
    const loop_strategy& a = main.strategy;
    const loop_strategy& b = ghost.strategy;
    return ghost.tick_rate_hz == main.tick_rate_hz && a.step_mode == b.step_mode &&
           a.catch_up_mode == b.catch_up_mode && a.smoothing_mode == b.smoothing_mode && a.scaling == b.scaling;
}

}  // namespace

comparison_reading read_comparison(const session& main) {
    comparison_reading r;
    r.main_hash = main.state_hash();
    r.main_ticks = main.loop().ticks();
    const ghost_run* ghost = main.ghost();
    if (ghost == nullptr) return r;
    r.has_ghost = true;
    r.ghost_hash = ghost->state_hash();
    r.start_tick = main.ghost_start_tick();
    r.main_ticks_since = r.main_ticks - r.start_tick;
    r.ghost_ticks = ghost->loop().ticks();
    r.same_strategy = same_strategy(main.settings());
    r.verdict = r.main_hash == r.ghost_hash ? ghost_verdict::agree : ghost_verdict::differ;
    return r;
}

const comparison_reading& comparison_readout::read(const session& main, std::uint64_t now_ms) {
    // The unsigned difference of a clock that went backwards wraps to a huge one: it reads again.
    const bool due =
        !valid_ || now_ms - taken_ms_ >= interval_ms_ || main.ghost() != ghost_ || main.scene_starts() != scene_starts_;
    if (due) {
        last_ = read_comparison(main);
        taken_ms_ = now_ms;
        scene_starts_ = main.scene_starts();
        ghost_ = main.ghost();
        valid_ = true;
    }
    return last_;
}

}  // namespace ticklab::game

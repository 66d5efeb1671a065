#pragma once
// The comparison's ghost (session/comparison.hpp): a fixed loop and a simulation of main's scene,
// nothing else. It reads the real time main's clock read (main_clock_time), takes a copy of main's
// input each frame and runs main's settings with the ghost's strategy (ghost_settings).
//
// Usage (comparison.cpp only):
//   ghost_run ghost{source, main_sim.entry(), main_sim.options(), ghost_settings(main.settings())};
//   ghost.run_frame(ghost_settings(main.settings()), main_input);   // after main's frame
//   ghost.draw(out);
//
// It spends none of the modelled tick and frame load: that load stands for main's machine, and the
// ghost is a view beside it (its ticks, hashes and pictures never depended on it).

#include "sim/draw_list.hpp"
#include "sim/input_buffer.hpp"
#include "sim/loop_settings.hpp"
#include "sim/simulation.hpp"

#include <ticklab/fixed_loop.hpp>
#include <ticklab/time_source.hpp>

#include <cstdint>

namespace ticklab::game {

class ghost_run final : public ticklab::loop_client {
public:
    // `source` must outlive this; `settings` in range (main's, sanitised).
    ghost_run(const ticklab::time_source& source, const scene_entry& entry, const scene_options& options,
              const loop_settings& settings);

    // One frame with `settings` and `input` (main's buffer as it was before main's frame took it).
    void run_frame(const loop_settings& settings, const input_buffer& input);
    // Main's scene went back to its initial state: so does the ghost's, with the same choices.
    void reset();
    // As main draws itself: the ghost's smoothing on the ghost's loop.
    void draw(draw_list& out) const { sim_.draw_smoothed(out, settings_.strategy.smoothing_mode, loop_); }

    [[nodiscard]] const ticklab::fixed_loop& loop() const noexcept { return loop_; }
    [[nodiscard]] const simulation& sim() const noexcept { return sim_; }
    [[nodiscard]] const scene& current_scene() const noexcept { return sim_.current_scene(); }
    [[nodiscard]] std::uint64_t state_hash() const { return sim_.state_hash(); }

    // loop_client
    void advance_to(ticklab::nanoseconds virtual_time) override { sim_.advance_to(virtual_time); }
    void tick(const ticklab::tick_info& tick) override;

private:
    ticklab::fixed_loop loop_;
    simulation sim_;
    input_buffer input_;
    loop_settings settings_;
};

}  // namespace ticklab::game

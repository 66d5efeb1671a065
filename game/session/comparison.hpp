#pragma once
// The comparison view: a ghost simulation of the main session's scene, started from the same
// initial state, fed the same input and the same time source, but running another strategy.
//
// Usage: the session owns one and drives it; nothing else calls it. It knows main only by what it
// is handed (main's settings, input, loop and simulation), never the session itself.
//   comparison.advance(settings, input);                  // start of main's frame: main's input
//   if (comparison.on_tick(due, ticks)) main.reset();     // after each of main's ticks
//   comparison.after_frame(settings, loop, sim, input);   // end of main's frame: run or build the ghost
//   comparison.draw_ghost(out);                           // after main's shapes: the ghost's, translucent
//
// The ghost takes all of main's settings except the strategy and tick rate (ghost_settings).
// Starting is exact: main's scene is reset right after one of its ticks (so its scripts restart on
// a tick boundary), and the ghost's clock is shifted so that its virtual time 0 is that tick's due
// time. The ghost's frame runs after main's and reads the real time main's clock read (not the
// clock itself, which has moved on by main's frame and any load it spent), so with the same
// strategy both run the same ticks in the same frames, bit for bit. A reset of main resets the
// ghost too. Input reaches the ghost as a copy of main's input buffer taken before main advances,
// so both see the same held keys and the same new events in a frame.

#include "session/ghost_run.hpp"
#include "sim/draw_list.hpp"
#include "sim/input_buffer.hpp"
#include "sim/loop_settings.hpp"
#include "sim/simulation.hpp"

#include <ticklab/fixed_loop.hpp>
#include <ticklab/time_source.hpp>
#include <ticklab/virtual_clock.hpp>

#include <cstdint>
#include <memory>

namespace ticklab::game {

// Main's settings as the ghost runs them: the same, but for ghost_strategy and, when set,
// ghost_tick_rate_hz (pulled into the loop's range); never comparing itself.
[[nodiscard]] loop_settings ghost_settings(const loop_settings& main);

// Appends `ghost`'s shapes to `out`, faded towards white at `opacity` (0..255), so they read as a
// ghost over the main scene's shapes.
void append_ghost(draw_list& out, const draw_list& ghost, std::uint8_t opacity);

// The real time main's clock has seen, plus a shift that lines the ghost's clock up with main's
// tick phase. Read after main's frame, it is the reading main's frame ran on, however long that
// frame took.
class main_clock_time final : public ticklab::time_source {
public:
    explicit main_clock_time(const ticklab::virtual_clock& main) : main_{&main} {}
    [[nodiscard]] ticklab::nanoseconds now() const override { return main_->real_time() + shift_; }
    void set_shift(ticklab::nanoseconds shift) noexcept { shift_ = shift; }

private:
    const ticklab::virtual_clock* main_;
    ticklab::nanoseconds shift_{0};
};

class comparison {
public:
    // Strong enough to read on a projector: the ghost shows as a pale twin, not a smudge.
    static constexpr std::uint8_t ghost_opacity = 200;

    comparison();
    ~comparison();
    comparison(const comparison&) = delete;
    comparison& operator=(const comparison&) = delete;

    // `main` and `input` as main's frame begins, before main takes its input.
    void advance(const loop_settings& main, const input_buffer& input);
    // After main's tick `main_ticks` (due at `due`): true when main must reset its scene now, as
    // the ghost starts from this tick.
    [[nodiscard]] bool on_tick(ticklab::nanoseconds due, std::uint64_t main_ticks);
    // At the end of main's frame: `main_loop` and `main_sim` as it left them, `input` what its
    // ticks left in the buffer.
    void after_frame(const loop_settings& main, const ticklab::fixed_loop& main_loop, const simulation& main_sim,
                     const input_buffer& input);
    void on_reset();  // main's scene went back to its initial state
    void stop();      // no ghost until the next advance with settings.compare on

    [[nodiscard]] const ghost_run* ghost() const noexcept { return ghost_.get(); }
    // Main's tick count at the tick the ghost started on (main's scene was reset there): main's
    // ticks since then and the ghost's are the same count when both run the same tick rate.
    [[nodiscard]] std::uint64_t start_tick() const noexcept { return start_tick_; }
    // Asked for, waiting for main's next tick (never, while main is paused and not stepped).
    [[nodiscard]] bool waiting() const noexcept { return start_ != start_state::none; }
    void draw_ghost(draw_list& out) const;

private:
    enum class start_state : std::uint8_t { none, requested, reset_done };
    start_state start_ = start_state::none;
    ticklab::nanoseconds start_due_{0};        // main's virtual time at which the ghost's begins
    std::uint64_t start_tick_ = 0;             // see start_tick()
    bool step_ = false;                        // main's single-step request of this frame
    bool frame_due_ = false;                   // advance() ran: after_frame runs the ghost's frame
    input_buffer input_;                       // main's, taken in advance()
    std::unique_ptr<main_clock_time> source_;  // outlives ghost_ (declared first)
    std::unique_ptr<ghost_run> ghost_;
    // The ghost's shapes before fading; kept so drawing allocates nothing once warm.
    mutable draw_list scratch_;
};

}  // namespace ticklab::game

#pragma once
// Carries input from frames (where events arrive) to ticks (where the simulation reads it).
//
// Usage: the front end calls press/release/pointer as SDL events arrive; the session calls
// take_for_tick() once per tick. Rules: every press reaches exactly one tick as `pressed`; a key
// pressed and released between two ticks is still `held` for that tick; a frame that runs no tick
// loses nothing (the events wait for the next tick); a frame that runs several ticks does not
// repeat a press (only the first of them sees it), while a key still down is `held` in all of them.

#include "sim/tick_input.hpp"

namespace ticklab::game {

class input_buffer {
public:
    void press(action a);
    void release(action a);
    void pointer(const pointer_event& event);
    // Releases everything (focus lost): no stuck thrust.
    void release_all();

    [[nodiscard]] tick_input take_for_tick();

private:
    std::array<bool, action_count> down_{};        // current physical state
    std::array<bool, action_count> down_since_{};  // went down at some point since the last take
    std::array<bool, action_count> pressed_since_{};
    std::vector<pointer_event> pointer_;
};

}  // namespace ticklab::game

#include "sim/input_buffer.hpp"

#include <utility>

namespace ticklab::game {

namespace {

std::size_t index_of(action a) {
    return static_cast<std::size_t>(a);
}

}  // namespace

void input_buffer::press(action a) {
    const std::size_t i = index_of(a);
    if (i >= action_count) return;
    // A press while already down is key repeat, not a new press: it must not re-trigger `pressed`.
    if (down_[i]) return;
    down_[i] = true;
    down_since_[i] = true;
    pressed_since_[i] = true;
}

void input_buffer::release(action a) {
    const std::size_t i = index_of(a);
    if (i >= action_count) return;
    down_[i] = false;
}

void input_buffer::pointer(const pointer_event& event) {
    pointer_.push_back(event);
}

void input_buffer::release_all() {
    // Presses already made still reach their tick (as a press and release would); only the
    // physical state is cleared, so nothing stays held after the focus is gone.
    down_.fill(false);
}

tick_input input_buffer::take_for_tick() {
    tick_input input;
    // Held if down now, or went down since the last take (a press and release between two ticks).
    // A key released before this take is not held: a release reaches the very next tick.
    for (std::size_t i = 0; i < action_count; ++i) input.held[i] = down_[i] || down_since_[i];
    input.pressed = pressed_since_;
    input.pointer = std::move(pointer_);
    pointer_.clear();
    down_since_.fill(false);
    pressed_since_.fill(false);
    return input;
}

}  // namespace ticklab::game

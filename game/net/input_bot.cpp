#include "net/input_bot.hpp"

#include "sim/random.hpp"

namespace ticklab::game {

namespace {

// World size of the balls' box (pointer events are in world units); the lander ignores the pointer.
constexpr double box_width = 160.0;
constexpr double box_height = 90.0;

}  // namespace

std::uint64_t input_bot::draw(std::uint64_t what, std::uint64_t index) const noexcept {
    // Distinct odd multipliers keep (seed, player, what, index) from colliding; SplitMix mixes the rest.
    random_source mix{seed_ * 0x9e3779b97f4a7c15ULL ^ (player_ + 1) * 0xc2b2ae3d27d4eb4fULL ^
                      what * 0x165667b19e3779f9ULL ^ index * 0xd6e8feb86659fd93ULL};
    return mix.next();
}

std::array<bool, action_count> input_bot::held_at(std::uint64_t tick) const noexcept {
    std::array<bool, action_count> held{};
    if (tick == 0) return held;
    const std::uint64_t r = draw(1, tick / hold_ticks);
    held[static_cast<std::size_t>(action::thrust)] = r % 100 < 40;
    const std::uint64_t turn = (r >> 8) % 4;  // none, left, right, none
    held[static_cast<std::size_t>(action::rotate_left)] = turn == 1;
    held[static_cast<std::size_t>(action::rotate_right)] = turn == 2;
    return held;
}

tick_input input_bot::input_for(std::uint64_t tick) const {
    tick_input input;
    input.held = held_at(tick);
    const auto before = held_at(tick - 1);
    for (std::size_t a = 0; a < action_count; ++a) input.pressed[a] = input.held[a] && !before[a];
    const std::uint64_t r = draw(2, tick);
    random_source place{r};
    const auto number = [&place](double low, double high) { return static_cast<float>(place.uniform(low, high)); };
    if (r % 90 == 0) {
        input.pointer.push_back({.type = pointer_event::kind::drag,
                                 .position = {number(0.0, box_width), number(0.0, box_height)},
                                 .velocity = {number(-80.0, 80.0), number(-80.0, 80.0)}});
    } else if (r % 1201 == 0) {
        input.pointer.push_back({.type = pointer_event::kind::click,
                                 .position = {number(0.0, box_width), number(0.0, box_height)},
                                 .velocity = {}});
    }
    return input;
}

}  // namespace ticklab::game

#pragma once
// A made-up player: what the peer nobody at this screen controls does, and what tests feed the
// network game. Its input for a tick is a pure function of (seed, player, tick), so a test can
// compute the input of a whole game without running the network, and a peer can ask for any tick
// in any order.
//
// It holds a random set of the lander's controls for 0.4 s at a time (thrust, rotate), drags
// through the balls now and then, and rarely clicks (8 new balls).

#include "sim/tick_input.hpp"

#include <cstdint>

namespace ticklab::game {

class input_bot {
public:
    static constexpr std::uint64_t hold_ticks = 24;

    input_bot(std::uint64_t seed, std::uint32_t player) noexcept : seed_{seed}, player_{player} {}

    [[nodiscard]] tick_input input_for(std::uint64_t tick) const;

private:
    [[nodiscard]] std::uint64_t draw(std::uint64_t what, std::uint64_t index) const noexcept;
    [[nodiscard]] std::array<bool, action_count> held_at(std::uint64_t tick) const noexcept;

    std::uint64_t seed_;
    std::uint32_t player_;
};

}  // namespace ticklab::game

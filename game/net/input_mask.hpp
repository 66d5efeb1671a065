#pragma once
// Which parts of a tick_input a scene reads: a rollback peer predicts and compares only those, so a
// guess that is wrong about a key the scene ignores is no misprediction and costs no rollback.

#include "sim/scene.hpp"
#include "sim/tick_input.hpp"

#include <array>

namespace ticklab::game {

struct input_mask {
    std::array<bool, action_count> held{};     // actions whose held state the scene reads
    std::array<bool, action_count> pressed{};  // actions whose presses it reads
    bool pointer = false;

    [[nodiscard]] static input_mask all() noexcept {
        input_mask m;
        m.held.fill(true);
        m.pressed.fill(true);
        m.pointer = true;
        return m;
    }
    // From the scene's parts: the actions its keys name, their presses and the pointer as it says.
    [[nodiscard]] static input_mask of(const scene_entry& entry) noexcept {
        input_mask m;
        for (const scene_key& key : entry.parts.keys) {
            const auto a = static_cast<std::size_t>(key.game_action);
            m.held[a] = true;
            m.pressed[a] = entry.parts.reads_presses;
        }
        m.pointer = entry.parts.reads_pointer;
        return m;
    }
};

}  // namespace ticklab::game

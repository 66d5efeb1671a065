#include "session/replay_recorder.hpp"

#include <utility>

namespace ticklab::game {

replay_recorder::replay_recorder(std::string_view scene, const scene_options& options, std::uint32_t tick_rate_hz) {
    replay_.scene = std::string{scene};
    replay_.options = options;
    replay_.tick_rate_hz = tick_rate_hz;
}

void replay_recorder::record(const tick_input& input) {
    ++replay_.ticks;
    if (!is_empty(input)) replay_.inputs.push_back({.tick = replay_.ticks, .input = input});
}

replay_player::replay_player(replay recording) : replay_{std::move(recording)} {}

tick_input replay_player::next() {
    ++tick_;
    // Entries are in increasing tick order (the reader checks it), so one cursor is enough.
    if (next_entry_ < replay_.inputs.size() && replay_.inputs[next_entry_].tick == tick_) {
        return replay_.inputs[next_entry_++].input;
    }
    return {};
}

}  // namespace ticklab::game

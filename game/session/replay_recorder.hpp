#pragma once
// Collects a recording tick by tick, and plays one back tick by tick.
//
// Usage (the session does this; see session::start_recording and start_replay):
//   replay_recorder recorder{"lander", options, 60};
//   recorder.record(input);                    // once per tick, with what the scene was given
//   replay_player player{recorder.recording()};
//   while (!player.finished()) scene.tick(player.next(), dt);

#include "session/replay_file.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace ticklab::game {

class replay_recorder {
public:
    replay_recorder(std::string_view scene, const scene_options& options, std::uint32_t tick_rate_hz);

    // One tick: an entry only when the tick had input, so an idle minute costs nothing.
    void record(const tick_input& input);

    [[nodiscard]] const replay& recording() const noexcept { return replay_; }

private:
    replay replay_;
};

class replay_player {
public:
    explicit replay_player(replay recording);

    // The input of the next recorded tick (empty for a tick without an entry). Only while !finished().
    [[nodiscard]] tick_input next();

    [[nodiscard]] bool finished() const noexcept { return tick_ >= replay_.ticks; }
    [[nodiscard]] std::uint64_t tick() const noexcept { return tick_; }  // ticks played so far
    [[nodiscard]] const replay& recording() const noexcept { return replay_; }

private:
    replay replay_;
    std::uint64_t tick_ = 0;
    std::size_t next_entry_ = 0;
};

// What a session is recording or replaying, for the panel, the HUD and the command line.
struct replay_status {
    enum class waiting : std::uint8_t { none, recording, replay };
    std::optional<replay_recorder> recorder;  // the last recording, running or ended
    bool recording = false;                   // the recorder takes every tick
    std::optional<replay_player> player;      // the replay, running or ended (the scene then holds)
    waiting pending = waiting::none;          // a start that waits for a tick boundary

    [[nodiscard]] bool replaying() const noexcept { return player.has_value() && pending != waiting::replay; }
    [[nodiscard]] bool holding() const noexcept { return replaying() && player->finished(); }
    // The tick rate a recording or replay runs at (the simulation's dt depends on it).
    [[nodiscard]] std::optional<std::uint32_t> locked_tick_rate() const {
        if (player) return player->recording().tick_rate_hz;
        if (recording) return recorder->recording().tick_rate_hz;
        return std::nullopt;
    }
};

}  // namespace ticklab::game

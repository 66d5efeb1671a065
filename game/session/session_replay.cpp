// The session's record and replay: when they start, what a tick sees, and how they end.
#include "scenes/scene_registry.hpp"
#include "session/session.hpp"

#include <stdexcept>
#include <utility>

namespace ticklab::game {

void session::start_recording() {
    if (network_) throw std::invalid_argument("a network game is not recorded: stop it before recording");
    end_recording_and_replay();
    replay_.recorder.reset();
    replay_.pending = replay_status::waiting::recording;
    start_pending_replay_work();
}

void session::stop_recording() {
    replay_.recording = false;
    if (replay_.pending == replay_status::waiting::recording) replay_.pending = replay_status::waiting::none;
}

void session::start_replay(replay recording) {
    if (network_) throw std::invalid_argument("a replay does not run in a network game: stop it before replaying");
    if (find_scene(recording.scene) == nullptr) {
        throw std::invalid_argument("replay scene '" + recording.scene + "' is not known");
    }
    end_recording_and_replay();
    // The next advance() moves the loop to the recorded rate; the replay starts after that.
    set_tick_rate(recording.tick_rate_hz);
    replay_.player.emplace(std::move(recording));
    replay_.pending = replay_status::waiting::replay;
    start_pending_replay_work();
}

void session::stop_replay() {
    replay_.player.reset();
    if (replay_.pending == replay_status::waiting::replay) replay_.pending = replay_status::waiting::none;
}

void session::end_recording_and_replay() {
    stop_recording();
    stop_replay();
}

void session::start_pending_replay_work() {
    // Virtual time exactly on the last tick: the scheduler has run nothing past it, so scripts
    // started now wait from a tick's due time, as they do in a new session.
    if (replay_.pending == replay_status::waiting::none || loop_.virtual_now() != loop_.last_tick_time()) return;
    if (replay_.pending == replay_status::waiting::recording) {
        reset();
        replay_.recorder.emplace(sim_.entry().name, sim_.options(), loop_.tick_rate());
        replay_.recording = true;
        replay_.pending = replay_status::waiting::none;
        return;
    }
    if (loop_.tick_rate() != replay_.player->recording().tick_rate_hz) return;  // not yet applied by advance()
    replay recording = replay_.player->recording();
    restart(*find_scene(recording.scene), recording.options);  // ends the player above too
    replay_.player.emplace(std::move(recording));
    replay_.pending = replay_status::waiting::none;
    if (replay_.player->finished()) set_paused(true);  // an empty recording holds at once
}

void session::restart(const scene_entry& entry, const scene_options& options) {
    end_recording_and_replay();
    // Exactly `options` (switch_scene would keep what the old scene had chosen), except the thread
    // count: it is how this run computes, not what it simulates (a replay or lesson carries none).
    scene_options next = options;
    next.threads = sim_.options().threads;
    install_scene(entry, next);
}

bool session::replay_input(tick_input& input) {
    if (!replay_.replaying()) return true;
    if (replay_.player->finished()) return false;
    input = replay_.player->next();                    // the live input was taken and is dropped: nothing piles up
    if (replay_.player->finished()) set_paused(true);  // hold at the recorded end
    return true;
}

}  // namespace ticklab::game

#include "run/remote_run.hpp"

#include "net/input_bot.hpp"

#include <chrono>
#include <thread>

namespace ticklab::game {

namespace {

void sleep_until_time(ticklab::nanoseconds when) {
    std::this_thread::sleep_until(
        std::chrono::steady_clock::time_point{std::chrono::duration_cast<std::chrono::steady_clock::duration>(when)});
}

// The local player: a seeded bot.
input_function local_player(std::uint64_t seed, std::uint32_t id) {
    return [bot = input_bot{seed, id}](std::uint64_t tick) { return bot.input_for(tick); };
}

}  // namespace

int run_remote(const launch_options& options) {
    int code = 0;
    const auto game = remote_game::open(options, local_player, true, code);
    if (!game) return code;
    const ticklab::nanoseconds frame_length = duration_of_seconds(options.frame_ms / 1000.0);
    const ticklab::nanoseconds start = game->handshake().start;
    game->wait_for_start();
    for (std::int64_t frame = 0; game->frame() == remote_state::playing; ++frame) {
        sleep_until_time(start + frame_length * (frame + 1));
    }
    return game->finish(options);
}

}  // namespace ticklab::game

#include "net/handshake.hpp"

#include "scenes/scene_registry.hpp"
#include "sim/setting_table.hpp"

namespace ticklab::game {

welcome_body answer_hello(const hello_body& hello, const shared_game& game, ticklab::nanoseconds start,
                          ticklab::nanoseconds now) {
    return welcome_body{
        .nonce = hello.nonce, .attempt = hello.attempt, .start_in_ns = (start - now).count(), .game = game};
}

ticklab::nanoseconds start_time(const welcome_body& welcome, ticklab::nanoseconds hello_sent,
                                ticklab::nanoseconds arrived) {
    const ticklab::nanoseconds round_trip = std::max(arrived - hello_sent, ticklab::nanoseconds{0});
    return arrived + ticklab::nanoseconds{welcome.start_in_ns} - round_trip / 2;
}

std::string check_shared_game(const shared_game& game) {
    if (find_scene(game.scene) == nullptr) return "scene '" + game.scene + "' is not known to this ticklab";
    const auto whole = [](setting id, std::uint64_t value) { return check_whole_setting(id, value); };
    if (std::string e = whole(setting::tick_rate, game.tick_rate_hz); !e.empty()) return e;
    if (std::string e = whole(setting::max_loops, game.max_loops); !e.empty()) return e;
    if (std::string e = whole(setting::seed, game.options.seed); !e.empty()) return e;
    if (std::string e = whole(setting::balls, game.options.balls); !e.empty()) return e;
    if (game.options.box_width != 0) {
        if (std::string e = whole(setting::box_width, game.options.box_width); !e.empty()) return e;
    }
    if (game.ticks != 0) {
        if (std::string e = whole(setting::ticks, game.ticks); !e.empty()) return e;
    }
    return check_input_delay(game.input_delay, game.mode);
}

std::string describe(const shared_game& game) {
    return game.scene + ", " + std::string{to_string(game.mode)} + ", " + std::to_string(game.tick_rate_hz) +
           " Hz, input delay " + std::to_string(game.input_delay) + ", seed " + std::to_string(game.options.seed) +
           (game.ticks != 0 ? ", " + std::to_string(game.ticks) + " ticks" : "");
}

}  // namespace ticklab::game

#include "sim/lessons.hpp"

#include <array>

namespace ticklab::game {

namespace {

constexpr std::array lessons{
    lesson{"basics", "The default loop: 60 Hz ticks, interpolated",
           "Ticks run at a fixed 60 Hz whatever the frame rate; each frame runs the ticks that are due "
           "(0, 1 or more) and draws between the last two tick states. Pause, step one tick and change the "
           "time scale: the simulation only ever moves in whole ticks.",
           [](lesson_setup&) {}},
    lesson{"10hz", "10 Hz ticks without smoothing",
           "Only 10 ticks a second, and each frame draws the latest tick as it is. The balls jump every 100 ms "
           "however fast the screen refreshes: this is what a low tick rate looks like unsmoothed.",
           [](lesson_setup& s) {
               s.loop.tick_rate_hz = 10;
               s.loop.strategy.smoothing_mode = smoothing::none;
           }},
    lesson{"10hz-smooth", "The same, interpolated",
           "Still 10 ticks a second, but each frame draws between the last two tick states by alpha, the "
           "fraction of the next tick already elapsed. Motion is smooth again, at the price of showing the "
           "world up to one tick (100 ms) late.",
           [](lesson_setup& s) { s.loop.tick_rate_hz = 10; }},
    lesson{"slow-machine", "A slow machine: 40 ms frames",
           "Every frame takes 40 ms of extra work, so only 25 frames a second are drawn. The simulation "
           "does not slow down: each frame runs two or three 60 Hz ticks to keep up, and interpolation hides "
           "the uneven count.",
           [](lesson_setup& s) {
               s.loop.frame_load_ms = 40.0;
               s.frame_ms = 40.0;
           }},
    lesson{"spiral", "The spiral of death",
           "Each tick now costs 20 ms of work, longer than the 16.7 ms it simulates, and catch-up has no cap. "
           "Every frame runs every tick that is due, which makes the next frame longer and more ticks due: "
           "the debt only grows, and just the safety limit keeps the window alive. Set catch-up back to "
           "'drop' (MAX_LOOPS) and the backlog is dropped instead.",
           [](lesson_setup& s) {
               s.loop.tick_load_ms = 20.0;
               s.loop.strategy.catch_up_mode = ticklab::catch_up::uncapped;
           }},
    lesson{"scale-4x", "Time scale 4x hits MAX_LOOPS",
           "Time runs 4 times faster, so a 60 fps frame owes 4 ticks, but MAX_LOOPS is 3. The loop runs 3 "
           "ticks and drops the rest instead of piling up a debt: the simulation runs at 3x, not 4x, and the "
           "statistics show dropped time every frame.",
           [](lesson_setup& s) {
               s.loop.time_scale = 4.0;
               s.loop.max_loops = 3;
           }},
    lesson{"autopilot-5hz", "The autopilot at 5 Hz",
           "The lander's autopilot reads the state and sets the thrust once per tick. At 5 Hz it acts on "
           "information up to 200 ms old and holds each decision for 200 ms: the controller that lands "
           "gently at 10 or 60 Hz crashes. Try other rates with [ and ].",
           [](lesson_setup& s) {
               s.scene = "lander";
               s.options.autopilot = true;
               s.loop.tick_rate_hz = 5;
           }},
    lesson{"beat", "60 on 60: the beat",
           "60 Hz ticks on a display of about 60 Hz (capped at 59 fps here so it always happens), drawn "
           "without interpolation. Most frames run one tick, but once a second a frame runs none and the "
           "next runs two: a regular hitch, the beat between the two clocks. Interpolation removes it.",
           [](lesson_setup& s) {
               s.loop.strategy.smoothing_mode = smoothing::none;
               s.loop.vsync = false;
               s.loop.fps_cap = 59.0;
               s.frame_ms = 1000.0 / 59.0;
           }},
    lesson{"lockstep-waits", "Lockstep waits",
           "Two peers in lockstep, 100 ms apart, with an input delay of 2 ticks (33 ms). A peer runs a tick "
           "only with both players' input for it, so each waits for the other's: the game runs at about 20 "
           "ticks a second instead of 60 and every input takes over 100 ms to show. Set the input delay to 8 "
           "ticks and it runs at full speed again, each input 133 ms late.",
           [](lesson_setup& s) {
               s.network = network_settings{.mode = net_mode::lockstep, .link = {.latency_ms = 100}, .input_delay = 2};
           }},
    lesson{"rollback-hides-latency", "Rollback hides latency",
           "The same 100 ms between the peers, in rollback with no input delay. Neither peer waits: each "
           "guesses the other's input, runs on at 60 ticks a second and shows your own input in the frame you "
           "make it. When the real input arrives 100 ms later and differs, the peer re-simulates the ticks since "
           "(about 6, see rolled back) and the other player's balls jump to where they really are.",
           [](lesson_setup& s) {
               s.network = network_settings{.mode = net_mode::rollback, .link = {.latency_ms = 100}, .input_delay = 0};
           }},
    lesson{"peer-drops", "A peer that drops time desyncs",
           "The second peer's machine stalls for 300 ms every 5 s and comes back owing about 18 ticks. It runs 8 "
           "(MAX_LOOPS) and drops the rest, as a single-player loop may: those ticks never happen in its world. "
           "The exchanged state hashes differ from its first skipped tick on, and both HUDs say DESYNC from that "
           "tick. Untick 'drops time': the peer runs every tick it owes over a few frames and stays in sync.",
           [](lesson_setup& s) {
               s.network = network_settings{.mode = net_mode::rollback,
                                            .link = {.latency_ms = 50},
                                            .input_delay = 0,
                                            .peer_drops = true,
                                            .peer_hitch_ms = 300};
           }},
};

}  // namespace

std::span<const lesson> lesson_table() {
    return lessons;
}

const lesson* find_lesson(std::string_view name) {
    for (const lesson& l : lessons) {
        if (l.name == name) return &l;
    }
    return nullptr;
}

std::string lesson_names() {
    std::string names;
    for (const lesson& l : lessons) names += (names.empty() ? "" : ", ") + std::string{l.name};
    return names;
}

}  // namespace ticklab::game

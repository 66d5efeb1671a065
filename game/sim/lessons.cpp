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
           "The autopilot reads the state and sets thrust and jets once per tick (the marks on the trail): "
           "at 5 Hz it acts on data up to 200 ms old and holds each decision for 200 ms, so its attitude "
           "control overshoots and the lander rocks; after about 27 s it touches down at 4 m/s (limit "
           "2.5) tilted 17 deg (limit 10) and crashes, and the HUD names both limits; it lands at 10 Hz "
           "and above, and from 3 to 9 Hz it crashes except at 8 Hz, where the rocking happens to pass "
           "upright at touchdown (luck of phase, not a better controller). Try other rates with [ and ].",
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

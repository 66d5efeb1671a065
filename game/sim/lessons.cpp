#include "sim/lessons.hpp"

#include <array>

namespace ticklab::game {

namespace {

// Every balls lesson starts from the same scene, whatever the user's last --balls or --seed.
lesson_setup balls_scene() {
    lesson_setup s;
    s.options.seed = 1;
    s.options.balls = 300;
    s.loop.vsync = false;  // the FPS cap, not the display, sets the frame rate where a lesson has one
    return s;
}

std::vector<lesson> make_lessons() {
    std::vector<lesson> all;

    {
        lesson l{.name = "basics",
                 .title = "The default loop: 60 Hz ticks, interpolated",
                 .explanation = "Ticks run at a fixed 60 Hz whatever the frame rate; each frame runs the ticks that "
                                "are due (0, 1 or more) and draws between the last two tick states. Pause, step one "
                                "tick and change the time scale: the simulation only ever moves in whole ticks.",
                 .claim = "The simulation runs 60 ticks per second of real time on any display, drops no time, "
                          "and each frame is drawn at alpha, between the last two ticks.",
                 .hud_figures = {"ticks_per_frame", "alpha", "fps", "sim_speed"},
                 .toggle = "smoothing",
                 .setup = balls_scene()};
        all.push_back(l);
    }
    {
        lesson l{.name = "10hz",
                 .title = "10 Hz ticks without smoothing",
                 .explanation = "Only 10 ticks a second, and each frame draws the latest tick as it is. The balls "
                                "jump every 100 ms however fast the screen refreshes: this is what a low tick rate "
                                "looks like unsmoothed.",
                 .claim = "The drawn balls move only in frames that run a tick: on a 60 Hz or faster display at "
                          "least 4 frames in 5 show the same picture as the frame before, then the balls jump.",
                 .hud_figures = {"ticks_per_frame", "alpha", "fps"},
                 .toggle = "smoothing",
                 .setup = balls_scene()};
        l.setup.loop.tick_rate_hz = 10;
        l.setup.loop.strategy.smoothing_mode = smoothing::none;
        all.push_back(l);
    }
    {
        lesson l{.name = "10hz-smooth",
                 .title = "The same, interpolated",
                 .explanation = "Still 10 ticks a second, but each frame draws between the last two tick states by "
                                "alpha, the fraction of the next tick already elapsed. Motion is smooth again, at the "
                                "price of showing the world up to one tick (100 ms) late.",
                 .claim = "Every frame draws the balls further along: no frame repeats the picture before it, "
                          "although only 10 ticks a second run.",
                 .hud_figures = {"ticks_per_frame", "alpha", "fps"},
                 .toggle = "smoothing",
                 .setup = balls_scene()};
        l.setup.loop.tick_rate_hz = 10;
        all.push_back(l);
    }
    {
        lesson l{.name = "slow-machine",
                 .title = "A slow machine: 40 ms of work a frame",
                 .explanation = "Every frame does 40 ms of extra work, so fewer than 25 frames a second are drawn. "
                                "The simulation does not slow down: each frame runs two to four 60 Hz ticks to keep "
                                "up, and interpolation hides the uneven count.",
                 .claim = "Every frame lasts at least 40 ms (under 25 FPS) and runs 2 to 4 ticks, and the "
                          "simulation still runs 60 ticks per second of real time with no time dropped.",
                 .hud_figures = {"fps", "frame_ms", "ticks_per_frame", "sim_speed"},
                 .toggle = "frame-load",
                 .setup = balls_scene()};
        l.setup.loop.frame_load_ms = 40.0;
        all.push_back(l);
    }
    {
        lesson l{.name = "spiral",
                 .title = "The spiral of death",
                 .explanation = "Each tick now costs 20 ms of work, longer than the 16.7 ms it simulates, and "
                                "catch-up has no cap: every frame runs every tick that is due, which makes the next "
                                "frame longer and more ticks due. Press B to set catch-up to 'drop' with MAX_LOOPS 3: "
                                "the frames stay short and the window responsive, but the simulation runs slower "
                                "than real time.",
                 .claim = "With catch-up 'none' the frame time and the debt keep growing until the safety limit "
                          "holds frames above 200 ms (under 5 FPS) while the debt still grows. With 'drop' every "
                          "frame runs at most 3 ticks, lasts under 100 ms (over 10 FPS), owes no debt, and the "
                          "simulation runs at 0.5x to 0.9x.",
                 .hud_figures = {"fps", "frame_ms", "ticks_per_frame", "debt_ms", "dropped_ms", "sim_speed"},
                 .toggle = "catch-up",
                 .setup = balls_scene()};
        l.setup.loop.tick_load_ms = 20.0;
        l.setup.loop.max_loops = 3;
        l.setup.loop.strategy.catch_up_mode = ticklab::catch_up::uncapped;
        all.push_back(l);
    }
    {
        lesson l{.name = "scale-4x",
                 .title = "Time scale 4x hits MAX_LOOPS",
                 .explanation = "Time runs 4 times faster, so each 60 fps frame (the cap) owes 4 ticks, but "
                                "MAX_LOOPS is 3. The loop runs 3 ticks and drops the rest instead of piling up a "
                                "debt: the simulation runs at 3x, not 4x. Press B for MAX_LOOPS 8, and it runs at 4x.",
                 .claim = "The simulation runs between 2.8x and 3.2x, every frame runs 3 ticks and drops time.",
                 .hud_figures = {"sim_speed", "ticks_per_frame", "dropped_ms", "fps"},
                 .toggle = "max-loops",
                 .setup = balls_scene()};
        l.setup.loop.time_scale = 4.0;
        l.setup.loop.max_loops = 3;
        l.setup.loop.fps_cap = 60.0;
        all.push_back(l);
    }
    {
        // The comparison and autopilot work owns this lesson's claim and its test.
        lesson l{.name = "autopilot-5hz",
                 .title = "The autopilot at 5 Hz",
                 .explanation = "The lander's autopilot reads the state and sets the thrust once per tick. At 5 Hz "
                                "it acts on information up to 200 ms old and holds each decision for 200 ms: the "
                                "controller that lands gently at 10 or 60 Hz crashes. Try other rates with [ and ].",
                 .claim = "",
                 .hud_figures = {"ticks_per_frame", "alpha", "fps"},
                 .toggle = "",
                 .setup = {}};
        l.setup.scene = "lander";
        l.setup.options.autopilot = true;
        l.setup.loop.tick_rate_hz = 5;
        all.push_back(l);
    }
    {
        lesson l{.name = "beat",
                 .title = "60 on 59: the beat",
                 .explanation = "60 Hz ticks on a display capped at 59 fps whose timing wobbles by up to 2 ms, as a "
                                "real one's does, drawn without interpolation. Most frames run one tick, but every "
                                "second, as the two clocks drift past each other, frames run 0 and 2 ticks: the "
                                "balls stop, then jump. Press B to interpolate and the hitch is gone.",
                 .claim = "Every second (59 frames) has at least one frame that runs 0 ticks and one that runs 2, "
                          "and in a 0-tick frame the drawn balls do not move.",
                 .hud_figures = {"ticks_per_frame", "fps", "frame_ms"},
                 .toggle = "smoothing",
                 .setup = balls_scene()};
        l.setup.loop.strategy.smoothing_mode = smoothing::none;
        l.setup.loop.fps_cap = 59.0;
        l.setup.frame_jitter_ms = 2.0;
        all.push_back(l);
    }
    return all;
}

constexpr std::array<std::string_view, 4> toggles{"smoothing", "catch-up", "max-loops", "frame-load"};
constexpr std::array<std::string_view, 7> figures{"ticks_per_frame", "alpha",    "dropped_ms", "debt_ms",
                                                  "fps",             "sim_speed", "frame_ms"};

}  // namespace

std::span<const lesson> lesson_table() {
    static const std::vector<lesson> lessons = make_lessons();
    return lessons;
}

const lesson* find_lesson(std::string_view name) {
    for (const lesson& l : lesson_table()) {
        if (l.name == name) return &l;
    }
    return nullptr;
}

std::string lesson_names() {
    std::string names;
    for (const lesson& l : lesson_table()) names += (names.empty() ? "" : ", ") + l.name;
    return names;
}

std::span<const std::string_view> lesson_toggles() {
    return toggles;
}

std::span<const std::string_view> hud_figure_names() {
    return figures;
}

bool apply_toggle(std::string_view toggle, const loop_settings& lesson_value, loop_settings& settings) {
    if (toggle == "smoothing") {
        const bool smooth = settings.strategy.smoothing_mode != smoothing::none;
        settings.strategy.smoothing_mode = smooth ? smoothing::none : smoothing::interpolate;
        return true;
    }
    if (toggle == "catch-up") {
        const bool uncapped = settings.strategy.catch_up_mode == ticklab::catch_up::uncapped;
        settings.strategy.catch_up_mode = uncapped ? ticklab::catch_up::drop_backlog : ticklab::catch_up::uncapped;
        return true;
    }
    if (toggle == "max-loops") {
        const std::uint32_t other = lesson_value.max_loops == 8 ? 3 : 8;
        settings.max_loops = settings.max_loops == lesson_value.max_loops ? other : lesson_value.max_loops;
        return true;
    }
    if (toggle == "frame-load") {
        settings.frame_load_ms = settings.frame_load_ms > 0.0 ? 0.0 : lesson_value.frame_load_ms;
        return true;
    }
    return false;
}

}  // namespace ticklab::game

#include "cli/command_line.hpp"

#include "cli/lesson_replay_options.hpp"
#include "cli/network_options.hpp"
#include "cli/remote_options.hpp"
#include "io/output_file.hpp"
#include "run/run_error.hpp"
#include "run/trace_formats.hpp"
#include "scenes/scene_registry.hpp"
#include "sim/setting_table.hpp"
#include "sim/strategy_names.hpp"

#include <CLI/CLI.hpp>
#include <ticklab/worker_pool.hpp>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <stdexcept>

// Set by CMake from project(VERSION) (cmake/ticklab_install.cmake).
#ifndef TICKLAB_VERSION
#error "TICKLAB_VERSION is not defined: build with CMake"
#endif

namespace ticklab::game {

namespace {

// One bad value: the message that ends the program with exit code 2.
struct bad_value : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A number written entirely as a decimal (or inf / nan, which the range checks then refuse).
bool parse_double(const std::string& text, double& out) {
    if (text.empty() || std::isspace(static_cast<unsigned char>(text.front()))) return false;
    char* end = nullptr;
    out = std::strtod(text.c_str(), &end);
    return end == text.c_str() + text.size();
}

// `text` for the table's setting `id` (sim/setting_table.hpp), refused with the table's one message
// after `where` (the flag): a number outside the range, or a text that is no finite number, quoted as
// typed (1e400 is no double).
double setting_value(setting id, const std::string& text, std::string_view where = {}) {
    const std::string prefix = std::string{where.empty() ? setting_of(id).flag : where} + ": ";
    double value = 0.0;
    if (!parse_double(text, value) || !std::isfinite(value))
        throw bad_value(prefix + refuse_setting(id, "'" + text + "'"));
    if (std::string error = check_setting(id, value); !error.empty()) throw bad_value(prefix + error);
    return value;
}

// Read as a whole number first: a double holds no seed past 2^53 exactly. Any other number is
// checked (and shown) as every setting's is.
std::uint64_t parse_seed(const std::string& text) {
    std::uint64_t value = 0;
    const char* end = text.data() + text.size();
    const auto result = std::from_chars(text.data(), end, value);
    if (!text.empty() && result.ec == std::errc{} && result.ptr == end) return value;
    return static_cast<std::uint64_t>(setting_value(setting::seed, text));
}

// "balls or lander", for --help and its error.
std::string scene_names() {
    std::string names;
    const auto entries = scene_registry();
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (i > 0) names += i + 1 == entries.size() ? " or " : ", ";
        names += entries[i].name;
    }
    return names;
}

// "1 to 1000": a setting's range for --help, from the table.
std::string range_of(setting id) {
    const setting_spec& spec = setting_of(id);
    const auto number = [](double v) {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%g", v);
        return std::string{buffer};
    };
    return number(spec.range.low) + " to " + number(spec.range.high);
}

// CLI11's messages can span lines; the program's rule is one line per error.
std::string one_line(std::string text) {
    for (char& ch : text) {
        if (ch == '\n' || ch == '\r') ch = ' ';
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    return text;
}

// "1920x1080": a window from 640x400 (its minimum) to 7680x4320, in points.
void parse_window_size(const std::string& text, launch_options& out) {
    const auto bad = [&] {
        return bad_value("--window-size '" + text +
                         "' is not allowed: use WIDTHxHEIGHT from 640x400 to 7680x4320, e.g. 1920x1080");
    };
    const std::size_t x = text.find('x');
    if (x == std::string::npos || x == 0 || x + 1 >= text.size()) throw bad();
    int width = 0;
    int height = 0;
    const char* end = text.data() + text.size();
    const auto [w_end, w_error] = std::from_chars(text.data(), text.data() + x, width);
    const auto [h_end, h_error] = std::from_chars(text.data() + x + 1, end, height);
    if (w_error != std::errc{} || h_error != std::errc{} || w_end != text.data() + x || h_end != end) throw bad();
    if (width < 640 || width > 7680 || height < 400 || height > 4320) throw bad();
    out.window_width = width;
    out.window_height = height;
    out.window_size_given = true;
}

// "catch-up=debt,smoothing=none,tick-rate=5": the keys in which the ghost differs from main. The
// ghost starts as a copy of main's settings (`loop` already holds every main flag), so a key that is
// not named stays as main has it.
void parse_compare(const std::string& text, loop_settings& loop) {
    loop.ghost_strategy = loop.strategy;
    loop.ghost_tick_rate_hz = 0;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find(',', start), text.size());
        const std::string pair = text.substr(start, end - start);
        const std::size_t equals = pair.find('=');
        if (equals == std::string::npos) {
            throw bad_value("--compare '" + text +
                            "' is not allowed: use KEY=VALUE pairs separated by commas, e.g. catch-up=debt");
        }
        const std::string key = pair.substr(0, equals);
        const std::string value = pair.substr(equals + 1);
        if (key == "tick-rate") {
            loop.ghost_tick_rate_hz =
                static_cast<std::uint32_t>(setting_value(setting::tick_rate, value, "--compare tick-rate"));
        } else if (std::string error = set_strategy_field(loop.ghost_strategy, key, value); !error.empty()) {
            if (error.find("is not a strategy") != std::string::npos) error += " (or tick-rate)";
            throw bad_value("--compare: " + error);
        }
        start = end + 1;
    }
}

// A choice or word that is none of `allowed`, in the settings table's words: the flag, then the
// setting as lesson files name it ("--catch-up: catch_up 'all' is not allowed: use drop, ...").
bad_value refused(std::string_view flag, const std::string& text, const std::string& allowed) {
    std::string name{flag.substr(2)};
    std::replace(name.begin(), name.end(), '-', '_');
    return bad_value(std::string{flag} + ": " + refuse_value(name, "'" + text + "'", allowed));
}

template <typename Enum, std::size_t N>
Enum checked_choice(const char* flag, const std::string& text, const std::array<named_choice<Enum>, N>& table) {
    if (const auto value = find_choice(table, text)) return *value;
    throw refused(flag, text, choice_list(table));
}

struct raw_options {
    std::string scene, tick_rate, max_loops, time_scale, balls, seed, fps_cap, frames, ticks, frame_ms, threads;
    std::string screenshot, report, record, replay, lesson, trace;
    std::string stepping, catch_up, smoothing, time_scaling, frame_clamp_ms, compare, frame_jitter_ms;
    std::string network, latency_ms, jitter_ms, loss, input_delay, peer_hitch_ms, window_size, beacons, box_width;
    std::string max_prediction, peer_clock_ppm, peer_frame_ms, time_sync, check_distance;
    std::string text_scale, palette;
    std::string listen, connect, peer_timeout_s;  // cli/remote_options.hpp
    bool paused = false, autopilot = false, wall = false, headless = false, peer_drops = false, bots = false;
    bool vsync = true;
    bool panel = true;
};

launch_options validate(const raw_options& raw, const CLI::App& app) {
    launch_options out;
    const auto given = [&](const char* name) { return app.get_option(name)->count() > 0; };
    // A lesson first, so that the other flags can still change what it set.
    if (given("--lesson")) {
        if (std::string error = apply_lesson_option(raw.lesson, out); !error.empty()) throw bad_value(error);
    }
    if (given("--scene")) {
        if (find_scene(raw.scene) == nullptr) {
            throw refused("--scene", raw.scene, scene_names());
        }
        out.scene = raw.scene;
    }
    if (given("--tick-rate")) {
        out.loop.tick_rate_hz = static_cast<std::uint32_t>(setting_value(setting::tick_rate, raw.tick_rate));
    }
    if (given("--max-loops")) {
        out.loop.max_loops = static_cast<std::uint32_t>(setting_value(setting::max_loops, raw.max_loops));
    }
    if (given("--time-scale")) out.loop.time_scale = setting_value(setting::time_scale, raw.time_scale);
    if (given("--balls")) {
        out.scene_settings.balls = static_cast<std::uint32_t>(setting_value(setting::balls, raw.balls));
    }
    if (given("--seed")) out.scene_settings.seed = parse_seed(raw.seed);
    if (given("--beacons")) {
        if (raw.beacons != "on" && raw.beacons != "off") throw refused("--beacons", raw.beacons, "on or off");
        out.scene_settings.beacons = raw.beacons == "on";
    }
    if (given("--box-width")) {
        out.scene_settings.box_width = static_cast<std::uint32_t>(setting_value(setting::box_width, raw.box_width));
    }
    if (given("--fps-cap")) out.loop.fps_cap = setting_value(setting::fps_cap, raw.fps_cap);
    if (given("--frames")) {
        out.frames = static_cast<std::uint64_t>(setting_value(setting::frames, raw.frames));
    }
    if (given("--ticks")) {
        out.ticks = static_cast<std::uint64_t>(setting_value(setting::ticks, raw.ticks));
    }
    if (given("--frame-ms")) out.frame_ms = setting_value(setting::frame_ms, raw.frame_ms);
    if (given("--screenshot")) {
        if (raw.screenshot == "-") throw bad_value("--screenshot '-' is not allowed: give a file path");
        if (std::string error = check_output_path(raw.screenshot); !error.empty())
            throw bad_value("--screenshot: " + error);
        out.screenshot_path = raw.screenshot;
    }
    if (given("--report")) {
        if (std::string error = check_output_path(raw.report); !error.empty()) throw bad_value("--report: " + error);
        out.report_path = raw.report;
    }
    if (given("--trace")) {
        if (std::string error = check_trace_path(raw.trace); !error.empty()) throw bad_value(error);
        out.trace_path = raw.trace;
    }
    if (given("--stepping")) out.loop.strategy.step_mode = checked_choice("--stepping", raw.stepping, stepping_choices);
    if (given("--catch-up")) {
        out.loop.strategy.catch_up_mode = checked_choice("--catch-up", raw.catch_up, catch_up_choices);
    }
    if (given("--smoothing")) {
        out.loop.strategy.smoothing_mode = checked_choice("--smoothing", raw.smoothing, smoothing_choices);
    }
    if (given("--time-scaling")) {
        out.loop.strategy.scaling = checked_choice("--time-scaling", raw.time_scaling, time_scaling_choices);
    }
    if (given("--frame-clamp-ms")) {
        out.loop.frame_time_clamp_ms = setting_value(setting::frame_time_clamp_ms, raw.frame_clamp_ms);
    }
    if (given("--compare")) {
        out.loop.compare = true;
        parse_compare(raw.compare, out.loop);
    }
    if (given("--frame-jitter-ms")) {
        out.frame_jitter_ms = setting_value(setting::frame_jitter_ms, raw.frame_jitter_ms);
    }
    out.loop.paused = raw.paused;
    out.loop.vsync = raw.vsync;
    out.panel = raw.panel;
    out.scene_settings.autopilot = raw.autopilot;
    out.scene_settings.wall = raw.wall;
    out.headless = raw.headless;
    if (raw.headless && given("--screenshot")) {
        // A screenshot draws a window frame (offscreen when there is no display), which a headless
        // run never does: say so rather than silently drop one of the two.
        throw bad_value(
            "--headless and --screenshot do not go together: a screenshot run needs no display, "
            "so drop --headless");
    }
    if (given("--window-size")) {
        if (raw.headless) {
            throw bad_value("--window-size sizes a window and --headless runs without one: drop one of them");
        }
        parse_window_size(raw.window_size, out);
    }
    if (given("--text-scale")) {
        if (raw.headless)
            throw bad_value("--text-scale sizes a window's text and --headless draws none: drop one of them");
        out.text_scale = static_cast<float>(setting_value(setting::text_scale, raw.text_scale));
    }
    if (given("--palette")) {
        if (raw.headless)
            throw bad_value("--palette colours a window's timeline and --headless draws none: drop one of them");
        out.palette = checked_choice("--palette", raw.palette, palette_choices);
    }
    finish_lesson_option(raw.lesson, given("--vsync"), out);
    const replay_conflicts conflicts{.scene = given("--scene"),
                                     .seed = given("--seed"),
                                     .balls = given("--balls"),
                                     .autopilot = raw.autopilot,
                                     .wall = raw.wall,
                                     .tick_rate = given("--tick-rate"),
                                     .beacons = given("--beacons"),
                                     .box_width = given("--box-width")};
    if (std::string error = apply_record_replay_options(given("--record") ? &raw.record : nullptr,
                                                        given("--replay") ? &raw.replay : nullptr, conflicts, out);
        !error.empty()) {
        throw bad_value(error);
    }
    // A flag only some scenes take (scene_parts): refused for another, naming those that take it.
    const auto check_scene_has = [&out](const std::string& flag, bool scene_parts::*fact) {
        if (const scene_entry* entry = find_scene(out.scene); entry == nullptr || entry->parts.*fact) return;
        std::string takers;
        std::string uses;
        for (const scene_entry& e : scene_registry()) {
            if (!(e.parts.*fact)) continue;
            takers += (takers.empty() ? "" : " or ") + std::string{e.name};
            uses += (uses.empty() ? "--scene " : " or --scene ") + std::string{e.name};
        }
        throw bad_value(flag + " is for the " + takers + " scene, not '" + out.scene + "': drop " + flag + " or use " +
                        uses);
    };
    if (given("--box-width")) check_scene_has("--box-width", &scene_parts::box_width);
    if (raw.wall) check_scene_has("--wall", &scene_parts::wall);
    const auto text_if = [&](const char* name, const std::string& text) { return given(name) ? &text : nullptr; };
    {
        remote_flags remote{.listen = text_if("--listen", raw.listen),
                            .connect = text_if("--connect", raw.connect),
                            .peer_timeout_s = text_if("--peer-timeout-s", raw.peer_timeout_s),
                            .network_given = given("--network"),
                            .headless = raw.headless,
                            .ticks_given = given("--ticks"),
                            .game_flags = {},
                            .conflicts = {}};
        for (const std::string& name : game_choosing_flags()) {
            if (given(name.c_str())) remote.game_flags.push_back(name);
        }
        for (const std::string& name : remote_conflicting_flags()) {
            if (given(name.c_str())) remote.conflicts.push_back(name);
        }
        if (std::string error = apply_remote_options(remote, out); !error.empty()) throw bad_value(error);
    }
    const network_flags network{.network = text_if("--network", raw.network),
                                .latency_ms = text_if("--latency-ms", raw.latency_ms),
                                .jitter_ms = text_if("--jitter-ms", raw.jitter_ms),
                                .loss = text_if("--loss", raw.loss),
                                .input_delay = text_if("--input-delay", raw.input_delay),
                                .peer_hitch_ms = text_if("--peer-hitch-ms", raw.peer_hitch_ms),
                                .max_prediction = text_if("--max-prediction", raw.max_prediction),
                                .peer_clock_ppm = text_if("--peer-clock-ppm", raw.peer_clock_ppm),
                                .peer_frame_ms = text_if("--peer-frame-ms", raw.peer_frame_ms),
                                .time_sync = text_if("--time-sync", raw.time_sync),
                                .check_distance = text_if("--check-distance", raw.check_distance),
                                .peer_drops = raw.peer_drops,
                                .bots = raw.bots};
    const network_conflicts cannot{.record = given("--record"),
                                   .replay = given("--replay"),
                                   .compare = given("--compare"),
                                   .catch_up = given("--catch-up"),
                                   .frame_clamp = given("--frame-clamp-ms"),
                                   .headless = out.headless};
    // A window's frames are the display's: judged at 60 fps.
    const network_loop network_loop_of{
        .tick_rate_hz = out.loop.tick_rate_hz,
        .max_loops = out.loop.max_loops,
        .frame_ms = out.headless || !out.screenshot_path.empty() ? out.frame_ms : 1000.0 / 60.0};
    if (std::string error = apply_network_options(network, cannot, out, network_loop_of); !error.empty())
        throw bad_value(error);
    // Last: a lesson or replay sets the scene's options, never how many threads compute them.
    if (given("--threads")) {
        out.scene_settings.threads = static_cast<std::uint32_t>(setting_value(setting::threads, raw.threads));
    }
    return out;
}

}  // namespace

parse_result parse_command_line(int argc, const char* const* argv) {
    CLI::App app{"Ticklab: a sandbox for fixed-timestep game loops.", "ticklab"};
    app.set_help_flag("-h,--help", "Print this help and exit");
    app.set_version_flag("--version", "ticklab " TICKLAB_VERSION, "Print the version and exit");
    raw_options raw;
    // Values are taken as text and checked here, so every bad value gets the same kind of message.
    app.add_option("--scene", raw.scene, "Scene to run: " + scene_names() + " (default balls)")->type_name("NAME");
    app.add_option("--tick-rate", raw.tick_rate,
                   "Simulation ticks per second, " + range_of(setting::tick_rate) + " (default 60)")
        ->type_name("HZ");
    app.add_option("--max-loops", raw.max_loops,
                   "Most ticks run in one frame, " + range_of(setting::max_loops) + " (default 8)")
        ->type_name("N");
    app.add_option("--time-scale", raw.time_scale,
                   "Virtual seconds per real second, " + range_of(setting::time_scale) + " (default 1)")
        ->type_name("X");
    app.add_flag("--paused", raw.paused, "Start paused");
    app.add_option("--balls", raw.balls, "Balls in the balls scene, " + range_of(setting::balls) + " (default 300)")
        ->type_name("N");
    app.add_option("--seed", raw.seed, "Random seed, a whole number (default 1)")->type_name("N");
    app.add_option("--threads", raw.threads,
                   "Threads a tick, and a window's drawing of the balls, may use, 1 to " +
                       std::to_string(ticklab::max_worker_threads) +
                       " (default: one per hardware thread); the result and the picture are the same for any count")
        ->type_name("N");
    app.add_flag("--autopilot", raw.autopilot, "Start the lander with its autopilot on");
    app.add_option("--box-width", raw.box_width,
                   "Balls: the box's width in world units, " + std::to_string(game::scene_options::min_box_width) +
                       " to " + std::to_string(game::scene_options::max_box_width) +
                       ", its height 90 (default: 160; a window without a lesson or replay fits it to its scene "
                       "area)")
        ->type_name("UNITS");
    app.add_flag("--wall", raw.wall, "Balls: a thin wall down the middle, and fast balls thrown at it every 2 s");
    app.add_option("--beacons", raw.beacons,
                   "Lander: drop beacons with deferred calls on them, some outliving their beacon: on or off "
                   "(default off)")
        ->type_name("on|off");
    app.add_option("--fps-cap", raw.fps_cap,
                   "Frame rate cap, 0 (none) or " + range_of(setting::fps_cap) + " (default 0)")
        ->type_name("FPS");
    app.add_flag("--vsync,!--no-vsync", raw.vsync, "Wait for the display's refresh (default on)");
    app.add_option(
           "--window-size", raw.window_size,
           "Window and screenshot runs: the window's size, 640x400 to 7680x4320 (default 1280x720, or the size the "
           "window last had)")
        ->type_name("WxH");
    app.add_option("--text-scale", raw.text_scale,
                   "Window and screenshot runs: the text size, 0.75 to 2.5 (default 1, or what the window kept)")
        ->type_name("X");
    app.add_option("--palette", raw.palette,
                   "Window and screenshot runs: the timeline's colours, " + choice_list(palette_choices) +
                       " (default: default, or what the window kept)")
        ->type_name("NAME");
    app.add_flag("--panel,!--no-panel", raw.panel, "Show the control panel; F2 toggles it (default on)");
    app.add_flag("--headless", raw.headless, "Run without a window on a manual clock, then exit");
    app.add_option(
           "--frames", raw.frames,
           "Stop after this many frames, in every kind of run (default: headless 600, screenshot 30, window none)")
        ->type_name("N");
    app.add_option("--ticks", raw.ticks,
                   "Stop once this many ticks have run; with --stepping variable a tick is one update per frame")
        ->type_name("N");
    app.add_option("--frame-ms", raw.frame_ms,
                   "Real time per frame in headless and screenshot runs, ms (default 16.67)")
        ->type_name("MS");
    app.add_option("--stepping", raw.stepping,
                   "Simulation steps: " + choice_list(stepping_choices) + " (default fixed)")
        ->type_name("MODE");
    app.add_option("--catch-up", raw.catch_up,
                   "When ticks fall behind: " + choice_list(catch_up_choices) + " (default drop)")
        ->type_name("MODE");
    app.add_option("--smoothing", raw.smoothing,
                   "Drawing between ticks: " + choice_list(smoothing_choices) + " (default interpolate)")
        ->type_name("MODE");
    app.add_option("--time-scaling", raw.time_scaling,
                   "Time scale changes the tick " + choice_list(time_scaling_choices) + " (default count)")
        ->type_name("MODE");
    app.add_option("--frame-clamp-ms", raw.frame_clamp_ms,
                   "Most real time one frame brings with --catch-up clamp, ms (default 250)")
        ->type_name("MS");
    app.add_option("--compare", raw.compare,
                   "Run a ghost that differs from main only in the named keys, e.g. smoothing=none or tick-rate=5")
        ->type_name("SPEC");
    app.add_option("--frame-jitter-ms", raw.frame_jitter_ms,
                   "Headless and screenshot runs: vary each frame's real time by up to +-this, ms (default 0)")
        ->type_name("MS");
    app.add_option("--screenshot", raw.screenshot, "Save a PNG of the last frame to PATH")->type_name("PATH");
    app.add_option("--report", raw.report, "Write a JSON report to PATH, or - for standard output")->type_name("PATH");
    app.add_option("--trace", raw.trace,
                   "Write every frame to PATH when the run ends: PATH.json a Chrome/Perfetto trace, else CSV")
        ->type_name("PATH");
    app.add_option("--record", raw.record, "Record the run's input to PATH (a replay file, written when it ends)")
        ->type_name("PATH");
    app.add_option("--replay", raw.replay, "Replay PATH: its scene, seed and input, at any frame rate or scale")
        ->type_name("PATH");
    app.add_option("--lesson", raw.lesson,
                   "Start with a lesson (a name, or a path to a lesson file); --lesson list prints the names")
        ->type_name("NAME");
    app.add_option("--network", raw.network,
                   "Two peers play over a simulated network: lockstep or rollback; or synctest, one replica "
                   "re-simulating every tick to find state its snapshot misses")
        ->type_name("MODE");
    app.add_option("--latency-ms", raw.latency_ms,
                   "Network: one-way latency, " + range_of(setting::latency_ms) + " ms (default 0)")
        ->type_name("MS");
    app.add_option("--jitter-ms", raw.jitter_ms,
                   "Network: extra random delay, " + range_of(setting::jitter_ms) + " ms (default 0)")
        ->type_name("MS");
    app.add_option("--loss", raw.loss, "Network: messages lost, " + range_of(setting::loss) + " percent (default 0)")
        ->type_name("PERCENT");
    app.add_option("--input-delay", raw.input_delay,
                   "Network: ticks before an input applies, " + range_of(setting::input_delay) +
                       " (default 2 lockstep, 0 rollback)")
        ->type_name("TICKS");
    app.add_flag("--peer-drops", raw.peer_drops,
                 "Network: the second peer drops its backlog past MAX_LOOPS, as a single player may");
    app.add_option("--peer-hitch-ms", raw.peer_hitch_ms,
                   "Network: the second peer's machine stalls this long every 5 s, " +
                       range_of(setting::peer_hitch_ms) + " ms (default 0)")
        ->type_name("MS");
    app.add_option("--max-prediction", raw.max_prediction,
                   "Network (rollback): ticks a peer may predict past its last confirmed one, " +
                       range_of(setting::max_prediction) + " (default 0: half a second; GGPO uses 8)")
        ->type_name("TICKS");
    app.add_option("--peer-clock-ppm", raw.peer_clock_ppm,
                   "Network: the second peer's clock runs fast (or slow, below 0) by this many parts per million, " +
                       range_of(setting::peer_clock_ppm) + " (default 0)")
        ->type_name("PPM");
    app.add_option("--peer-frame-ms", raw.peer_frame_ms,
                   "Network: the second peer's frame length, " + range_of(setting::peer_frame_ms) +
                       " ms (default 0: the first peer's frames)")
        ->type_name("MS");
    app.add_option("--time-sync", raw.time_sync,
                   "Network: a peer that runs ahead of the other slows down until level, on or off (default off)")
        ->type_name("on|off");
    app.add_option("--check-distance", raw.check_distance,
                   "Network (synctest): ticks re-simulated after each tick, 1 to " +
                       std::to_string(sync_test_settings::max_check_distance) + " (default 2)")
        ->type_name("TICKS");
    app.add_flag("--bots", raw.bots, "Network: both players are made-up bots (headless and screenshot runs always)");

    app.add_option("--listen", raw.listen,
                   "Play against another ticklab over UDP: wait on PORT (0: any free port, printed)")
        ->type_name("PORT");
    app.add_option("--connect", raw.connect, "Play against the ticklab listening at HOST:PORT (UDP)")
        ->type_name("HOST:PORT");
    app.add_option("--peer-timeout-s", raw.peer_timeout_s,
                   "With --listen or --connect: give up after this long without a word from the other, 1 to 3600 s "
                   "(default 30)")
        ->type_name("S");

    parse_result result;
    try {
        app.parse(argc, argv);
        if (raw.lesson == "list") {
            std::cout << lesson_list_text();
            std::cerr << lesson_list_problems();
            result.exit_code = lesson_list_problems().empty() ? exit_ok : exit_bad_input;
            return result;
        }
        result.options = validate(raw, app);
    } catch (const CLI::CallForHelp&) {
        std::cout << app.help();
        result.exit_code = 0;
    } catch (const CLI::CallForVersion& version) {
        std::cout << version.what() << '\n';
        result.exit_code = 0;
    } catch (const CLI::ParseError& error) {
        result.exit_code = fail(exit_bad_input, one_line(error.what()) + " (see --help)");
    } catch (const bad_value& error) {
        // The message quotes the value as given, which may hold a line break of its own.
        result.exit_code = fail(exit_bad_input, one_line(error.what()));
    }
    return result;
}

}  // namespace ticklab::game

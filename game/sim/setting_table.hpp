#pragma once
// The one table of the numeric settings a person can give (issue 23): each with the name lesson and
// replay files spell it as, its command-line flag, unit, range, default, what 0 stands for, the
// panel's slider range and which readers take it. The command line, lesson files, replay files,
// the session's sanitise and the panel's fields all check and clamp through it, so a value is
// allowed or refused the same way everywhere, with one message:
//
//   tick_rate 0 Hz is not allowed: use a whole number from 1 to 1000 Hz
//
// A reader that must say where the value came from prefixes that ("--tick-rate: ", "line 6: "). Choices
// and flags are refused in the same words (refuse_value).
//
// Usage:
//   if (std::string error = check_setting(setting::tick_rate, hz); !error.empty()) return "--tick-rate: " + error;
//   settings.tick_rate_hz = static_cast<std::uint32_t>(clamp_setting(setting::tick_rate, typed));
//   const setting_spec& spec = setting_of(setting::tick_load_ms);  // spec.slider for the panel

#include "sim/network_settings.hpp"
#include "sim/scene.hpp"

#include <ticklab/fixed_loop.hpp>
#include <ticklab/frame_pacer.hpp>
#include <ticklab/virtual_clock.hpp>
#include <ticklab/worker_pool.hpp>

#include <array>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <string_view>

namespace ticklab::game {

enum class setting : std::uint8_t {
    tick_rate,
    max_loops,
    time_scale,
    fps_cap,
    tick_load_ms,
    frame_load_ms,
    task_load_ms,
    task_budget_ms,
    idle_work_ms,
    frame_time_clamp_ms,
    balls,
    seed,
    box_width,
    threads,
    frame_ms,
    frame_jitter_ms,
    frames,
    ticks,
    text_scale,
    latency_ms,
    jitter_ms,
    loss,
    input_delay,
    peer_hitch_ms,
    max_prediction,
    peer_clock_ppm,
    peer_frame_ms,
};

// Who reads a setting from a person, as bits: the command line always does (by `flag`).
enum setting_reader : std::uint8_t {
    read_by_command_line = 1,
    read_by_lesson = 2,  // a lesson file's "settings" object, under `name`
    read_by_replay = 4,  // a replay file's header line `name <whole number>`
    // The network game's: a lesson's "settings": {"network": {...}} object; the flag needs --network.
    read_in_network_block = 8,
};

// A range [low, high] in the setting's unit.
struct setting_range {
    double low = 0.0;
    double high = 0.0;
};

struct setting_spec {
    setting id = {};
    std::string_view name = {};  // as lesson and replay files spell it; every message names the value so
    std::string_view flag = {};  // the command line's; "" when only lessons and the panel set it
    std::string_view unit = {};  // "" for counts; "x" and "%" are written against the number (2x, 5%)
    setting_range range = {};    // what a person may give
    double default_value = 0.0;  // when not given (threads: 0, one per hardware thread, chosen at run time)
    bool whole = false;          // whole numbers only
    bool above_low = false;      // range.low itself is not allowed: a frame of 0 ms has no time in it
    // What 0 stands for ("off", "no cap"), or "" when 0 is just a number. A setting with a meaning
    // for 0 allows it even when the range starts higher (fps_cap: 0, or 1 to 1000).
    std::string_view zero_means = {};
    // The panel's slider: the part of the range worth dragging through; a value typed into it may
    // be anything in `range`. {0, 0}: the panel has no slider for it.
    setting_range slider = {};
    std::uint8_t readers = read_by_command_line;
};

// Seeds are any 64-bit number: read as whole numbers exactly, never through a double.
inline constexpr double max_seed = 18446744073709551615.0;  // 2^64 - 1 as a double rounds to 2^64

inline constexpr std::uint8_t cli_lesson = read_by_command_line | read_by_lesson;
inline constexpr std::uint8_t cli_lesson_replay = read_by_command_line | read_by_lesson | read_by_replay;
inline constexpr std::uint8_t cli_network = read_by_command_line | read_in_network_block;

// In the order of `setting`. The loop's ranges are the engine's own limits.
inline constexpr std::array<setting_spec, 27> setting_table{{
    {.id = setting::tick_rate,
     .name = "tick_rate",
     .flag = "--tick-rate",
     .unit = "Hz",
     .range = {ticklab::min_tick_rate_hz, ticklab::max_tick_rate_hz},
     .default_value = 60,
     .whole = true,
     .slider = {1, 240},
     .readers = cli_lesson_replay},
    {.id = setting::max_loops,
     .name = "max_loops",
     .flag = "--max-loops",
     .unit = "ticks",
     .range = {ticklab::min_max_loops, ticklab::max_max_loops},
     .default_value = 8,
     .whole = true,
     .slider = {ticklab::min_max_loops, ticklab::max_max_loops},
     .readers = cli_lesson},
    {.id = setting::time_scale,
     .name = "time_scale",
     .flag = "--time-scale",
     .unit = "x",
     .range = {ticklab::min_time_scale, ticklab::max_time_scale},
     .default_value = 1,
     .slider = {0.1, 16},
     .readers = cli_lesson},
    {.id = setting::fps_cap,
     .name = "fps_cap",
     .flag = "--fps-cap",
     .unit = "fps",
     .range = {1, ticklab::max_fps_cap},
     .default_value = 0,
     .zero_means = "no cap",
     .readers = cli_lesson},
    // The loads have no flag: lessons and the panel set them.
    {.id = setting::tick_load_ms,
     .name = "tick_load_ms",
     .unit = "ms",
     .range = {0, 1000},
     .default_value = 0,
     .zero_means = "off",
     .slider = {0, 20},
     .readers = read_by_lesson},
    {.id = setting::frame_load_ms,
     .name = "frame_load_ms",
     .unit = "ms",
     .range = {0, 1000},
     .default_value = 0,
     .zero_means = "off",
     .slider = {0, 50},
     .readers = read_by_lesson},
    {.id = setting::task_load_ms,
     .name = "task_load_ms",
     .unit = "ms",
     .range = {0, 1000},
     .default_value = 0,
     .zero_means = "no task",
     .slider = {0, 20},
     .readers = read_by_lesson},
    {.id = setting::task_budget_ms,
     .name = "task_budget_ms",
     .unit = "ms",
     .range = {0, 1000},
     .default_value = 0,
     .zero_means = "no budget",
     .slider = {0, 20},
     .readers = read_by_lesson},
    // Text 002's spare time: background work an idle task does, scaled by the load governor.
    {.id = setting::idle_work_ms,
     .name = "idle_work_ms",
     .unit = "ms",
     .range = {0, 1000},
     .default_value = 0,
     .zero_means = "none",
     .slider = {0, 30},
     .readers = read_by_lesson},
    // The engine refuses a clamp of 0 or over 10 s (fixed_loop::set_frame_time_clamp).
    {.id = setting::frame_time_clamp_ms,
     .name = "frame_time_clamp_ms",
     .flag = "--frame-clamp-ms",
     .unit = "ms",
     .range = {0, 10'000},
     .default_value = 250,
     .above_low = true,
     .slider = {1, 1000}},
    // The scenes' most balls (scene_registry's max_scene_balls, a floor above: a test ties the two).
    {.id = setting::balls,
     .name = "balls",
     .flag = "--balls",
     .range = {0, 100'000},
     .default_value = 300,
     .whole = true,
     .readers = cli_lesson_replay},
    {.id = setting::seed,
     .name = "seed",
     .flag = "--seed",
     .range = {0, max_seed},
     .default_value = 1,
     .whole = true,
     .readers = cli_lesson_replay},
    {.id = setting::box_width,
     .name = "box_width",
     .flag = "--box-width",
     .unit = "units",
     .range = {scene_options::min_box_width, scene_options::max_box_width},
     .default_value = 160,
     .whole = true,
     .readers = read_by_command_line | read_by_replay},
    {.id = setting::threads,
     .name = "threads",
     .flag = "--threads",
     .range = {1, ticklab::max_worker_threads},
     .default_value = 0,
     .whole = true},
    {.id = setting::frame_ms,
     .name = "frame_ms",
     .flag = "--frame-ms",
     .unit = "ms",
     .range = {0, 1000},
     .default_value = 1000.0 / 60.0,
     .above_low = true,
     .readers = cli_lesson},
    {.id = setting::frame_jitter_ms,
     .name = "frame_jitter_ms",
     .flag = "--frame-jitter-ms",
     .unit = "ms",
     .range = {0, 1000},
     .default_value = 0,
     .readers = cli_lesson},
    // Stop rules; default 0: not given (a window runs until it is closed). A run of 0 frames is none.
    {.id = setting::frames, .name = "frames", .flag = "--frames", .range = {1, 1e9}, .default_value = 0, .whole = true},
    {.id = setting::ticks, .name = "ticks", .flag = "--ticks", .range = {0, 1e9}, .default_value = 0, .whole = true},
    // The window's text (run/launch_options' min_text_scale and max_text_scale: a test ties them).
    {.id = setting::text_scale,
     .name = "text_scale",
     .flag = "--text-scale",
     .unit = "x",
     .range = {0.75, 2.5},
     .default_value = 1,
     .slider = {0.75, 2.5}},
    // The network game's link and peers (sim/network_settings.hpp holds their limits).
    {.id = setting::latency_ms,
     .name = "latency_ms",
     .flag = "--latency-ms",
     .unit = "ms",
     .range = {0, network_settings::max_latency_ms},
     .default_value = 0,
     .readers = cli_network},
    {.id = setting::jitter_ms,
     .name = "jitter_ms",
     .flag = "--jitter-ms",
     .unit = "ms",
     .range = {0, network_settings::max_jitter_ms},
     .default_value = 0,
     .readers = cli_network},
    {.id = setting::loss,
     .name = "loss",
     .flag = "--loss",
     .unit = "%",
     .range = {0, network_settings::max_loss_percent},
     .default_value = 0,
     .readers = cli_network},
    // Lockstep needs at least 1 (check_input_delay); its default is 2, rollback's 0.
    {.id = setting::input_delay,
     .name = "input_delay",
     .flag = "--input-delay",
     .unit = "ticks",
     .range = {0, network_settings::max_input_delay},
     .default_value = 2,
     .whole = true,
     .readers = cli_network},
    {.id = setting::peer_hitch_ms,
     .name = "peer_hitch_ms",
     .flag = "--peer-hitch-ms",
     .unit = "ms",
     .range = {0, network_settings::max_hitch_ms},
     .default_value = 0,
     .zero_means = "never",
     .readers = cli_network},
    // Rollback's prediction window (0: half a second of ticks, the default; GGPO uses 8).
    {.id = setting::max_prediction,
     .name = "max_prediction",
     .flag = "--max-prediction",
     .unit = "ticks",
     .range = {1, network_settings::max_max_prediction},
     .default_value = 0,
     .whole = true,
     .zero_means = "half a second of ticks",
     .readers = cli_network},
    {.id = setting::peer_clock_ppm,
     .name = "peer_clock_ppm",
     .flag = "--peer-clock-ppm",
     .unit = "ppm",
     .range = {-network_settings::max_clock_ppm, network_settings::max_clock_ppm},
     .default_value = 0,
     .readers = cli_network},
    {.id = setting::peer_frame_ms,
     .name = "peer_frame_ms",
     .flag = "--peer-frame-ms",
     .unit = "ms",
     .range = {0, network_settings::max_peer_frame_ms},
     .default_value = 0,
     .zero_means = "the first peer's frames",
     .readers = cli_network},
}};

[[nodiscard]] constexpr const setting_spec& setting_of(setting id) {
    return setting_table[static_cast<std::size_t>(id)];
}

// The one message for any value a person gives, a number, a choice or a flag:
// "<name> <shown> is not allowed: use <allowed>" (scene 'moon' is not allowed: use balls or lander).
[[nodiscard]] std::string refuse_value(std::string_view name, std::string_view shown, std::string_view allowed);
// "balls or lander", "drop, clamp, debt or none": the choices a refusal offers.
[[nodiscard]] std::string one_of(std::span<const std::string_view> choices);

// "a whole number from 1 to 1000 Hz", "0 (no cap) or a value from 1 to 1000 fps": what is allowed.
[[nodiscard]] std::string allowed_values(setting id);
// The one message: "<name> <shown> is not allowed: use <allowed_values>". `shown` is the value as
// the reader has it: a number with its unit (value_with_unit), or a quoted text that is no number.
[[nodiscard]] std::string refuse_setting(setting id, std::string_view shown);
// "0 Hz", "2x", "300": a number as messages write it, with the setting's unit.
[[nodiscard]] std::string value_with_unit(setting id, double value);
// Empty when `value` is allowed, else the one message.
[[nodiscard]] std::string check_setting(setting id, double value);
// The same for a whole number read exactly (a replay's header, a lesson's integer): the seed's
// 2^64 - 1 has no double of its own.
[[nodiscard]] std::string check_whole_setting(setting id, std::uint64_t value);
// The allowed value nearest to `value` (NaN: the default), for fields that pull a value in rather
// than refuse it: the session's sanitise and the panel's typed values.
[[nodiscard]] double clamp_setting(setting id, double value);

}  // namespace ticklab::game

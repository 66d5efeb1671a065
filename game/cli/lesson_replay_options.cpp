#include "cli/lesson_replay_options.hpp"

#include "io/output_file.hpp"
#include "run/lesson_library.hpp"
#include "session/replay_file.hpp"

#include <algorithm>

namespace ticklab::game {

std::string lesson_list_text() {
    // Three columns, two spaces after the longest name and origin; a found lesson's file after its title.
    const lesson_catalogue& found = lessons_found();
    std::size_t width = 0;
    for (const lesson& l : lesson_table()) width = std::max(width, l.name.size() + 2);
    for (const found_lesson& f : found.found) width = std::max(width, f.l.name.size() + 2);
    std::string out;
    const auto line = [&](const lesson& l, lesson_origin origin, const std::string& file) {
        std::string name = l.name;
        name.resize(width, ' ');
        std::string from = "[" + std::string{origin_name(origin)} + "]";
        from.resize(16, ' ');
        out.append(name).append(from).append(l.title);
        if (!file.empty()) out.append("  (").append(file).append(")");
        out.append("\n");
    };
    for (const lesson& l : lesson_table()) line(l, lesson_origin::built_in, "");
    for (const found_lesson& f : found.found) line(f.l, f.origin, f.file.string());
    return out;
}

std::string lesson_list_problems() {
    std::string out;
    for (const lesson_problem& p : lessons_found().problems) out.append("ticklab: ").append(p.line).append("\n");
    return out;
}

std::string apply_lesson_option(const std::string& name, launch_options& out) {
    lesson l;
    if (std::string error = load_lesson(name, l); !error.empty()) return error;
    lesson_setup setup;
    l.configure(setup);
    out.scene = setup.scene;
    out.scene_settings = setup.options;
    out.loop = setup.loop;
    if (setup.frame_ms) out.frame_ms = *setup.frame_ms;
    out.network = setup.network;
    if (setup.frame_jitter_ms) out.frame_jitter_ms = *setup.frame_jitter_ms;
    out.lesson = name;
    return {};
}

void finish_lesson_option(const std::string& name, bool vsync_given, launch_options& out) {
    lesson l;
    if (!load_lesson(name, l).empty()) return;
    lesson_setup setup;
    l.configure(setup);
    if (!vsync_given) out.loop.vsync = setup.loop.vsync;
    out.scene_settings.autopilot = out.scene_settings.autopilot || setup.options.autopilot;  // the flag only adds
    out.scene_settings.wall = out.scene_settings.wall || setup.options.wall;                 // so does this one
}

std::string apply_record_replay_options(const std::string* record, const std::string* replay_path,
                                        const replay_conflicts& given, launch_options& out) {
    if (record != nullptr) {
        if (replay_path != nullptr) return "--record and --replay cannot be used together";
        if (*record == "-") return "--record '-' is not allowed: give a file path";
        if (std::string error = check_output_path(*record); !error.empty()) return "--record: " + error;
        out.record_path = *record;
    }
    if (replay_path == nullptr) return {};
    replay r;
    if (std::string error = read_replay_file(*replay_path, r); !error.empty()) return "--replay: " + error;
    const auto conflict = [&](const char* flag, const std::string& value, const std::string& recorded) {
        return std::string{flag} + (value.empty() ? "" : " " + value) + " conflicts with the replay's " + recorded +
               ": a replay runs as it was recorded (leave " + flag + " out)";
    };
    if (given.scene && out.scene != r.scene) return conflict("--scene", out.scene, r.scene);
    if (given.seed && out.scene_settings.seed != r.options.seed) {
        return conflict("--seed", std::to_string(out.scene_settings.seed), std::to_string(r.options.seed));
    }
    if (given.balls && out.scene_settings.balls != r.options.balls) {
        return conflict("--balls", std::to_string(out.scene_settings.balls), std::to_string(r.options.balls));
    }
    if (given.autopilot && !r.options.autopilot) return conflict("--autopilot", "", "autopilot off");
    if (given.wall && !r.options.wall) return conflict("--wall", "", "balls without the wall");
    if (given.beacons && out.scene_settings.beacons != r.options.beacons) {
        return conflict("--beacons", out.scene_settings.beacons ? "on" : "off",
                        r.options.beacons ? "beacons on" : "beacons off");
    }
    if (given.box_width && out.scene_settings.box_width != r.options.box_width) {
        return conflict("--box-width", std::to_string(out.scene_settings.box_width),
                        r.options.box_width == 0 ? std::string{"box width 160"}
                                                 : "box width " + std::to_string(r.options.box_width));
    }
    if (given.tick_rate && out.loop.tick_rate_hz != r.tick_rate_hz) {
        return conflict("--tick-rate", std::to_string(out.loop.tick_rate_hz), std::to_string(r.tick_rate_hz) + " Hz");
    }
    if (out.ticks && *out.ticks > r.ticks) {
        return "--ticks " + std::to_string(*out.ticks) + " is past the replay's end: it has " +
               std::to_string(r.ticks) + " ticks";
    }
    // Headless and screenshot runs end where the recording did; a window holds the scene at the end
    // (session::start_replay) and stays open until it is closed, or until --frames or --ticks.
    const bool window_run = !out.headless && out.screenshot_path.empty();
    if (!out.ticks && !window_run) out.ticks = r.ticks;
    out.scene = r.scene;
    out.scene_settings = r.options;
    out.loop.tick_rate_hz = r.tick_rate_hz;
    out.replay_recording = std::move(r);
    out.replay_path = *replay_path;
    return {};
}

}  // namespace ticklab::game

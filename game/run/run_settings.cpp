#include "run/run_settings.hpp"

#include "sim/strategy_names.hpp"

#include <ticklab/time.hpp>

#include <charconv>

namespace ticklab::game {

namespace {

using ordered_json = nlohmann::ordered_json;

ordered_json text_or_null(const std::string& text) {
    return text.empty() ? ordered_json(nullptr) : ordered_json(text);
}

template <typename Value>
ordered_json value_or_null(const std::optional<Value>& value) {
    return value ? ordered_json(*value) : ordered_json(nullptr);
}

void add_strategy(ordered_json& out, const char* prefix, const loop_strategy& strategy) {
    const std::string p{prefix};
    out[p + "stepping"] = std::string{choice_name(stepping_choices, strategy.step_mode)};
    out[p + "catch_up"] = std::string{choice_name(catch_up_choices, strategy.catch_up_mode)};
    out[p + "smoothing"] = std::string{choice_name(smoothing_choices, strategy.smoothing_mode)};
    out[p + "time_scaling"] = std::string{choice_name(time_scaling_choices, strategy.scaling)};
}

// Shortest text that reads back as the same double; whole numbers without a decimal point.
std::string number_text(const ordered_json& value) {
    if (!value.is_number_float()) return value.dump();
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value.get<double>());
    return {buffer, result.ptr};
}

}  // namespace

ordered_json run_settings(const launch_options& options, std::string_view run_kind, session& s) {
    const loop_settings& loop = s.settings();
    const scene_options& scene = s.options();
    ordered_json out = ordered_json::object();
    out["program"] = "ticklab " TICKLAB_VERSION;
    out["run"] = std::string{run_kind};
    out["scene"] = std::string{s.current_entry().name};
    out["lesson"] = text_or_null(options.lesson);
    out["replay"] = text_or_null(options.replay_path);
    out["seed"] = scene.seed;
    out["balls"] = scene.balls;
    out["autopilot"] = scene.autopilot;
    out["wall"] = scene.wall;
    out["beacons"] = scene.beacons;
    out["box_width"] = scene.box_width;
    out["threads"] = scene.threads;
    out["tick_rate"] = loop.tick_rate_hz;
    out["max_loops"] = loop.max_loops;
    out["time_scale"] = loop.time_scale;
    out["paused"] = loop.paused;
    out["fps_cap"] = loop.fps_cap;
    out["vsync"] = loop.vsync;
    out["tick_load_ms"] = loop.tick_load_ms;
    out["frame_load_ms"] = loop.frame_load_ms;
    out["task_load_ms"] = loop.task_load_ms;
    out["task_budget_ms"] = loop.task_budget_ms;
    out["idle_work_ms"] = loop.idle_work_ms;
    add_strategy(out, "", loop.strategy);
    out["frame_clamp_ms"] = loop.frame_time_clamp_ms;
    out["latest_tick_marks"] = loop.latest_tick_marks;
    out["compare"] = loop.compare;
    if (loop.compare) {
        out["ghost_tick_rate"] = loop.ghost_tick_rate_hz == 0 ? loop.tick_rate_hz : loop.ghost_tick_rate_hz;
        add_strategy(out, "ghost_", loop.ghost_strategy);
    }
    if (run_kind != "window") {
        out["frame_ms"] = options.frame_ms;
        out["frame_jitter_ms"] = options.frame_jitter_ms;
    }
    out["stop_frames"] = value_or_null(options.frames);
    out["stop_ticks"] = value_or_null(options.ticks);
    // The network game as it runs (a window's panel can start or change one), else as launched.
    const network_game* game = s.network();
    const std::optional<network_settings> network = game ? std::optional{game->config().network} : options.network;
    out["network"] = network ? ordered_json(std::string{to_string(network->mode)}) : ordered_json(nullptr);
    if (network) {
        out["latency_ms"] = network->link.latency_ms;
        out["jitter_ms"] = network->link.jitter_ms;
        out["loss"] = network->link.loss_percent;
        out["input_delay"] = network->input_delay;
        out["peer_drops"] = network->peer_drops;
        out["peer_hitch_ms"] = network->peer_hitch_ms;
    }
    return out;
}

ordered_json changed_settings(const ordered_json& started, const ordered_json& now) {
    ordered_json out = ordered_json::object();
    for (const auto& [key, value] : now.items()) {
        const auto before = started.find(key);
        if (before == started.end() || *before != value) out[key] = value;
    }
    return out;
}

std::string settings_comment_lines(const ordered_json& settings, std::string_view prefix) {
    std::string out;
    for (const auto& [key, value] : settings.items()) {
        std::string text = value.is_string() ? value.get<std::string>() : value.is_null() ? "" : number_text(value);
        for (char& ch : text) {
            if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f) ch = '?';  // one line per setting
        }
        out.append("# ").append(prefix).append(key).append("=").append(text).append("\n");
    }
    return out;
}

}  // namespace ticklab::game

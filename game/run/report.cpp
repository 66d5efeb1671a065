#include "run/report.hpp"

#include "io/output_file.hpp"
#include "net/network_game.hpp"

#include <sys/resource.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

#include <nlohmann/json.hpp>

namespace ticklab::game {

namespace {

using ordered_json = nlohmann::ordered_json;

// Non-finite numbers as null; whole numbers as integers, so 1.0 reads "1" as it always has.
ordered_json json_number(double value) {
    if (!std::isfinite(value)) return nullptr;
    constexpr double exact_integers = 9007199254740992.0;  // 2^53
    if (value == std::trunc(value) && std::fabs(value) < exact_integers) return static_cast<std::int64_t>(value);
    return value;
}

std::string hex64(std::uint64_t value) {
    char buffer[24];
    std::snprintf(buffer, sizeof buffer, "0x%016llx", static_cast<unsigned long long>(value));
    return buffer;
}

// User plus system CPU seconds of this process so far (all threads).
double process_cpu_seconds() {
    rusage usage{};
    if (::getrusage(RUSAGE_SELF, &usage) != 0) return std::numeric_limits<double>::quiet_NaN();
    const auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec * 1e-6; };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// Bytes that are not UTF-8 become U+FFFD rather than an exception: the report is always valid JSON.
std::string dump(const ordered_json& value) {
    return value.dump(-1, ' ', false, ordered_json::error_handler_t::replace);
}

// The comparison ghost's side (null without a ghost): its ticks and state_hash, how far it has
// drifted from main (scene::divergence), and its own scene keys prefixed with "ghost_" (the
// lander's outcome: ghost_lander_state).
void add_ghost_fields(const session& s, ordered_json& report) {
    const ghost_run* ghost = s.ghost();
    if (ghost == nullptr) {
        report["ghost_ticks"] = nullptr;
        report["ghost_state_hash"] = nullptr;
        report["divergence"] = nullptr;
        return;
    }
    report["ghost_tick_rate"] = ghost->loop().tick_rate();
    report["ghost_ticks"] = ghost->loop().ticks();
    report["ghost_state_hash"] = hex64(ghost->state_hash());
    report["divergence"] = json_number(s.current_scene().divergence(ghost->current_scene()));
    std::vector<report_field> own;
    ghost->current_scene().report_fields(own);
    for (const report_field& field : own) report["ghost_" + field.key] = ordered_json::parse(field.json_value);
}

// The network game's keys (report.hpp lists them), each per-peer value as [peer 0, peer 1].
void add_network_fields(const network_game& game, ordered_json& report) {
    const std::uint64_t tick = game.common_tick();
    const auto pair_of = [&game](const auto& value) {
        return ordered_json::array({value(game.peer_at(0)), value(game.peer_at(1))});
    };
    report["network"] = std::string{to_string(game.config().network.mode)};
    report["network_tick"] = tick;
    report["peer_state_hashes"] = pair_of([tick](const peer& p) -> ordered_json {
        const auto hash = p.confirmed_hash(tick);
        if (!hash) return nullptr;
        return hex64(*hash);
    });
    const auto desync = game.desync_tick();
    report["desync_tick"] = desync ? ordered_json(*desync) : ordered_json(nullptr);
    report["rollback_ticks"] = pair_of([](const peer& p) { return ordered_json(p.stats().rollback_ticks); });
    report["stall_frames"] = pair_of([](const peer& p) { return ordered_json(p.stats().stall_frames); });
    report["skipped_ticks"] = pair_of([](const peer& p) { return ordered_json(p.stats().skipped_ticks); });
    report["input_lag_ms"] = pair_of([](const peer& p) -> ordered_json {
        const peer_stats& stats = p.stats();
        if (stats.input_lags == 0) return nullptr;
        return json_number(ticklab::to_milliseconds(stats.input_lag_total) / static_cast<double>(stats.input_lags));
    });
    report["local_lag_ms"] = pair_of([](const peer& p) -> ordered_json {
        const peer_stats& stats = p.stats();
        if (stats.local_lags == 0) return nullptr;
        return json_number(ticklab::to_milliseconds(stats.local_lag_total) / static_cast<double>(stats.local_lags));
    });
    report["round_trip_ms"] =
        pair_of([](const peer& p) { return json_number(ticklab::to_milliseconds(p.stats().round_trip)); });
    report["frames_ahead"] = pair_of([](const peer& p) { return json_number(p.stats().frames_ahead); });
    report["sync_held_ms"] =
        pair_of([](const peer& p) { return json_number(ticklab::to_milliseconds(p.stats().sync_held)); });
    report["messages_lost"] = ordered_json::array({game.network().stats(0).lost, game.network().stats(1).lost});
}

}  // namespace

std::string json_string(std::string_view value) {
    return dump(ordered_json(std::string{value}));
}

nlohmann::ordered_json report_object(const session& s, double real_time_s) {
    // A network game's loop figures are peer 0's (the player at this screen); its ticks are those
    // both peers confirmed.
    const network_game* network = s.network();
    const ticklab::fixed_loop& loop = network ? network->peer_at(0).loop() : s.loop();
    const ticklab::frame_stats& stats = loop.stats();
    ordered_json report = ordered_json::object();
    report["scene"] = std::string{s.current_entry().name};
    report["tick_rate"] = loop.tick_rate();
    // The user's MAX_LOOPS: the loop's own is lowered for a --ticks run's last frames
    // (session::stop_ticks_at), which is not a setting anyone chose.
    report["max_loops"] = s.settings().max_loops;
    report["time_scale"] = json_number(s.loop().clock().time_scale());
    report["paused"] = s.loop().clock().paused();
    report["frames"] = stats.frame_index;
    report["ticks"] = s.ticks();
    report["virtual_time_s"] = json_number(ticklab::to_seconds(loop.virtual_now()));
    report["real_time_s"] = json_number(real_time_s);
    report["dropped_time_s"] = json_number(ticklab::to_seconds(stats.total_dropped));
    report["max_ticks_per_frame"] = stats.max_ticks_per_frame;
    report["state_hash"] = hex64(s.state_hash());
    // Real-time costs, measured from outside the simulation (null when a phase never ran).
    report["tick_ms_mean"] = json_number(s.timings().tick.mean_ms());
    report["tick_ms_p99"] = json_number(s.timings().tick.p99_ms());
    report["frame_ms_mean"] = json_number(s.timings().frame.mean_ms());
    report["frame_ms_p99"] = json_number(s.timings().frame.p99_ms());
    report["render_ms_mean"] = json_number(s.timings().render.mean_ms());
    report["render_ms_p99"] = json_number(s.timings().render.p99_ms());
    report["cpu_s"] = json_number(process_cpu_seconds());
    report["task_errors"] = s.tasks().task_errors();
    std::vector<report_field> fields;
    const scene& own = network ? network->peer_at(0).game().current_scene() : s.current_scene();
    own.report_fields(fields);
    for (const report_field& field : fields) report[field.key] = ordered_json::parse(field.json_value);
    add_ghost_fields(s, report);
    if (network) add_network_fields(*network, report);
    return report;
}

std::string report_json(const session& s, double real_time_s, const ordered_json& settings,
                        const ordered_json& at_end) {
    // One line with ", " and ": " between entries, as the report has always been written (scripts
    // grep it); nlohmann's compact form has no spaces, so the top level is joined here and every key
    // and value is encoded by the library.
    ordered_json report = report_object(s, real_time_s);
    if (settings.is_object()) {
        report["settings"] = settings;
        report["settings_at_end"] = at_end.is_object() ? at_end : ordered_json::object();
    }
    std::string out{'{'};
    for (const auto& [key, value] : report.items()) {
        if (out.size() > 1) out += ", ";
        out += json_string(key);
        out += ": ";
        out += dump(value);
    }
    out += '}';
    return out;
}

std::string write_report(const std::string& path, const session& s, double real_time_s, const ordered_json& settings,
                         const ordered_json& at_end) {
    return write_text_atomically(path, report_json(s, real_time_s, settings, at_end) + "\n");
}

}  // namespace ticklab::game

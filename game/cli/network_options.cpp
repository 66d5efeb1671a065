#include "cli/network_options.hpp"

#include "sim/setting_table.hpp"

#include <cmath>
#include <cstdlib>

namespace ticklab::game {

namespace {

// `text` for the table's setting `id` as a number that `check` allows (the table's own check, or the
// input delay's with its mode); "" or one error line in the table's words, after the flag. A text
// that is no finite number is quoted as typed, with what `check` allows.
template <typename Check>
std::string parse_checked(setting id, const std::string& text, Check check, double& value) {
    const std::string flag = std::string{setting_of(id).flag} + ": ";
    char* end = nullptr;
    value = std::strtod(text.c_str(), &end);
    const bool number = !text.empty() && !std::isspace(static_cast<unsigned char>(text.front())) &&
                        end == text.c_str() + text.size() && std::isfinite(value);
    std::string error = check(number ? value : std::nan(""));
    if (error.empty()) return {};
    if (number) return flag + error;
    const std::string use = ": use ";
    return flag + refuse_value(setting_of(id).name, "'" + text + "'", error.substr(error.find(use) + use.size()));
}

// The first of the two peers' own flags given (link, delay, drift and drop settings, in the order
// the messages name them), or nullptr: a game without peers refuses each.
const char* first_peer_flag(const network_flags& flags) {
    const std::pair<const std::string*, const char*> peer_flags[] = {{flags.latency_ms, "--latency-ms"},
                                                                     {flags.jitter_ms, "--jitter-ms"},
                                                                     {flags.loss, "--loss"},
                                                                     {flags.input_delay, "--input-delay"},
                                                                     {flags.peer_hitch_ms, "--peer-hitch-ms"},
                                                                     {flags.max_prediction, "--max-prediction"},
                                                                     {flags.peer_clock_ppm, "--peer-clock-ppm"},
                                                                     {flags.peer_frame_ms, "--peer-frame-ms"},
                                                                     {flags.time_sync, "--time-sync"}};
    for (const auto& [text, flag] : peer_flags) {
        if (text != nullptr) return flag;
    }
    return flags.peer_drops ? "--peer-drops" : nullptr;
}

std::string needs_network(const char* flag) {
    return std::string{flag} + " needs --network lockstep or --network rollback";
}

std::string not_with_network(const char* flag, const char* why) {
    return std::string{flag} + " cannot be used with --network: " + why;
}

}  // namespace

// --network synctest: one replica that re-simulates each tick (net/sync_test.hpp). The peers'
// flags would change nothing, so each is refused rather than ignored.
std::string apply_sync_test_options(const network_flags& flags, const network_conflicts& conflicts,
                                    launch_options& out) {
    if (const char* flag = first_peer_flag(flags); flag != nullptr) {
        return std::string{flag} +
               " is for --network lockstep or rollback: the sync test runs one replica, with no link or peer";
    }
    if (out.network) return "--network synctest cannot replace a lesson's network game: drop --lesson";
    if (out.remote) return "--network synctest runs one replica in one process: drop --listen or --connect";
    if (!conflicts.headless) return "--network synctest runs headless: add --headless";
    if (conflicts.record) return not_with_network("--record", "the sync test's input is the bots'");
    if (conflicts.replay) return not_with_network("--replay", "the sync test's input is the bots'");
    if (conflicts.compare) return not_with_network("--compare", "the sync test runs one replica");
    sync_test_settings settings;
    if (flags.check_distance != nullptr) {
        char* end = nullptr;
        const double value = std::strtod(flags.check_distance->c_str(), &end);
        const bool number =
            !flags.check_distance->empty() && end == flags.check_distance->c_str() + flags.check_distance->size();
        if (!number) {
            return "--check-distance: '" + *flags.check_distance +
                   "' is not a number: use a whole number of ticks from 1 to " +
                   std::to_string(sync_test_settings::max_check_distance);
        }
        if (std::string error = check_check_distance(value); !error.empty()) return "--check-distance: " + error;
        settings.check_distance = static_cast<std::uint32_t>(value);
    }
    out.sync_test = settings;
    return {};
}

std::string apply_network_options(const network_flags& flags, const network_conflicts& conflicts, launch_options& out,
                                  const network_loop& loop) {
    if (flags.network != nullptr && *flags.network == "synctest") return apply_sync_test_options(flags, conflicts, out);
    if (flags.check_distance != nullptr) return "--check-distance is for --network synctest";
    const bool from_lesson = out.network.has_value();
    if (flags.network != nullptr) {
        net_mode mode = net_mode::lockstep;
        if (*flags.network == "lockstep") {
            mode = net_mode::lockstep;
        } else if (*flags.network == "rollback") {
            mode = net_mode::rollback;
        } else {
            return "--network: " +
                   refuse_value("network", "'" + *flags.network + "'", "lockstep, rollback or synctest");
        }
        // A lesson's delay that is its mode's default becomes the new mode's (as the panel's mode
        // buttons do); a delay the lesson chose stays, and is checked against the new mode below.
        network_settings settings;
        if (from_lesson) {
            settings = with_mode(*out.network, mode);
        } else {
            settings.mode = mode;
            settings.input_delay = default_input_delay(mode);
        }
        out.network = settings;
    }
    if (!out.network) {
        if (const char* flag = first_peer_flag(flags); flag != nullptr) return needs_network(flag);
        if (flags.bots) return needs_network("--bots");
        return {};
    }
    network_settings& n = *out.network;
    double value = 0.0;
    if (flags.latency_ms != nullptr) {
        if (std::string e = parse_checked(setting::latency_ms, *flags.latency_ms, check_latency, value); !e.empty())
            return e;
        n.link.latency_ms = value;
    }
    if (flags.jitter_ms != nullptr) {
        if (std::string e = parse_checked(setting::jitter_ms, *flags.jitter_ms, check_jitter, value); !e.empty())
            return e;
        n.link.jitter_ms = value;
    }
    if (flags.loss != nullptr) {
        if (std::string e = parse_checked(setting::loss, *flags.loss, check_loss, value); !e.empty()) return e;
        n.link.loss_percent = value;
    }
    if (flags.input_delay != nullptr) {
        const auto check = [mode = n.mode](double ticks) { return check_input_delay(ticks, mode); };
        if (std::string e = parse_checked(setting::input_delay, *flags.input_delay, check, value); !e.empty()) return e;
        n.input_delay = static_cast<std::uint32_t>(value);
    }
    // One flag read through its setting-table row; an error is the row's one line.
    const auto read = [&](const std::string* text, setting key, auto check, auto& field) -> std::string {
        if (text == nullptr) return {};
        if (std::string e = parse_checked(key, *text, check, value); !e.empty()) return e;
        field = static_cast<std::remove_reference_t<decltype(field)>>(value);
        return {};
    };
    if (std::string e = read(flags.peer_hitch_ms, setting::peer_hitch_ms, check_peer_hitch, n.peer_hitch_ms);
        !e.empty())
        return e;
    if (std::string e = read(flags.max_prediction, setting::max_prediction, check_max_prediction, n.max_prediction);
        !e.empty())
        return e;
    if (std::string e = read(flags.peer_clock_ppm, setting::peer_clock_ppm, check_peer_clock_ppm, n.peer_clock_ppm);
        !e.empty())
        return e;
    if (std::string e = read(flags.peer_frame_ms, setting::peer_frame_ms, check_peer_frame_ms, n.peer_frame_ms);
        !e.empty())
        return e;
    if (flags.time_sync != nullptr) {
        if (*flags.time_sync != "on" && *flags.time_sync != "off")
            return "--time-sync: " + refuse_value("time_sync", "'" + *flags.time_sync + "'", "on or off");
        n.time_sync = *flags.time_sync == "on";
    }
    n.peer_drops = n.peer_drops || flags.peer_drops;
    n.bots = n.bots || flags.bots;
    // A lesson's delay may not suit a mode the flags chose.
    if (std::string error = check_network_settings(n); !error.empty()) {
        const bool lesson_delay =
            from_lesson && flags.input_delay == nullptr && !check_input_delay(n.input_delay, n.mode).empty();
        return "--network: " + error + (lesson_delay ? " (the lesson's input_delay: give --input-delay)" : "");
    }
    if (n.peer_drops && n.peer_hitch_ms <= 0.0) {
        return "--peer-drops needs --peer-hitch-ms above 0: without a hitch the second peer never falls "
               "MAX_LOOPS behind, so it has nothing to drop";
    }
    if (n.max_prediction != 0 && n.mode != net_mode::rollback)
        return "--max-prediction is for --network rollback: a lockstep peer never predicts";
    if (std::string error = check_network_tick_rate(loop.tick_rate_hz, loop.max_loops, loop.frame_ms); !error.empty())
        return "--network: " + error;
    if (n.peer_frame_ms > 0.0) {
        if (std::string error = check_network_tick_rate(loop.tick_rate_hz, loop.max_loops, n.peer_frame_ms);
            !error.empty()) {
            return "--peer-frame-ms: " + error;
        }
    }

    if (conflicts.record) return not_with_network("--record", "a network game is not recorded");
    if (conflicts.replay) return not_with_network("--replay", "a replay runs one simulation");
    if (conflicts.compare) return not_with_network("--compare", "the ghost runs one simulation");
    if (conflicts.catch_up) {
        return not_with_network("--catch-up",
                                "a peer always runs every tick it owes (--peer-drops makes the second drop them)");
    }
    if (conflicts.frame_clamp) return not_with_network("--frame-clamp-ms", "peers never clamp a frame's time");
    if (out.loop.strategy.step_mode != ticklab::stepping::fixed) {
        return not_with_network("--stepping variable", "peers run the same fixed ticks");
    }
    if (out.loop.strategy.scaling != ticklab::time_scaling::tick_count) {
        return not_with_network("--time-scaling length", "every peer's tick is the same length");
    }
    return {};
}

}  // namespace ticklab::game

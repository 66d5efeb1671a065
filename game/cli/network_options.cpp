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

std::string needs_network(const char* flag) {
    return std::string{flag} + " needs --network lockstep or --network rollback";
}

std::string not_with_network(const char* flag, const char* why) {
    return std::string{flag} + " cannot be used with --network: " + why;
}

}  // namespace

std::string apply_network_options(const network_flags& flags, const network_conflicts& conflicts, launch_options& out) {
    const bool delay_from_lesson = out.network.has_value();
    if (flags.network != nullptr) {
        network_settings settings = out.network.value_or(network_settings{});
        if (*flags.network == "lockstep") {
            settings.mode = net_mode::lockstep;
        } else if (*flags.network == "rollback") {
            settings.mode = net_mode::rollback;
        } else {
            return "--network: " + refuse_value("network", "'" + *flags.network + "'", "lockstep or rollback");
        }
        if (!delay_from_lesson) settings.input_delay = default_input_delay(settings.mode);
        out.network = settings;
    }
    if (!out.network) {
        const std::pair<const std::string*, const char*> tuning[] = {{flags.latency_ms, "--latency-ms"},
                                                                     {flags.jitter_ms, "--jitter-ms"},
                                                                     {flags.loss, "--loss"},
                                                                     {flags.input_delay, "--input-delay"},
                                                                     {flags.peer_hitch_ms, "--peer-hitch-ms"}};
        for (const auto& [text, flag] : tuning) {
            if (text != nullptr) return needs_network(flag);
        }
        if (flags.peer_drops) return needs_network("--peer-drops");
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
    if (flags.peer_hitch_ms != nullptr) {
        if (std::string e = parse_checked(setting::peer_hitch_ms, *flags.peer_hitch_ms, check_peer_hitch, value);
            !e.empty()) {
            return e;
        }
        n.peer_hitch_ms = value;
    }
    n.peer_drops = n.peer_drops || flags.peer_drops;
    // A lesson's delay may not suit a mode the flags chose.
    if (std::string error = check_network_settings(n); !error.empty()) return "--network: " + error;

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

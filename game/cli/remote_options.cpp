#include "cli/remote_options.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>

namespace ticklab::game {

namespace {

// A whole number within [min, max], all of `text`.
bool whole_number(const std::string& text, unsigned long min, unsigned long max, unsigned long& value) {
    const char* end = text.data() + text.size();
    const auto [at, error] = std::from_chars(text.data(), end, value);
    return !text.empty() && error == std::errc{} && at == end && value >= min && value <= max;
}

}  // namespace

const std::vector<std::string>& game_choosing_flags() {
    static const std::vector<std::string> flags{"--scene",   "--seed",        "--tick-rate", "--max-loops", "--balls",
                                                "--wall",    "--beacons",     "--box-width", "--autopilot", "--lesson",
                                                "--network", "--input-delay", "--ticks"};
    return flags;
}

const std::vector<std::string>& remote_conflicting_flags() {
    // The in-process peers' flags, what records a run, and the session clock's controls, which the
    // remote game's real clock does not have. (--screenshot saves a remote window's last frame.) The
    // peers' own settings (prediction window, time sync, clock drift, frame length, bots) are not in
    // the handshake yet, so the two sides could not agree on them: refused rather than half-applied.
    static const std::vector<std::string> flags{
        "--max-prediction", "--time-sync",      "--peer-clock-ppm", "--peer-frame-ms", "--bots",     "--peer-drops",
        "--peer-hitch-ms",  "--record",         "--replay",         "--compare",       "--frames",   "--trace",
        "--paused",         "--time-scale",     "--fps-cap",        "--stepping",      "--catch-up", "--smoothing",
        "--time-scaling",   "--frame-clamp-ms", "--frame-jitter-ms"};
    return flags;
}

std::string parse_host_port(const std::string& text, std::string& host, std::uint16_t& port) {
    const std::string use = "use HOST:PORT, e.g. 192.168.1.20:5000 or [fe80::1]:5000, with a port from 1 to 65535";
    const std::size_t colon = text.rfind(':');
    if (colon == std::string::npos || colon == 0) return "'" + text + "' is not allowed: " + use;
    host = text.substr(0, colon);
    if (host.size() >= 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
    if (host.empty() || host.find_first_of("[] \t") != std::string::npos)
        return "'" + text + "' is not allowed: " + use;
    unsigned long value = 0;
    if (!whole_number(text.substr(colon + 1), 1, 65535, value)) return "'" + text + "' is not allowed: " + use;
    port = static_cast<std::uint16_t>(value);
    return {};
}

std::string apply_remote_options(const remote_flags& flags, launch_options& out) {
    if (flags.listen == nullptr && flags.connect == nullptr) {
        if (flags.peer_timeout_s != nullptr) return "--peer-timeout-s needs --listen PORT or --connect HOST:PORT";
        return {};
    }
    if (flags.listen != nullptr && flags.connect != nullptr) {
        return "--listen and --connect do not go together: one side listens, the other connects to it";
    }
    const char* flag = flags.listen != nullptr ? "--listen" : "--connect";
    remote_settings remote;
    remote.listening = flags.listen != nullptr;
    if (remote.listening) {
        unsigned long port = 0;
        if (!whole_number(*flags.listen, 0, 65535, port)) {
            return "--listen: port '" + *flags.listen +
                   "' is not allowed: use a whole number from 0 to 65535 (0: any free port)";
        }
        remote.port = static_cast<std::uint16_t>(port);
    } else if (std::string e = parse_host_port(*flags.connect, remote.host, remote.port); !e.empty()) {
        return "--connect: " + e;
    }
    if (flags.peer_timeout_s != nullptr) {
        char* end = nullptr;
        const double s = std::strtod(flags.peer_timeout_s->c_str(), &end);
        if (flags.peer_timeout_s->empty() || end != flags.peer_timeout_s->c_str() + flags.peer_timeout_s->size() ||
            !std::isfinite(s) || s < remote_settings::min_peer_timeout_s || s > remote_settings::max_peer_timeout_s) {
            return "--peer-timeout-s: '" + *flags.peer_timeout_s + "' is not allowed: use 1 to 3600 seconds";
        }
        remote.peer_timeout_s = s;
    }
    if (!remote.listening && !flags.game_flags.empty()) {
        return flags.game_flags.front() + " cannot be used with --connect: the listening side chooses the game";
    }
    if (remote.listening && flags.headless && !flags.ticks_given) {
        return "--listen with --headless needs --ticks N: both players stop once each has confirmed tick N";
    }
    if (!flags.conflicts.empty()) {
        return flags.conflicts.front() + " cannot be used with " + flag + ": the other player is another process";
    }
    out.remote = remote;
    // The listener's game (a lockstep one unless --network says); the connecting side's
    // settings come from the listener, and only its shaping flags act on this side.
    if (!flags.network_given && !out.network) out.network = network_settings{};
    return {};
}

}  // namespace ticklab::game

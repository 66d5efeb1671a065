#include "sim/network_settings.hpp"

#include <cmath>
#include <sstream>

namespace ticklab::game {

namespace {

std::string number(double value) {
    std::ostringstream out;
    out << value;
    return out.str();
}

std::string check_range(std::string_view what, double value, double low, double high, bool whole) {
    const bool ok = std::isfinite(value) && value >= low && value <= high && (!whole || value == std::floor(value));
    if (ok) return {};
    return std::string{what} + " " + number(value) + " is not allowed: use " +
           (whole ? "a whole number from " : "a value from ") + number(low) + " to " + number(high);
}

}  // namespace

std::string_view to_string(net_mode mode) noexcept {
    return mode == net_mode::rollback ? "rollback" : "lockstep";
}

std::string check_latency(double ms) {
    return check_range("latency (ms)", ms, 0.0, network_settings::max_latency_ms, false);
}

std::string check_jitter(double ms) {
    return check_range("jitter (ms)", ms, 0.0, network_settings::max_jitter_ms, false);
}

std::string check_loss(double percent) {
    return check_range("loss (%)", percent, 0.0, network_settings::max_loss_percent, false);
}

std::string check_input_delay(double ticks, net_mode mode) {
    // A lockstep peer runs a tick only with inputs that were sent before it: with no delay each
    // peer would wait for the other's input for the very tick it cannot start.
    if (mode == net_mode::lockstep) {
        return check_range("input delay (ticks) with lockstep", ticks, 1.0, network_settings::max_input_delay, true);
    }
    return check_range("input delay (ticks)", ticks, 0.0, network_settings::max_input_delay, true);
}

std::string check_peer_hitch(double ms) {
    return check_range("peer hitch (ms)", ms, 0.0, network_settings::max_hitch_ms, false);
}

std::string check_network_settings(const network_settings& s) {
    for (std::string error :
         {check_latency(s.link.latency_ms), check_jitter(s.link.jitter_ms), check_loss(s.link.loss_percent),
          check_input_delay(s.input_delay, s.mode), check_peer_hitch(s.peer_hitch_ms)}) {
        if (!error.empty()) return error;
    }
    return {};
}

network_settings with_mode(network_settings settings, net_mode mode) {
    if (settings.mode == mode) return settings;
    const bool chosen = settings.input_delay != default_input_delay(settings.mode);
    settings.mode = mode;
    // A chosen delay is never 0 in rollback (its default), so lockstep always allows it.
    if (!chosen) settings.input_delay = default_input_delay(mode);
    return settings;
}

}  // namespace ticklab::game

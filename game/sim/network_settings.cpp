#include "sim/network_settings.hpp"

#include "sim/setting_table.hpp"

namespace ticklab::game {

std::string_view to_string(net_mode mode) noexcept {
    return mode == net_mode::rollback ? "rollback" : "lockstep";
}

// The one settings table's checks and message (sim/setting_table.hpp).
std::string check_latency(double ms) {
    return check_setting(setting::latency_ms, ms);
}

std::string check_jitter(double ms) {
    return check_setting(setting::jitter_ms, ms);
}

std::string check_loss(double percent) {
    return check_setting(setting::loss, percent);
}

std::string check_input_delay(double ticks, net_mode mode) {
    // A lockstep peer runs a tick only with inputs that were sent before it: with no delay each
    // peer would wait for the other's input for the very tick it cannot start.
    std::string error = check_setting(setting::input_delay, ticks);
    if (mode != net_mode::lockstep || (error.empty() && ticks >= 1.0)) return error;
    const setting_spec& spec = setting_of(setting::input_delay);
    return refuse_value(
        spec.name, value_with_unit(setting::input_delay, ticks),
        "a whole number from 1 to " + value_with_unit(setting::input_delay, spec.range.high) + " with lockstep");
}

std::string check_peer_hitch(double ms) {
    return check_setting(setting::peer_hitch_ms, ms);
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

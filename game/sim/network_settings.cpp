#include "sim/network_settings.hpp"

#include "sim/setting_table.hpp"

#include <cmath>
#include <cstdio>

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

std::string check_max_prediction(double ticks) {
    return check_setting(setting::max_prediction, ticks);
}

std::string check_peer_clock_ppm(double ppm) {
    return check_setting(setting::peer_clock_ppm, ppm);
}

std::string check_peer_frame_ms(double ms) {
    return check_setting(setting::peer_frame_ms, ms);
}

std::string check_network_tick_rate(std::uint32_t tick_rate_hz, std::uint32_t max_loops, double frame_ms) {
    // Ticks due per frame against what a frame may run: a peer owing more falls behind for good
    // (it never drops time), and the whole game then runs below its tick rate.
    const double due = tick_rate_hz * frame_ms / 1000.0;
    if (due <= max_loops + 1e-9) return {};
    char text[200];
    std::snprintf(text, sizeof text,
                  "tick rate %u Hz is not allowed in a network game with MAX_LOOPS %u at %.1f ms frames: use at most "
                  "%.0f Hz, or raise --max-loops to %.0f",
                  tick_rate_hz, max_loops, frame_ms, std::floor(max_loops * 1000.0 / frame_ms + 1e-6),
                  std::ceil(due - 1e-9));
    return text;
}

std::string check_network_settings(const network_settings& s) {
    for (std::string error : {check_latency(s.link.latency_ms), check_jitter(s.link.jitter_ms),
                              check_loss(s.link.loss_percent), check_input_delay(s.input_delay, s.mode),
                              check_peer_hitch(s.peer_hitch_ms), check_max_prediction(s.max_prediction),
                              check_peer_clock_ppm(s.peer_clock_ppm), check_peer_frame_ms(s.peer_frame_ms)}) {
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

#include "net/network_report.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>

namespace ticklab::game {

namespace {

std::string hex64(std::uint64_t value) {
    char buffer[24];
    std::snprintf(buffer, sizeof buffer, "\"0x%016llx\"", static_cast<unsigned long long>(value));
    return buffer;
}

std::string number(double value) {
    if (!std::isfinite(value)) return "null";
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return {buffer, result.ptr};
}

std::string pair_of(const network_game& game, const std::function<std::string(const peer&)>& value) {
    return "[" + value(game.peer_at(0)) + ", " + value(game.peer_at(1)) + "]";
}

}  // namespace

void network_report_fields(const network_game& game, std::vector<report_field>& out) {
    const std::uint64_t tick = game.common_tick();
    out.push_back({"network", "\"" + std::string{to_string(game.config().network.mode)} + "\""});
    out.push_back({"network_tick", std::to_string(tick)});
    out.push_back({"peer_state_hashes", pair_of(game, [tick](const peer& p) {
                       const auto hash = p.confirmed_hash(tick);
                       return hash ? hex64(*hash) : std::string{"null"};
                   })});
    const auto desync = game.desync_tick();
    out.push_back({"desync_tick", desync ? std::to_string(*desync) : "null"});
    out.push_back(
        {"rollback_ticks", pair_of(game, [](const peer& p) { return std::to_string(p.stats().rollback_ticks); })});
    out.push_back(
        {"stall_frames", pair_of(game, [](const peer& p) { return std::to_string(p.stats().stall_frames); })});
    out.push_back(
        {"skipped_ticks", pair_of(game, [](const peer& p) { return std::to_string(p.stats().skipped_ticks); })});
    out.push_back({"input_lag_ms", pair_of(game, [](const peer& p) {
                       const peer_stats& s = p.stats();
                       return s.input_lags == 0 ? std::string{"null"}
                                                : number(ticklab::to_milliseconds(s.input_lag_total) /
                                                         static_cast<double>(s.input_lags));
                   })});
    out.push_back({"messages_lost", "[" + std::to_string(game.network().stats(0).lost) + ", " +
                                        std::to_string(game.network().stats(1).lost) + "]"});
}

}  // namespace ticklab::game

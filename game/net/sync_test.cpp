#include "net/sync_test.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace ticklab::game {

std::string check_check_distance(double ticks) {
    if (std::isfinite(ticks) && ticks >= 1.0 && ticks <= sync_test_settings::max_check_distance &&
        ticks == std::floor(ticks)) {
        return {};
    }
    const std::string allowed =
        "a whole number of ticks from 1 to " + std::to_string(sync_test_settings::max_check_distance);
    if (!std::isfinite(ticks)) return "check distance: use " + allowed;
    char text[32];
    std::snprintf(text, sizeof text, "%g", ticks);
    return std::string{"check distance "} + text + " is out of range: use " + allowed;
}

std::string sync_mismatch::line() const {
    std::string out = "sync-test: tick " + std::to_string(tick) + " differs after re-simulating " +
                      std::to_string(resimulated) + (resimulated == 1 ? " tick: " : " ticks: ");
    if (fields.empty()) {
        char text[128];
        std::snprintf(text, sizeof text, "state_hash %016llx, re-simulated %016llx (the scene names no fields)",
                      static_cast<unsigned long long>(first_hash), static_cast<unsigned long long>(second_hash));
        return out + text;
    }
    for (std::size_t i = 0; i < fields.size(); ++i) out += (i == 0 ? "" : ", ") + fields[i];
    return out;
}

namespace {

std::uint32_t checked_distance(std::uint32_t ticks) {
    if (std::string error = check_check_distance(ticks); !error.empty()) throw std::invalid_argument(error);
    return ticks;
}

}  // namespace

sync_test::sync_test(const scene_entry& entry, const scene_options& options, std::uint32_t tick_rate_hz,
                     std::uint32_t check_distance)
    : game_{entry, options, tick_rate_hz},
      distance_{checked_distance(check_distance)},
      before_(distance_),
      inputs_(distance_) {}

std::optional<sync_mismatch> sync_test::run_tick(const tick_input& input) {
    const std::uint64_t k = game_.tick() + 1;
    game_.save(before_[(k - 1) % distance_]);
    inputs_[k % distance_] = input;
    game_.run_tick(input);
    game_.save(first_run_);
    const std::uint64_t first_hash = first_run_.scene->state_hash();

    const auto back = static_cast<std::uint32_t>(std::min<std::uint64_t>(distance_, k));
    game_.restore(before_[(k - back) % distance_]);
    for (std::uint64_t t = k - back + 1; t <= k; ++t) game_.run_tick(inputs_[t % distance_]);
    ++checked_;
    resimulated_ += back;
    const std::uint64_t second_hash = game_.state_hash();
    if (second_hash == first_hash) return std::nullopt;

    sync_mismatch miss{
        .tick = k, .resimulated = back, .first_hash = first_hash, .second_hash = second_hash, .fields = {}};
    state_field_list first, second;
    if (const scene* saved = first_run_.scene->saved_scene()) saved->state_fields(first);
    game_.current_scene().state_fields(second);
    miss.fields = differing_fields(first, second);
    return miss;
}

}  // namespace ticklab::game

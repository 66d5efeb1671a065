// The orbits' readouts and HUD figures by name (orbits_section_controls, orbits_figures).
#include "scenes/orbits_scene.hpp"

#include <cmath>
#include <cstdio>

namespace ticklab::game {

namespace {

// A drift past this many percent of the orbit's energy is shown in the alert colour: the orbit's
// shape has visibly changed by then.
constexpr double alert_drift_pct = 10.0;

constexpr std::array<std::string_view, orbits_scene::bodies> readout_names{"explicit_euler", "semi_implicit_euler",
                                                                           "velocity_verlet"};
constexpr std::array<std::string_view, orbits_scene::bodies> figure_names{
    "energy_explicit_euler", "energy_semi_implicit_euler", "energy_verlet"};

template <std::size_t N>
std::size_t index_of(const std::array<std::string_view, N>& names, std::string_view name) {
    for (std::size_t i = 0; i < N; ++i) {
        if (names[i] == name) return i;
    }
    return N;
}

}  // namespace

scene_text orbits_scene::readout(std::string_view name) const {
    const std::size_t b = index_of(readout_names, name);
    if (b == bodies) return {};
    char period[32] = "-";
    if (measured_period_s(b) > 0.0) std::snprintf(period, sizeof period, "%.2f s", measured_period_s(b));
    char text[160];
    std::snprintf(text, sizeof text, "%s: energy %+.1f%%, orbit %s", std::string{to_string(integrators[b])}.c_str(),
                  energy_drift_pct(b), period);
    return {text, std::abs(energy_drift_pct(b)) > alert_drift_pct};
}

scene_text orbits_scene::figure(std::string_view name) const {
    const std::size_t b = index_of(figure_names, name);
    if (b == bodies) return {};
    char text[96];
    std::snprintf(text, sizeof text, "%s %+.1f%%", std::string{to_string(integrators[b])}.c_str(), energy_drift_pct(b));
    return {text, std::abs(energy_drift_pct(b)) > alert_drift_pct};
}

}  // namespace ticklab::game

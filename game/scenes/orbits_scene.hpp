#pragma once
// Integrators: three planets on one orbit, each stepped by its own method (explicit Euler,
// semi-implicit Euler, velocity Verlet) from the same start, with their energy plotted.
//
// Units: world units and seconds. The world is 160 x 90: the sun at (46, 45) with the orbits
// around it, the energy plot on the right. The orbit has semi-major axis 27 and eccentricity 0.3
// and takes 4 s: at 10 Hz that is 40 ticks an orbit, few enough that explicit Euler visibly
// spirals out within an orbit or two. The seed turns the start around the sun, nothing else. The
// planets do not pull on each other; nothing reads the input. All three start with the same
// energy; each one's drift is (E - E0) / |E0|.

#include "scenes/orbits_integrators.hpp"
#include "sim/random.hpp"
#include "sim/scene.hpp"
#include "sim/scene_parts.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace ticklab::game {

class orbits_scene final : public scene {
public:
    static constexpr double width = 160.0;
    static constexpr double height = 90.0;
    static constexpr double sun_x = 46.0;
    static constexpr double sun_y = 45.0;
    static constexpr double semi_major_axis = 27.0;
    static constexpr double eccentricity = 0.3;
    static constexpr double period_s = 4.0;  // of the true orbit (Kepler), which the methods approximate
    static constexpr std::size_t bodies = integrators.size();

    explicit orbits_scene(const scene_options& options);

    void reset(const scene_options& options) override;
    void tick(const tick_input& input, double dt_seconds) override;
    void draw(draw_list& out, double alpha) const override;
    void hud_lines(std::vector<std::string>& out) const override;
    void report_fields(std::vector<report_field>& out) const override;
    // Mean distance between matching planets of the two scenes, units.
    [[nodiscard]] double divergence(const scene& other) const override;
    [[nodiscard]] std::uint64_t state_hash() const override;
    void state_fields(state_field_list& out) const override;
    void save(std::unique_ptr<scene_snapshot>& slot) const override;
    void restore(const scene_snapshot& snapshot) override;
    // orbits_section_controls and orbits_figures (orbits_parts.cpp).
    [[nodiscard]] scene_text readout(std::string_view name) const override;
    [[nodiscard]] scene_text figure(std::string_view name) const override;

    // Body i is stepped by integrators[i].
    [[nodiscard]] const orbit_body& body(std::size_t i) const noexcept { return bodies_[i]; }
    [[nodiscard]] const orbit_gravity& gravity() const noexcept { return gravity_; }
    // Energy drift of body i since the start, in percent of |E0| (positive: gained energy).
    [[nodiscard]] double energy_drift_pct(std::size_t i) const noexcept;
    // The largest |energy_drift_pct(i)| at any tick so far.
    [[nodiscard]] double largest_drift_pct(std::size_t i) const noexcept { return largest_drift_pct_[i]; }
    // Distance of body i from the sun, units.
    [[nodiscard]] double sun_distance(std::size_t i) const noexcept;
    // Time body i took for its latest whole turn around the sun, s (0 before the first).
    [[nodiscard]] double measured_period_s(std::size_t i) const noexcept { return turns_[i].period_s; }
    [[nodiscard]] double seconds() const noexcept { return seconds_; }
    [[nodiscard]] std::uint64_t ticks() const noexcept { return ticks_; }

    // Every tick's position of each planet (world units), the last trail_length ticks, oldest first.
    static constexpr std::size_t trail_length = 720;
    [[nodiscard]] std::size_t trail_size() const noexcept { return trail_count_; }
    [[nodiscard]] vec2 trail_point(std::size_t body, std::size_t i) const noexcept {
        return trails_[body][(trail_next_ + trail_length - trail_count_ + i) % trail_length];
    }

    // The energy plot: each body's drift sampled every plot_sample_s of simulated time (at the
    // first tick at or after each multiple), the last plot_samples of them: plot_window_s.
    static constexpr double plot_sample_s = 0.1;
    static constexpr std::size_t plot_samples = 200;
    static constexpr double plot_window_s = plot_sample_s * plot_samples;
    static constexpr double plot_low_pct = -25.0;
    static constexpr double plot_high_pct = 100.0;
    struct energy_sample {
        double seconds = 0.0;
        std::array<float, bodies> drift_pct{};
    };
    [[nodiscard]] std::size_t sample_count() const noexcept { return sample_count_; }
    [[nodiscard]] const energy_sample& sample(std::size_t i) const noexcept {
        return samples_[(sample_next_ + plot_samples - sample_count_ + i) % plot_samples];
    }

private:
    void remember() noexcept;
    void count_turns(const std::array<orbit_body, bodies>& before, double dt) noexcept;

    // Whole turns around the sun, counted from the start direction (the angle swept, unwrapped).
    struct turn_count {
        double swept = 0.0;  // radians, counter-clockwise
        std::uint64_t turns = 0;
        double last_turn_s = 0.0;
        double period_s = 0.0;
    };

    scene_options options_;
    random_source rng_;
    orbit_gravity gravity_;
    std::array<orbit_body, bodies> bodies_{};
    std::array<orbit_body, bodies> previous_{};  // last tick's, for interpolated drawing
    double start_energy_ = 0.0;
    std::array<double, bodies> largest_drift_pct_{};
    std::array<turn_count, bodies> turns_{};
    std::uint64_t ticks_ = 0;
    double seconds_ = 0.0;  // simulated
    std::array<std::array<vec2, trail_length>, bodies> trails_{};
    std::size_t trail_next_ = 0;
    std::size_t trail_count_ = 0;
    std::array<energy_sample, plot_samples> samples_{};
    std::size_t sample_next_ = 0;
    std::size_t sample_count_ = 0;
    double next_sample_s_ = 0.0;
};

// The panel's section: each method's energy and orbit, and a restart (to see a tick rate from the
// start after B changed it).
inline constexpr std::array<scene_control, 4> orbits_section_controls{{
    {.kind = control_kind::readout, .name = "explicit_euler"},
    {.kind = control_kind::readout, .name = "semi_implicit_euler"},
    {.kind = control_kind::readout, .name = "velocity_verlet"},
    {.kind = control_kind::button, .name = "restart", .label = "Restart"},
}};
// Each method's energy change since the start, for a lesson's HUD.
inline constexpr std::array<scene_figure, 3> orbits_figures{{
    {"energy_explicit_euler", "energy -"},
    {"energy_semi_implicit_euler", "energy -"},
    {"energy_verlet", "energy -"},
}};
inline constexpr std::array<std::string_view, 3> orbits_default_figures{"energy_explicit_euler",
                                                                        "energy_semi_implicit_euler", "energy_verlet"};
inline constexpr scene_parts orbits_parts{.controls = orbits_section_controls,
                                          .figures = orbits_figures,
                                          .default_figures = orbits_default_figures,
                                          .divergence_unit = "units apart",
                                          .reads_presses = false,
                                          .reads_pointer = false};

}  // namespace ticklab::game

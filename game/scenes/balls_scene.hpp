#pragma once
// Bouncing balls: up to 100,000 balls in a box, with gravity, restitution and ball-ball collisions.
//
// Usage: created through the registry ("balls"); tests and benchmarks may construct it directly
// with a `balls_config` to stress it (a tiny box, huge gravity ...).
//
// Units: world units (the box is 160 x 90 by default) and seconds. State is structure-of-arrays
// doubles; a tick allocates nothing once the ball count is stable (spawning may grow the arrays).
// Invariants after every tick: every centre lies inside the box inset by its radius (or at the
// box's middle when the ball is wider than the box) and every value is finite.

#include "scenes/ball_grid.hpp"
#include "sim/random.hpp"
#include "sim/scene.hpp"

#include <ticklab/script.hpp>
#include <ticklab/time.hpp>

#include <array>
#include <chrono>

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace ticklab::game {

inline constexpr std::uint32_t max_balls = 100'000;

struct balls_config {
    double width = 160.0;  // world units
    double height = 90.0;
    bool gravity_on = true;
    double gravity = 40.0;     // world units / s^2, 0 .. max_gravity
    double restitution = 0.9;  // 0 (no bounce) .. 1 (elastic)
    double radius_min = 0.6;   // world units, before fitting
    double radius_max = 1.8;
    // Shrinks all radii at reset so the balls cover at most `fill` of the box: 100,000 balls then
    // still fit and look like balls. Off in stress tests, to pack the box far beyond its area.
    bool fit_radius = true;
    double fill = 0.35;
    // Under gravity, a ball that has stayed slower than sleep_speed for sleep_seconds stops being
    // simulated until something moves near it or hits it: a resting pile then costs almost nothing.
    bool sleeping = true;
    bool show_sleeping = false;  // drawing only: sleepers in grey, to see what the tick skips

    static constexpr double sleep_speed = 1.0;    // world units / s
    static constexpr double sleep_seconds = 0.5;  // of virtual time

    static constexpr double max_gravity = 1.0e6;
};

class balls_scene final : public scene {
public:
    explicit balls_scene(const scene_options& options, const balls_config& config = {});

    void reset(const scene_options& options) override;
    void tick(const tick_input& input, double dt_seconds) override;
    void draw(draw_list& out, double alpha) const override;
    void hud_lines(std::vector<std::string>& out) const override;
    void report_fields(std::vector<report_field>& out) const override;
    void write_options(scene_options& options) const override;
    [[nodiscard]] std::uint64_t state_hash() const override;
    void save(std::unique_ptr<scene_snapshot>& slot) const override;
    void restore(const scene_snapshot& snapshot) override;
    [[nodiscard]] double divergence(const scene& other) const override;

    // Starts the wave script. The time of the next wave is scene state: after a restore the script
    // started again keeps the waves' schedule instead of counting 4 s from the restart.
    void start_scripts(scene_services& services) override;

    // The scheduled behaviour: `count` balls, picked at random, start again from the top in the
    // next palette colour (the ball count stays the same). A script calls it every wave_interval of
    // virtual time; call it only from timed work or a tick, never from drawing, so it stays
    // deterministic.
    static constexpr std::uint32_t wave_size = 40;
    void spawn_wave(std::uint32_t count = wave_size);
    static constexpr ticklab::nanoseconds wave_interval = std::chrono::seconds{4};
    // Balls at `center` (world units) with small random velocities; stops at max_balls.
    void spawn_at(double x, double y, std::uint32_t count);

    // Clamps every value into its allowed range (NaN falls back to the default); radius and box
    // changes take effect at the next reset, gravity and restitution at once.
    void set_config(const balls_config& config);
    [[nodiscard]] const balls_config& config() const noexcept { return config_; }
    // The options of the last reset (the ball count clamped to max_balls).
    [[nodiscard]] const scene_options& options() const noexcept { return options_; }

    [[nodiscard]] std::size_t size() const noexcept { return x_.size(); }
    [[nodiscard]] std::span<const double> xs() const noexcept { return x_; }
    [[nodiscard]] std::span<const double> ys() const noexcept { return y_; }
    [[nodiscard]] std::span<const double> vxs() const noexcept { return vx_; }
    [[nodiscard]] std::span<const double> vys() const noexcept { return vy_; }
    [[nodiscard]] std::span<const double> radii() const noexcept { return radius_; }
    [[nodiscard]] bool asleep(std::size_t i) const noexcept { return asleep_[i] != 0; }
    [[nodiscard]] std::size_t sleeping_count() const noexcept { return sleeping_; }
    // Sum of m v^2 / 2 with m = r^2 (2D discs of equal density).
    [[nodiscard]] double kinetic_energy() const noexcept;

private:
    void add_ball(double x, double y, double vx, double vy, double radius, std::uint8_t colour);
    void apply_pointer(const tick_input& input);
    void integrate(double dt);
    void keep_in_box(std::size_t i) noexcept;
    // The response to a contact found by resolve_collisions: (dx, dy) from i to j, d2 < reach^2.
    void collide(std::uint32_t i, std::uint32_t j, double dx, double dy, double d2) noexcept;
    // The unit vector from ball i to ball j, and their distance; (dx, dy) from i to j, d2 = d^2.
    struct contact_normal {
        double x, y, distance;
    };
    [[nodiscard]] static contact_normal normal_of(double dx, double dy, double d2) noexcept;
    // Pushes an overlapping pair apart along the line of centres, split by inverse mass (a sleeping
    // ball does not move); changes positions only.
    void separate(std::uint32_t i, std::uint32_t j, const contact_normal& n) noexcept;
    void resolve_collisions();
    template <bool some_asleep>
    void find_contacts();
    void relax_contacts();
    void limit_downward_speed(double dt) noexcept;
    void update_sleep(double dt);
    [[nodiscard]] bool held_up(std::size_t i) const noexcept;
    void wake(std::size_t i) noexcept;
    void wake_all() noexcept;
    void sort_by_cell();
    [[nodiscard]] double random_radius();
    [[nodiscard]] ticklab::script waves(const ticklab::scheduler& clock);
    // One wave's wait: resumes at the next wave's time with how many balls that wave relaunches.
    [[nodiscard]] ticklab::script_of<std::uint32_t> next_wave(const ticklab::scheduler& clock);

    balls_config config_;
    scene_options options_;
    random_source rng_;
    double radius_scale_ = 1.0;  // from fit_radius, fixed at reset
    std::uint64_t ticks_ = 0;
    double resting_speed_ = 0.0;  // world units / s, set each tick from gravity and dt
    std::uint32_t waves_ = 0;
    // Virtual time of the next wave; none until start_scripts after a reset (not in state_hash: it
    // changes no state until the wave, which the hash then shows).
    std::optional<ticklab::nanoseconds> next_wave_;

    // One entry per ball; prev_* is the previous tick's position, for interpolated drawing.
    std::vector<double> x_, y_, prev_x_, prev_y_, vx_, vy_, radius_, inv_mass_;
    std::vector<std::uint8_t> colour_;
    std::vector<std::uint8_t> asleep_;  // 1: not simulated until woken
    // Each ball's index at creation; moves with the ball through sort_by_cell, so a comparison can
    // match balls across two runs. Not simulation state (not in state_hash).
    std::vector<std::uint32_t> id_, scratch_ids_;
    std::vector<std::uint16_t> still_ticks_;          // consecutive ticks slower than sleep_speed
    std::size_t sleeping_ = 0;                        // balls with asleep_ set
    std::vector<std::uint32_t> awake_in_cell_;        // per grid cell, filled only while some balls sleep
    std::vector<std::uint8_t> disturbed_;             // per grid cell: wake its sleepers at the end of the tick
    std::vector<std::array<double, 2>> wake_points_;  // vacated by spawn_wave, woken at the next tick
    // Overlapping pairs found this tick, for the extra position passes (relax_contacts).
    std::vector<std::array<std::uint32_t, 2>> contacts_;
    ball_grid grid_;
    std::vector<double> scratch_;  // for sort_by_cell, kept to avoid allocating
    std::vector<std::uint8_t> scratch_colour_;
    std::vector<std::uint16_t> scratch_ticks_;
};

}  // namespace ticklab::game

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
#include "scenes/column_blocks.hpp"
#include "sim/random.hpp"
#include "sim/scene.hpp"

#include <ticklab/script.hpp>
#include <ticklab/split_chooser.hpp>
#include <ticklab/time.hpp>
#include <ticklab/worker_pool.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace ticklab::game {

inline constexpr std::uint32_t max_balls = 100'000;

struct balls_config {
    double width = 160.0;  // world units
    double height = scene_options::box_height;
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
    // Speed only, the state is the same either way: while few balls are awake, a tick split across
    // threads runs its contact pass on one thread, which skips the rows where every ball sleeps.
    // Off: the split pass visits every cell (a test compares the two).
    bool resting_pass_alone = true;

    static constexpr double sleep_speed = 1.0;  // world units / s
    // Of virtual time. Long enough that a ball at the top of a bounce stays awake (under the default
    // gravity it is slower than sleep_speed for 2 sleep_speed / gravity = 0.05 s); short, so a
    // landed pile stops costing ticks soon: measured on 100,000 balls from reset, 0.15 s had the pile
    // asleep by tick 180 against tick 300 with 0.5 s (mean tick on one thread 8.1 against 11.1 ms).
    static constexpr double sleep_seconds = 0.15;

    static constexpr double max_gravity = 1.0e6;

    friend bool operator==(const balls_config&, const balls_config&) = default;
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
    void state_fields(state_field_list& out) const override;
    void save(std::unique_ptr<scene_snapshot>& slot) const override;
    void restore(const scene_snapshot& snapshot) override;
    [[nodiscard]] double divergence(const scene& other) const override;
    // Each ball more than ghost_distance from where `predicted` had it (matched by id), drawn there
    // as a ring with a line to where it is (balls_view.cpp).
    void draw_ghost(draw_list& out, const scene& predicted, double opacity) const override;
    static constexpr double ghost_distance = 1.0;  // world units: 5 px on an 800 px box
    // balls_section_controls and balls_figures (balls_parts.cpp).
    [[nodiscard]] double control_value(std::string_view name) const override;
    void set_control(std::string_view name, double value) override;
    void set_option(scene_options& options, std::string_view name, double value) const override;
    [[nodiscard]] scene_text figure(std::string_view name) const override;

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

    // The thin wall (scene_options::wall): a full-height slab down the middle of the box, tested
    // like the box's walls, once at the end of each tick. A ball that ends a tick overlapping it is
    // pushed back to the side it came from and bounces; one that crossed it between two ticks
    // without ever overlapping it at a tick's end has tunnelled. At speed v and tick rate f a ball
    // moves v / f a tick: it cannot pass unseen while v / f < wall_thickness + its diameter.
    static constexpr double wall_thickness = 4.0;  // world units
    // With the wall on, a volley replaces the waves: volley_size balls thrown level at the wall,
    // half from each side, at volley_speed_min..max, one volley at reset and then every
    // volley_interval.
    static constexpr std::uint32_t volley_size = 6;
    static constexpr double volley_speed_min = 300.0;  // world units / s
    static constexpr double volley_speed_max = 400.0;
    static constexpr ticklab::nanoseconds volley_interval = std::chrono::seconds{2};
    // A wall contact slower than this (world units / s, into the wall) is a ball leaning on it, not
    // a bounce: it is pushed out but not counted.
    static constexpr double wall_bounce_speed = 20.0;
    void launch_volley();
    [[nodiscard]] bool wall_on() const noexcept { return options_.wall; }
    [[nodiscard]] double wall_x() const noexcept { return 0.5 * config_.width; }  // the wall's centre line
    // Since the last reset: balls whose centre changed side of the wall in one tick without
    // touching it at that tick's end, and balls that hit it at wall_bounce_speed or more.
    [[nodiscard]] std::uint64_t through_wall() const noexcept { return through_wall_; }
    [[nodiscard]] std::uint64_t off_wall() const noexcept { return off_wall_; }
    // The same counts since the last reset or restart_counters(): what the HUD shows. The totals
    // above are simulation state (state_hash), so a restart moves a shown baseline instead.
    void restart_counters() override;
    [[nodiscard]] std::uint64_t through_wall_shown() const noexcept { return through_wall_ - through_wall_from_; }
    [[nodiscard]] std::uint64_t off_wall_shown() const noexcept { return off_wall_ - off_wall_from_; }

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
    // Whether the last tick ran split across the pool's threads: --threads, or the split_chooser's
    // pick with the machine's count. The result is the same bit for bit either way.
    [[nodiscard]] bool last_tick_split() const noexcept { return split_now_; }
    // Each player's last push (a drag or a click) and the tick it came in (0: none since the reset):
    // drawn in the player's colour with scene_options::players = 2 (balls_view.cpp). Display
    // only, not in state_hash; a rollback restores it with the rest of the scene.
    struct push_mark {
        pointer_event event;
        std::uint64_t tick = 0;
    };
    [[nodiscard]] const push_mark& last_push(std::size_t player) const noexcept { return pushes_[player & 1]; }
    // Marks of events too brief to see as they happen, kept until the next reset and drawn as a
    // ring where they happened (balls_view.cpp), their size on a HUD line. Display only: not in
    // state_hash; a rollback restores them with the rest of the scene.
    //  - overshoot: the deepest a frame has drawn a ball past the box's walls. Only extrapolation
    //    does (draw with alpha above 1): a ball that bounced is drawn on into the wall until the
    //    next tick, for under 100 ms at 10 Hz and a few pixels deep. Recorded by draw().
    //  - tunnel: with the wall, the widest jump through it: a ball on the other side of the wall
    //    than a tick before without any tick's test seeing it there. Recorded by tick().
    struct overshoot_mark {
        vec2 at;             // the deepest point of the ball, beyond the wall
        vec2 wall;           // the point of the wall it passed, nearest `at`
        double depth = 0.0;  // world units beyond the wall; 0: none since the reset
    };
    struct tunnel_mark {
        vec2 from, to;      // the ball's centre at the tick before and at the tick after
        vec2 crossing;      // where that straight path crosses the wall's centre line
        double jump = 0.0;  // world units across in that one tick; 0: none since the reset
    };
    [[nodiscard]] const overshoot_mark& deepest_overshoot() const noexcept { return overshoot_; }
    [[nodiscard]] const tunnel_mark& widest_tunnel() const noexcept { return tunnel_; }
    // Sum of m v^2 / 2 with m = r^2 (2D discs of equal density).
    [[nodiscard]] double kinetic_energy() const noexcept;

private:
    // What one worker of a split pass changed besides the balls: their counts are summed after it.
    struct alignas(64) worker_tally {
        std::size_t woken = 0;
        std::size_t fell_asleep = 0;
        std::size_t through_wall = 0;
        std::size_t off_wall = 0;
        std::size_t marked = 0;  // settle: balls given a mark for wake_disturbed
    };

    void add_ball(double x, double y, double vx, double vy, double radius, std::uint8_t colour);
    void apply_pointer(const tick_input& input);
    // reset's `count` balls, at random places with random radii, speeds and headings (they replace
    // any balls there were).
    void make_balls(std::uint32_t count);
    // A new ball i (add_ball, make_balls) moved into the box and off the wall, its last position
    // set to where it ends up (a placement, not a motion). It touches ball i alone, so new balls are
    // placed on any thread.
    void place_new_ball(std::size_t i) noexcept;
    void integrate(double dt);
    void keep_in_box(std::size_t i) noexcept;
    // keep_in_box for a ball that may be past a wall (or wider than the box): out of line, as few
    // balls get here and the check above is called for every push.
    void push_into_box(std::size_t i) noexcept;
    // The wall's test for ball i at the end of a tick (see wall_thickness), counted in `tally`.
    void keep_off_wall(std::size_t i, worker_tally& tally) noexcept;
    // Overlapping pairs, in the order found.
    using contact_list = std::vector<std::array<std::uint32_t, 2>>;
    // The response to a contact: (dx, dy) from i to j, d2 < reach^2. Under gravity the pair joins
    // `found`, for the extra position passes.
    void collide(std::uint32_t i, std::uint32_t j, double dx, double dy, double d2, contact_list& found,
                 worker_tally& tally) noexcept;
    // The distance between centres: (dx, dy) from i to j, d2 = dx^2 + dy^2. Coincident centres get
    // a fixed direction (+x): deterministic, and no division by zero.
    struct contact_gap {
        double dx, dy, distance;
    };
    [[nodiscard]] static contact_gap gap_of(double dx, double dy, double d2) noexcept;
    // Pushes an overlapping pair apart along the line of centres, split by inverse mass (a sleeping
    // ball does not move); changes positions only. One division per call: the direction is never
    // normalised on its own (see balls_contacts.cpp).
    void separate(std::uint32_t i, std::uint32_t j, const contact_gap& g) noexcept;
    // Wakes a ball hit hard during a split pass (counted in `tally`, not in sleeping_).
    void wake_hit(std::uint32_t i, worker_tally& tally) noexcept;
    void resolve_collisions();
    // The contacts of cell (column, row): its balls against the rest of the cell and the forward
    // neighbours (right, and the three above).
    template <bool some_asleep>
    void find_contacts_in_cell(std::uint32_t row, std::uint32_t column, contact_list& found, worker_tally& tally);
    // awake_in_row_ from awake_in_cell_: the awake balls of each grid row.
    void count_awake_rows();
    // The extra position passes over one block's pairs (under gravity only: a gas keeps none).
    void relax_block(const contact_list& pairs) noexcept;
    // One extra push for a pair found this tick, if it still overlaps.
    void relax_pair(std::uint32_t i, std::uint32_t j) noexcept;
    // After the contacts, per ball: the walls, the downward speed kept, and the sleep counters.
    void settle(double dt);
    // Wakes the sleepers near motion, from the marks settle left.
    void wake_disturbed();
    // overshoot_ from the circles a frame drew (one per ball, in order), if deeper than the one kept.
    void note_overshoot(std::vector<circle_shape>::const_iterator first,
                        std::vector<circle_shape>::const_iterator last) const;
    // The rings of deepest_overshoot() and widest_tunnel(), on top of the balls.
    void draw_marks(draw_list& out) const;
    // tunnel_ from this tick's motion: the widest jump through the wall, if wider than the one kept.
    void note_tunnelling() noexcept;
    [[nodiscard]] bool held_up(std::size_t i) const noexcept;
    void wake(std::size_t i) noexcept;
    void wake_all() noexcept;
    // The grid from the balls' positions now, its cells sized for the largest ball.
    void rebuild_grid();
    // Stores the balls in the order the contact pass visits the grid's cells (its last rebuild's):
    // block by block of column_blocks, each block's cells row by row.
    void sort_by_cell();
    [[nodiscard]] double random_radius();
    [[nodiscard]] ticklab::script waves(const ticklab::scheduler& clock);
    // One wave's wait: resumes at the next wave's time with how many balls that wave relaunches.
    [[nodiscard]] ticklab::script_of<std::uint32_t> next_wave(const ticklab::scheduler& clock);
    // Calls body(begin, end, tally) on slices of [0, count) across pool(), then adds the tallies
    // to sleeping_. Only for work where each index touches only its own ball (so any split gives
    // the same result).
    template <typename Body>
    void for_each_slice(std::size_t count, Body&& body);
    // The pool a pass is split across: threads_ threads, or just the caller for small scenes.
    [[nodiscard]] ticklab::worker_pool& pool() const;
    [[nodiscard]] static ticklab::worker_pool& pool_of_one() { return ticklab::shared_worker_pool(1); }
    void sum_tallies() noexcept;

    balls_config config_;
    scene_options options_;
    random_source rng_;
    double radius_scale_ = 1.0;  // from fit_radius, fixed at reset
    std::uint64_t ticks_ = 0;
    std::array<push_mark, 2> pushes_{};
    // See deepest_overshoot(): found while drawing, which is const, so mutable; it never changes what
    // a tick does. A render tick's copy draws at alpha 1 and never overshoots.
    mutable overshoot_mark overshoot_;
    tunnel_mark tunnel_;
    double resting_speed_ = 0.0;  // world units / s, set each tick from gravity and dt
    std::uint32_t waves_ = 0;
    std::uint64_t through_wall_ = 0;  // see through_wall()
    std::uint64_t off_wall_ = 0;
    // The totals at the last restart_counters() (0 at a reset). Display only: not in state_hash.
    // A snapshot carries them with the totals, so a restored scene never shows a negative count.
    std::uint64_t through_wall_from_ = 0;
    std::uint64_t off_wall_from_ = 0;
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
    std::vector<std::uint16_t> still_ticks_;    // consecutive ticks slower than sleep_speed
    std::size_t sleeping_ = 0;                  // balls with asleep_ set
    std::vector<std::uint32_t> awake_in_cell_;  // per grid cell, filled only while some balls sleep
    // Per grid row while the contact pass runs on one thread (count_rows_awake_): its awake balls.
    std::vector<std::uint32_t> awake_in_row_;
    bool count_rows_awake_ = false;
    std::vector<std::uint8_t> disturbed_;             // per grid cell: wake its sleepers at the end of the tick
    std::vector<std::uint8_t> across_;                // wake_disturbed: per cell, the largest mark of its row's 3
    std::vector<std::array<double, 2>> wake_points_;  // vacated by spawn_wave, woken at the next tick
    // Overlapping pairs found this tick, for the extra position passes (relax_block): per block
    // of column_blocks, in the order found. One cache line per list: two workers fill two lists at
    // once, and a push_back writes its list's end pointer.
    struct alignas(64) block_pairs {
        contact_list pairs;
    };
    std::vector<block_pairs> block_contacts_;
    ball_grid grid_;
    // The largest of radius_, for the grid's cell size: kept by add_ball (a ball's radius never
    // changes), since a scan of every radius was 8% of a resting tick.
    double largest_radius_ = 0.0;
    // The tick's passes are split across this many threads (1: all on the caller); the result is
    // the same bit for bit for any count (column_blocks, and per-ball slices).
    unsigned threads_ = 1;
    bool threads_forced_ = false;  // threads_ was asked for, not taken from the machine
    // With the machine's count: whether this tick is split, chosen at its start from measured
    // tick times (split_chooser). Speed only: the state is the same either way.
    ticklab::split_chooser chooser_;
    bool split_now_ = false;  // after a reset, until the first tick: whether the reset was split
    // From this many balls a tick with the machine's thread count may be split (tick()), and a
    // reset always is (make_balls()); below it the calling thread does all the work.
    static constexpr std::size_t min_balls_to_split = 10'000;
    std::vector<worker_tally> tallies_;    // one per worker of pool()
    std::vector<std::uint8_t> ball_mark_;  // settle: what each awake ball marks around it
    std::size_t marked_ = 0;               // settle: balls with a mark in ball_mark_
    std::vector<std::uint8_t> cell_mark_;  // wake_disturbed: the largest mark of a cell's balls
    std::vector<double> scratch_;          // for sort_by_cell, kept to avoid allocating
    std::vector<std::uint8_t> scratch_colour_;
    std::vector<std::uint16_t> scratch_ticks_;
    std::vector<std::uint32_t> block_order_;  // sort_by_cell: the balls' indices in visiting order
};

// The panel's section: gravity, restitution and sleeping at once; the ball count and radii on the
// next reset (the radii are kept live, but only a reset draws new balls with them).
inline constexpr std::array<scene_control, 9> balls_section_controls{{
    {.kind = control_kind::toggle, .name = "gravity", .label = "gravity"},
    {.kind = control_kind::number, .name = "gravity_strength", .label = "strength", .max = 400.0, .format = "%.1f"},
    {.kind = control_kind::number, .name = "restitution", .label = "restitution", .max = 1.0, .format = "%.2f"},
    {.kind = control_kind::toggle,
     .name = "sleeping",
     .label = "sleeping",
     .tooltip = "Balls at rest stop being simulated until something moves near them.\nOff: every ball is "
                "ticked, as the tick's cost shows."},
    {.kind = control_kind::toggle,
     .name = "show_sleeping",
     .label = "show asleep",
     .term = "asleep: a ball at rest is not simulated until something touches it.",
     .same_line = true},
    {.kind = control_kind::heading, .label = "applied on reset"},
    {.kind = control_kind::count,
     .name = "balls",
     .label = "balls",
     .max = max_balls,
     .format = "%d",
     .step = 100.0,
     .step_fast = 1000.0,
     .on_reset = true},
    {.kind = control_kind::range,
     .name = "radius_min",
     .label = "radius",
     .min = 0.1,
     .max = 8.0,
     .format = "%.2f",
     .step = 0.02,
     .high_name = "radius_max"},
    {.kind = control_kind::button, .name = "apply", .label = "Apply (reset)"},
}};
// With the wall (scene_options::wall): how many balls passed through it, how many bounced off.
inline constexpr std::array<scene_figure, 1> balls_figures{{{"wall", "no wall"}}};
inline constexpr scene_parts balls_parts{
    .controls = balls_section_controls, .figures = balls_figures, .box_width = true, .wall = true};

inline void balls_scene::keep_in_box(std::size_t i) noexcept {
    // Inside the box inset by the radius: none of push_into_box's branches would fire. (A ball wider
    // than the box never passes this test and takes the full path.)
    const double r = radius_[i];
    if (x_[i] >= r && x_[i] <= config_.width - r && y_[i] >= r && y_[i] <= config_.height - r) return;
    push_into_box(i);
}

}  // namespace ticklab::game

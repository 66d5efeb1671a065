#include "scenes/balls_scene.hpp"

#include "sim/scene_services.hpp"

#include "scenes/balls_palette.hpp"
#include "sim/portable_math.hpp"
#include "sim/scene_snapshot.hpp"
#include "sim/state_hasher.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>

namespace ticklab::game {

namespace {

// Fast enough to cross the box many times a second, small enough that nothing overflows even
// under a 1e6 gravity at a 1 Hz tick.
constexpr double max_speed = 4000.0;  // world units / s
constexpr double max_radius = 20.0;
constexpr double min_radius = 0.01;
constexpr double min_box = 1.0;
constexpr double max_box = 10'000.0;
// Contacts slower than this do not bounce: a ball settling into a pile stops rather than jitters.
constexpr double min_bounce_speed = 3.0;  // world units / s
// A ball moving faster than this many times sleep_speed wakes the sleepers around it; slower awake
// balls only make their sleeping neighbours check that they are still held up (held_up).
constexpr double disturb_speed_factor = 4.0;

double finite_or(double value, double fallback) {
    return std::isfinite(value) ? value : fallback;
}

}  // namespace

balls_scene::balls_scene(const scene_options& options, const balls_config& config) {
    set_config(config);
    reset(options);
}

void balls_scene::set_config(const balls_config& config) {
    const balls_config fallback;
    balls_config c = config;
    c.width = std::clamp(finite_or(c.width, fallback.width), min_box, max_box);
    c.height = std::clamp(finite_or(c.height, fallback.height), min_box, max_box);
    c.gravity = std::clamp(finite_or(c.gravity, fallback.gravity), 0.0, balls_config::max_gravity);
    c.restitution = std::clamp(finite_or(c.restitution, fallback.restitution), 0.0, 1.0);
    c.radius_min = std::clamp(finite_or(c.radius_min, fallback.radius_min), min_radius, max_radius);
    c.radius_max = std::clamp(finite_or(c.radius_max, fallback.radius_max), c.radius_min, max_radius);
    c.fill = std::clamp(finite_or(c.fill, fallback.fill), 0.01, 0.9);
    // The panel sets the config every frame: only a change that alters the motion wakes the balls.
    const bool motion_changed = c.gravity_on != config_.gravity_on || c.gravity != config_.gravity ||
                                c.restitution != config_.restitution || c.sleeping != config_.sleeping;
    config_ = c;
    if (motion_changed) wake_all();
}

void balls_scene::reset(const scene_options& options) {
    // What the chooser measured holds for the same count on the same threads (R): started over, it
    // ran the splash's first ticks on one thread, and the window's frames after R came late.
    const bool same_work = std::min(options.balls, max_balls) == options_.balls && options.threads == options_.threads;
    options_ = options;
    options_.balls = std::min(options.balls, max_balls);
    if (options.box_width != 0) config_.width = std::clamp(static_cast<double>(options.box_width), min_box, max_box);
    threads_forced_ = options.threads != 0;
    threads_ = options.threads == 0 ? ticklab::worker_pool::machine_threads()
                                    : std::min<unsigned>(options.threads, ticklab::max_worker_threads);
    tallies_.assign(threads_, worker_tally{});
    if (!same_work) chooser_.restart();
    rng_ = random_source{options_.seed};
    ticks_ = 0;
    pushes_ = {};
    overshoot_ = {};
    tunnel_ = {};
    waves_ = 0;
    through_wall_ = 0;
    off_wall_ = 0;
    through_wall_from_ = 0;
    off_wall_from_ = 0;
    next_wave_.reset();
    radius_scale_ = 1.0;
    if (config_.fit_radius && options_.balls > 0) {
        // Mean disc area for a radius uniform in [a, b] is pi (a^2 + ab + b^2) / 3.
        const double a = config_.radius_min;
        const double b = config_.radius_max;
        const double mean_area = std::numbers::pi * (a * a + a * b + b * b) / 3.0;
        const double wanted = config_.fill * config_.width * config_.height / (options_.balls * mean_area);
        radius_scale_ = std::min(1.0, std::sqrt(wanted));
    }
    sleeping_ = 0;
    largest_radius_ = 0.0;
    wake_points_.clear();
    make_balls(options_.balls);
    if (options_.wall) launch_volley();  // something to see from the first frame
    // Drawn at random places, the balls are in no order in memory: until tick()'s first sort the
    // contact pass missed the cache on nearly every neighbour (ticks 1-16 of a 100,000-ball splash
    // on two threads: 6.6-12.7 ms, against 5.1-5.3 in cell order). In cell order from the start.
    rebuild_grid();
    sort_by_cell();
}

void balls_scene::make_balls(std::uint32_t count) {
    // A reset is not timed by the chooser, and each pass of it splits as freely as a tick's: from
    // min_balls_to_split balls it always splits, where it once took the old scene's last choice.
    split_now_ = threads_ > 1 && count >= min_balls_to_split;
    for (auto* v : {&x_, &y_, &prev_x_, &prev_y_, &vx_, &vy_, &radius_, &inv_mass_}) v->resize(count);
    colour_.resize(count);
    asleep_.assign(count, 0);
    still_ticks_.assign(count, 0);
    id_.resize(count);
    // The draws are one sequence, so one thread makes them, in the order every recording was made
    // with: radius, place, speed, heading, colour. vx_ and vy_ hold the speed and the heading until
    // the pass below.
    for (std::uint32_t i = 0; i < count; ++i) {
        const double r = random_radius();
        radius_[i] = r;
        x_[i] = rng_.uniform(r, config_.width - r);
        y_[i] = rng_.uniform(r, config_.height - r);
        vx_[i] = rng_.uniform(5.0, 30.0);
        vy_[i] = rng_.uniform(0.0, 2.0 * std::numbers::pi);
        colour_[i] = static_cast<std::uint8_t>(rng_.below(balls_palette_size));
        largest_radius_ = std::max(largest_radius_, r);
    }
    // The rest of a ball comes from its own draws alone: slices of the balls split freely.
    for_each_slice(count, [&](std::size_t begin, std::size_t end, worker_tally&) {
        for (std::size_t i = begin; i < end; ++i) {
            const double speed = vx_[i];
            const double heading = vy_[i];
            vx_[i] = speed * portable_math::cos(heading);
            vy_[i] = speed * portable_math::sin(heading);
            inv_mass_[i] = 1.0 / (radius_[i] * radius_[i]);
            id_[i] = static_cast<std::uint32_t>(i);
            place_new_ball(i);
        }
    });
}

double balls_scene::random_radius() {
    return radius_scale_ * rng_.uniform(config_.radius_min, config_.radius_max);
}

void balls_scene::add_ball(double x, double y, double vx, double vy, double radius, std::uint8_t colour) {
    x_.push_back(x);
    y_.push_back(y);
    prev_x_.push_back(x);
    prev_y_.push_back(y);
    vx_.push_back(vx);
    vy_.push_back(vy);
    radius_.push_back(radius);
    largest_radius_ = std::max(largest_radius_, radius);
    inv_mass_.push_back(1.0 / (radius * radius));
    colour_.push_back(colour);
    asleep_.push_back(0);
    still_ticks_.push_back(0);
    id_.push_back(static_cast<std::uint32_t>(id_.size()));
    place_new_ball(x_.size() - 1);
}

void balls_scene::place_new_ball(std::size_t i) noexcept {
    prev_x_[i] = x_[i];  // the wall's test reads where the ball came from
    prev_y_[i] = y_[i];
    keep_in_box(i);
    if (options_.wall) {  // never start inside the wall: out to the side its centre is on
        worker_tally not_counted;
        keep_off_wall(i, not_counted);
    }
    prev_x_[i] = x_[i];  // where it starts, not a motion
    prev_y_[i] = y_[i];
}

void balls_scene::spawn_at(double x, double y, std::uint32_t count) {
    if (!std::isfinite(x) || !std::isfinite(y)) return;
    for (std::uint32_t k = 0; k < count && x_.size() < max_balls; ++k) {
        const double r = random_radius();
        const double heading = rng_.uniform(0.0, 2.0 * std::numbers::pi);
        const double speed = rng_.uniform(10.0, 40.0);
        // A small ring around the pointer, so the new balls do not start exactly on top of each other.
        const double spread = 2.0 * r * std::sqrt(static_cast<double>(count));
        // One draw per statement: the order of a call's arguments is up to the compiler (GCC and
        // clang differ), and a replay must draw the same numbers on both. This is GCC's order.
        const auto colour = static_cast<std::uint8_t>(rng_.below(balls_palette_size));
        const double dy = spread * rng_.uniform(-0.5, 0.5);
        const double dx = spread * rng_.uniform(-0.5, 0.5);
        add_ball(x + dx, y + dy, speed * portable_math::cos(heading), speed * portable_math::sin(heading), r, colour);
    }
}

void balls_scene::spawn_wave(std::uint32_t count) {
    const auto colour = static_cast<std::uint8_t>(waves_ % balls_palette_size);
    ++waves_;
    const std::size_t n = x_.size();
    const std::uint32_t relaunched = static_cast<std::uint32_t>(std::min<std::size_t>(count, n));
    // Evenly spaced indices from a random start: distinct balls, spread over the whole box.
    const std::size_t start = n == 0 ? 0 : rng_.below(static_cast<std::uint32_t>(n));
    const std::size_t stride = relaunched == 0 ? 1 : n / relaunched;
    for (std::uint32_t k = 0; k < relaunched; ++k) {
        const std::size_t i = (start + k * stride) % n;
        wake_points_.push_back({x_[i], y_[i]});  // what rested on it must fall
        wake(i);
        x_[i] = config_.width * (k + 0.5) / relaunched;
        y_[i] = config_.height - radius_[i];
        vx_[i] = rng_.uniform(-10.0, 10.0);
        vy_[i] = -rng_.uniform(20.0, 60.0);
        colour_[i] = colour;
        keep_in_box(i);
        prev_x_[i] = x_[i];  // a jump, not a motion: no streak when drawn interpolated
        prev_y_[i] = y_[i];
    }
}

void balls_scene::launch_volley() {
    const auto colour = static_cast<std::uint8_t>(waves_ % balls_palette_size);
    ++waves_;
    const std::size_t n = x_.size();
    const auto count = static_cast<std::uint32_t>(std::min<std::size_t>(volley_size, n));
    const std::size_t start = n == 0 ? 0 : rng_.below(static_cast<std::uint32_t>(n));
    const std::size_t stride = count == 0 ? 1 : n / count;
    for (std::uint32_t k = 0; k < count; ++k) {
        const std::size_t i = (start + k * stride) % n;
        wake_points_.push_back({x_[i], y_[i]});
        wake(i);
        // Alternately from the left and the right, a tenth of the box in from its side, each at its
        // own height in the middle of the box (above the pile, below the HUD), flying level at the wall.
        const bool from_left = k % 2 == 0;
        const double speed = rng_.uniform(volley_speed_min, volley_speed_max);
        x_[i] = config_.width * (from_left ? 0.1 : 0.9);
        y_[i] = config_.height * (0.25 + 0.4 * (k + 0.5) / count);
        vx_[i] = from_left ? speed : -speed;
        vy_[i] = 0.0;
        colour_[i] = colour;
        keep_in_box(i);
        prev_x_[i] = x_[i];  // a jump, not a motion (and not a crossing of the wall)
        prev_y_[i] = y_[i];
    }
}

ticklab::script_of<std::uint32_t> balls_scene::next_wave(const ticklab::scheduler& clock) {
    // A wait resumes exactly at its due time, so from the first wave on this waits the interval.
    // Never a negative wait: a wave time already past (see below) is due at once.
    co_await ticklab::wait(std::max(*next_wave_ - clock.now(), ticklab::nanoseconds{0}));
    // On time (always, unless someone holds the wait), now() is the wave's due time and the next is
    // one interval on: the same grid, the same waves and hashes. Late (the panel paused this wait
    // past its time and resumed it), the held wave comes now, at the resume, and the next a full
    // interval after it: a learner sees the pause stretch one gap and the waves keep their spacing,
    // instead of a catch-up burst of missed waves, or the old grid's next wave right behind the late one.
    *next_wave_ = std::max(*next_wave_, clock.now()) + (options_.wall ? volley_interval : wave_interval);
    co_return options_.wall ? volley_size : wave_size;
}

ticklab::script balls_scene::waves(const ticklab::scheduler& clock) {
    for (;;) {
        const std::uint32_t size = co_await next_wave(clock);  // the child script's result: the wave's size
        if (options_.wall) {
            launch_volley();
        } else {
            spawn_wave(size);
        }
    }
}

void balls_scene::start_scripts(scene_services& services) {
    if (!next_wave_) next_wave_ = services.tasks().now() + (options_.wall ? volley_interval : wave_interval);
    services.start(waves(services.tasks()),
                   options_.wall ? "balls: a volley at the wall every 2 s" : "balls: a wave every 4 s");
}

void balls_scene::save(std::unique_ptr<scene_snapshot>& slot) const {
    save_copy(*this, slot);
}

void balls_scene::restore(const scene_snapshot& snapshot) {
    restore_copy(*this, snapshot, "balls");
}

void balls_scene::apply_pointer(const tick_input& input) {
    for (const pointer_event& event : input.pointer) {
        const double px = event.position.x;
        const double py = event.position.y;
        if (!std::isfinite(px) || !std::isfinite(py)) continue;
        pushes_[event.player & 1] = {event, ticks_};
        if (event.type == pointer_event::kind::click) {
            spawn_at(px, py, 8);
            continue;
        }
        // A drag pulls the velocity of nearby balls towards the pointer's, fading with distance.
        const double reach = 0.1 * std::min(config_.width, config_.height);
        const double dvx = std::clamp(finite_or(event.velocity.x, 0.0), -max_speed, max_speed);
        const double dvy = std::clamp(finite_or(event.velocity.y, 0.0), -max_speed, max_speed);
        for (std::size_t i = 0; i < x_.size(); ++i) {
            const double dx = x_[i] - px;
            const double dy = y_[i] - py;
            const double d2 = dx * dx + dy * dy;
            if (d2 >= reach * reach) continue;
            const double weight = 0.6 * (1.0 - std::sqrt(d2) / reach);
            wake(i);
            vx_[i] += (dvx - vx_[i]) * weight;
            vy_[i] += (dvy - vy_[i]) * weight;
        }
    }
}

void balls_scene::tick(const tick_input& input, double dt_seconds) {
    const double dt = std::clamp(finite_or(dt_seconds, 0.0), 0.0, 1.0);
    ++ticks_;
    // What gravity adds in a couple of ticks: below it, a contact is resting, not a bounce.
    resting_speed_ = config_.gravity_on ? std::max(min_bounce_speed, 2.0 * config_.gravity * dt) : 0.0;
    // With the machine's count, from min_balls_to_split balls the tick is split when measuring
    // says it pays (split_chooser); a count asked for (tests, --threads) always splits.
    const bool choose = threads_ > 1 && !threads_forced_ && x_.size() >= min_balls_to_split;
    split_now_ = threads_ > 1 && (threads_forced_ || (choose && chooser_.split()));
    const auto start = std::chrono::steady_clock::now();
    apply_pointer(input);
    integrate(dt);
    resolve_collisions();
    settle(dt);
    wake_disturbed();
    if (options_.wall) note_tunnelling();
    // Neighbours in space drift apart in memory as balls move; storing them in cell order again
    // now and then keeps the collision pass cache-friendly (about 3x faster at 100,000 balls).
    if (ticks_ % 16 == 0) sort_by_cell();
    if (choose)
        chooser_.record(split_now_, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
}

ticklab::worker_pool& balls_scene::pool() const {
    // Below min_balls_to_split (tick()) a tick stays on the calling thread: handing work to another
    // thread costs more than it saves. Measured from reset (600 ticks, quiet 2-core VM, mean tick 1
    // vs 2 threads, 88e7410): 5,000 balls 0.67 vs 0.72 ms, 10,000 1.28 vs 1.08, 20,000 2.80 vs
    // 2.38, 50,000 8.8 vs 7.1, 100,000 24.6 vs 17.2. Above it, whether two threads still help
    // depends on the machine's load: measured (split_chooser).
    return ticklab::shared_worker_pool(split_now_ ? threads_ : 1);
}

template <typename Body>
void balls_scene::for_each_slice(std::size_t count, Body&& body) {
    pool().run([&](unsigned worker, unsigned workers) {
        body(count * worker / workers, count * (worker + 1) / workers, tallies_[worker]);
    });
    sum_tallies();
}

void balls_scene::sum_tallies() noexcept {
    for (worker_tally& tally : tallies_) {
        sleeping_ += tally.fell_asleep;
        sleeping_ -= tally.woken;
        through_wall_ += tally.through_wall;
        off_wall_ += tally.off_wall;
        marked_ += tally.marked;
        tally = {};
    }
}

void balls_scene::rebuild_grid() {
    grid_.rebuild(x_, y_, config_.width, config_.height, largest_radius_, &pool());
}

void balls_scene::sort_by_cell() {
    if (grid_.order().size() != x_.size()) return;
    // The contact pass's order, not the grid's row by row: a block's balls then lie together in
    // memory, each row of the block right after the one below, and its sweep reads them in turn
    // (row by row, each row of a 16-column block was a jump of a whole grid row in every array).
    block_order_.clear();
    const std::uint32_t columns = grid_.columns();
    for (std::uint32_t b = 0; b < column_blocks::count(columns); ++b)
        for (std::uint32_t r = 0; r < grid_.rows(); ++r)
            for (std::uint32_t c = column_blocks::first(b); c < column_blocks::end(b, columns); ++c) {
                const auto cell = grid_.cell(c, r);
                block_order_.insert(block_order_.end(), cell.begin(), cell.end());
            }
    const std::span<const std::uint32_t> order = block_order_;
    // Each entry k of an array gets what the order puts in place k: slices of k split freely.
    const auto gather = [&](auto& values, auto& scratch) {
        scratch.resize(order.size());
        for_each_slice(order.size(), [&](std::size_t begin, std::size_t end, worker_tally&) {
            for (std::size_t k = begin; k < end; ++k) scratch[k] = values[order[k]];
        });
        values.swap(scratch);
    };
    for (auto* v : {&x_, &y_, &prev_x_, &prev_y_, &vx_, &vy_, &radius_, &inv_mass_}) gather(*v, scratch_);
    for (auto* v : {&colour_, &asleep_}) gather(*v, scratch_colour_);
    gather(still_ticks_, scratch_ticks_);
    gather(id_, scratch_ids_);
}

double balls_scene::divergence(const scene& other) const {
    const auto* ghost = dynamic_cast<const balls_scene*>(&other);
    if (ghost == nullptr) return std::numeric_limits<double>::quiet_NaN();
    // Balls are matched by id, not by index: sort_by_cell reorders the arrays by position.
    std::vector<std::size_t> where(ghost->id_.size(), ghost->id_.size());
    for (std::size_t k = 0; k < ghost->id_.size(); ++k) {
        if (ghost->id_[k] < where.size()) where[ghost->id_[k]] = k;
    }
    double sum = 0.0;
    std::size_t matched = 0;
    for (std::size_t i = 0; i < id_.size(); ++i) {
        if (id_[i] >= where.size() || where[id_[i]] == where.size()) continue;
        const std::size_t k = where[id_[i]];
        sum += portable_math::hypot(x_[i] - ghost->x_[k], y_[i] - ghost->y_[k]);
        ++matched;
    }
    return matched == 0 ? 0.0 : sum / static_cast<double>(matched);
}

void balls_scene::integrate(double dt) {
    const double dv = config_.gravity_on ? config_.gravity * dt : 0.0;
    for_each_slice(x_.size(), [&](std::size_t begin, std::size_t end, worker_tally&) {
        std::copy(x_.begin() + begin, x_.begin() + end, prev_x_.begin() + begin);
        std::copy(y_.begin() + begin, y_.begin() + end, prev_y_.begin() + begin);
        for (std::size_t i = begin; i < end; ++i) {
            if (asleep_[i]) continue;
            double vx = vx_[i];
            double vy = vy_[i] - dv;
            const double speed2 = vx * vx + vy * vy;
            if (speed2 > max_speed * max_speed) {
                const double k = max_speed / std::sqrt(speed2);
                vx *= k;
                vy *= k;
            }
            vx_[i] = vx;
            vy_[i] = vy;
            x_[i] += vx * dt;
            y_[i] += vy * dt;
            keep_in_box(i);
        }
    });
}

void balls_scene::push_into_box(std::size_t i) noexcept {
    const double r = radius_[i];
    // A ball wider than the box sits in its middle.
    const double low_x = std::min(r, 0.5 * config_.width);
    const double high_x = std::max(config_.width - r, 0.5 * config_.width);
    const double low_y = std::min(r, 0.5 * config_.height);
    const double high_y = std::max(config_.height - r, 0.5 * config_.height);
    // Reflect only a velocity heading out of the box, so energy can only shrink (|e| <= 1); a slow
    // one (resting on the floor) stops instead of bouncing.
    const auto bounce = [this](double v) { return std::abs(v) < resting_speed_ ? 0.0 : -config_.restitution * v; };
    if (x_[i] < low_x) {
        x_[i] = low_x;
        if (vx_[i] < 0.0) vx_[i] = bounce(vx_[i]);
    } else if (x_[i] > high_x) {
        x_[i] = high_x;
        if (vx_[i] > 0.0) vx_[i] = bounce(vx_[i]);
    }
    if (y_[i] < low_y) {
        y_[i] = low_y;
        if (vy_[i] < 0.0) vy_[i] = bounce(vy_[i]);
    } else if (y_[i] > high_y) {
        y_[i] = high_y;
        if (vy_[i] > 0.0) vy_[i] = bounce(vy_[i]);
    }
}

void balls_scene::wake(std::size_t i) noexcept {
    still_ticks_[i] = 0;
    if (!asleep_[i]) return;
    asleep_[i] = 0;
    --sleeping_;
}

void balls_scene::wake_all() noexcept {
    std::fill(asleep_.begin(), asleep_.end(), std::uint8_t{0});
    std::fill(still_ticks_.begin(), still_ticks_.end(), std::uint16_t{0});
    sleeping_ = 0;
}

void balls_scene::settle(double dt) {
    const bool limit_speed = config_.gravity_on && dt > 0.0;
    const bool sleep = config_.gravity_on && config_.sleeping && dt > 0.0;
    const auto ticks_to_sleep = static_cast<std::uint16_t>(
        sleep ? std::clamp(std::ceil(balls_config::sleep_seconds / dt), 2.0, 60'000.0) : 0.0);
    // Judged by a ball's velocity once the downward part is cut to what it moved (below), not by
    // how far it moved: the position pushes of a pile that is still working out its overlaps move
    // its balls a little every tick for seconds, with nothing moving. Measured on 100,000 balls
    // from reset: that creep kept most of the pile awake until tick 450 (of 600) when judged by
    // distance, and it is asleep by tick 300 when judged by velocity.
    const double slow2 = balls_config::sleep_speed * balls_config::sleep_speed;
    const double fast2 = disturb_speed_factor * disturb_speed_factor * slow2;
    ball_mark_.resize(x_.size());
    marked_ = 0;
    const bool wall = options_.wall;
    // One pass per ball (each step reads and writes only that ball), so one split of the work,
    // and one loop: three loops read the same arrays three times (a resting tick's settle).
    for_each_slice(x_.size(), [&](std::size_t begin, std::size_t end, worker_tally& tally) {
        for (std::size_t i = begin; i < end; ++i) {
            const bool awake = asleep_[i] == 0;
            if (awake) {
                keep_in_box(i);
                if (wall) {
                    keep_off_wall(i, tally);
                    keep_in_box(i);  // the box wins, should a ball be too wide for its half
                }
            }
            // A ball held up by the pile moved less than its speed says: keep only the downward
            // speed it actually had, or a resting pile stores speed each tick and crushes itself
            // (the stored speed turns into overlap that a single tick cannot push out).
            if (limit_speed && vy_[i] < 0.0) vy_[i] = std::max(vy_[i], std::min(0.0, (y_[i] - prev_y_[i]) / dt));
            if (!sleep) continue;
            // What each awake ball marks around it for wake_disturbed: 2 = it moved fast (wake the
            // sleepers near it), 1 = it moves (a sleeper near it must still be held up), 0 =
            // nothing (asleep, or fell asleep now).
            ball_mark_[i] = 0;
            if (!awake) continue;
            const double speed2 = vx_[i] * vx_[i] + vy_[i] * vy_[i];
            if (speed2 < slow2) {
                if (++still_ticks_[i] >= ticks_to_sleep) {
                    asleep_[i] = 1;
                    ++tally.fell_asleep;
                    vx_[i] = 0.0;
                    vy_[i] = 0.0;
                    continue;
                }
            } else {
                still_ticks_[i] = 0;
            }
            ball_mark_[i] = speed2 > fast2 ? 2 : 1;
            ++tally.marked;
        }
    });
    if (!sleep) {
        if (sleeping_ > 0) wake_all();
        wake_points_.clear();
    }
}

void balls_scene::keep_off_wall(std::size_t i, worker_tally& tally) noexcept {
    // Only where the ball is now, and which side it was on a tick ago: what happened between the
    // two is not seen, as for any discrete collision test.
    const double centre = wall_x();
    const double reach = 0.5 * wall_thickness + radius_[i];
    const bool was_left = prev_x_[i] < centre;
    if (std::abs(x_[i] - centre) < reach) {
        x_[i] = was_left ? centre - reach : centre + reach;
        const double into = was_left ? vx_[i] : -vx_[i];  // speed towards the wall
        if (into > 0.0) {
            if (into >= wall_bounce_speed) ++tally.off_wall;
            vx_[i] = into < resting_speed_ ? 0.0 : -config_.restitution * vx_[i];
        }
        return;
    }
    if (was_left != (x_[i] < centre)) ++tally.through_wall;
}

void balls_scene::note_tunnelling() noexcept {
    // As keep_off_wall counts it: a change of side a tick's end did not push back.
    const double centre = wall_x();
    for (std::size_t i = 0; i < x_.size(); ++i) {
        if ((prev_x_[i] < centre) == (x_[i] < centre)) continue;
        const double jump = std::abs(x_[i] - prev_x_[i]);
        if (jump <= tunnel_.jump) continue;
        const double t = (centre - prev_x_[i]) / (x_[i] - prev_x_[i]);
        tunnel_ = {.from = {static_cast<float>(prev_x_[i]), static_cast<float>(prev_y_[i])},
                   .to = {static_cast<float>(x_[i]), static_cast<float>(y_[i])},
                   .crossing = {static_cast<float>(centre), static_cast<float>(prev_y_[i] + (y_[i] - prev_y_[i]) * t)},
                   .jump = jump};
    }
}

void balls_scene::wake_disturbed() {
    // Each ball's mark goes to the 3 x 3 cells around the one it was sorted into, and so do the
    // points spawn_wave emptied (2); a sleeper then wakes under a 2, or under a 1 if nothing holds
    // it up any more.
    if (sleeping_ == 0) {
        wake_points_.clear();
        return;
    }
    // No mark and no emptied point: nothing to wake (in a resting pile, nearly every tick).
    if (marked_ == 0 && wake_points_.empty()) return;
    cell_mark_.assign(grid_.cell_count(), 0);
    for (std::size_t i = 0; i < x_.size(); ++i) {
        std::uint8_t& mark = cell_mark_[grid_.cell_of(i)];
        mark = std::max(mark, ball_mark_[i]);
    }
    for (const auto [x, y] : wake_points_) cell_mark_[grid_.cell_at(x, y)] = 2;
    wake_points_.clear();
    // Each cell takes the largest mark of the 3 x 3 cells around it: a row-wise max over three
    // columns, then a max over three rows. Same result as each mark spread to its 3 x 3 block, in
    // loops the compiler vectorises (spreading cell by cell was most of this pass in a splash).
    const std::size_t columns = grid_.columns();
    const std::size_t rows = grid_.rows();
    across_.resize(cell_mark_.size());
    for (std::size_t r = 0; r < rows; ++r) {
        const std::uint8_t* in = cell_mark_.data() + r * columns;
        std::uint8_t* out = across_.data() + r * columns;
        out[0] = columns > 1 ? std::max(in[0], in[1]) : in[0];
        for (std::size_t c = 1; c + 1 < columns; ++c) out[c] = std::max({in[c - 1], in[c], in[c + 1]});
        if (columns > 1) out[columns - 1] = std::max(in[columns - 2], in[columns - 1]);
    }
    disturbed_.resize(cell_mark_.size());
    for (std::size_t r = 0; r < rows; ++r) {
        const std::uint8_t* here = across_.data() + r * columns;
        const std::uint8_t* below = r > 0 ? here - columns : here;
        const std::uint8_t* above = r + 1 < rows ? here + columns : here;
        std::uint8_t* out = disturbed_.data() + r * columns;
        for (std::size_t c = 0; c < columns; ++c) out[c] = std::max({below[c], here[c], above[c]});
    }
    for_each_slice(x_.size(), [&](std::size_t begin, std::size_t end, worker_tally& tally) {
        for (std::size_t i = begin; i < end; ++i) {
            if (!asleep_[i]) continue;
            const std::uint8_t mark = disturbed_[grid_.cell_of(i)];
            if (mark == 2 || (mark == 1 && !held_up(i))) {
                still_ticks_[i] = 0;
                asleep_[i] = 0;
                ++tally.woken;
            }
        }
    });
}

bool balls_scene::held_up(std::size_t i) const noexcept {
    // Held: on the floor, or touching a ball below it, or wedged between two or more balls (with
    // friction, an arch in a pile is a real support). Touching means within a tenth of the radius.
    const double ri = radius_[i];
    const double margin = 0.1 * ri;
    if (y_[i] - ri < margin) return true;
    int touching = 0;
    bool held = false;
    grid_.for_each_around(grid_.cell_of(i), [&](std::uint32_t c) {
        if (held) return;
        for (const std::uint32_t j : grid_.cell(c % grid_.columns(), c / grid_.columns())) {
            if (held) return;
            if (j == i) continue;
            const double dx = x_[j] - x_[i];
            const double dy = y_[j] - y_[i];
            const double reach = ri + radius_[j] + margin;
            if (dx * dx + dy * dy >= reach * reach) continue;
            held = dy < -0.05 * reach || ++touching >= 2;
        }
    });
    return held;
}

double balls_scene::kinetic_energy() const noexcept {
    double sum = 0.0;
    for (std::size_t i = 0; i < x_.size(); ++i) {
        sum += 0.5 * radius_[i] * radius_[i] * (vx_[i] * vx_[i] + vy_[i] * vy_[i]);
    }
    return sum;
}

void balls_scene::restart_counters() {
    through_wall_from_ = through_wall_;
    off_wall_from_ = off_wall_;
}

void balls_scene::write_options(scene_options& options) const {
    options.balls = options_.balls;
    options.box_width = options_.box_width;
}

void balls_scene::report_fields(std::vector<report_field>& out) const {
    out.push_back({"balls", std::to_string(x_.size())});
    char width[32];
    std::snprintf(width, sizeof width, "%.10g", config_.width);
    out.push_back({"box_width", width});
    if (options_.wall) {
        out.push_back({"through_wall", std::to_string(through_wall_)});
        out.push_back({"off_wall", std::to_string(off_wall_)});
    }
}

std::uint64_t balls_scene::state_hash() const {
    state_hasher h;
    h.add(rng_.state());
    h.add(ticks_);
    h.add(waves_);
    h.add(radius_scale_);
    h.add(config_.width);
    h.add(config_.height);
    h.add(config_.gravity_on);
    h.add(config_.gravity);
    h.add(config_.restitution);
    h.add(config_.sleeping);
    if (options_.wall) {  // only then: every hash without the wall stays what it was
        h.add(options_.wall);
        h.add(through_wall_);
        h.add(off_wall_);
    }
    for (const auto* v : {&x_, &y_, &prev_x_, &prev_y_, &vx_, &vy_, &radius_}) h.add_all<double>(*v);
    h.add(static_cast<std::uint64_t>(colour_.size()));
    for (const std::uint8_t c : colour_) h.add(static_cast<std::uint64_t>(c));
    for (const std::uint8_t a : asleep_) h.add(static_cast<std::uint64_t>(a));
    for (const std::uint16_t t : still_ticks_) h.add(static_cast<std::uint64_t>(t));
    return h.value();
}

}  // namespace ticklab::game

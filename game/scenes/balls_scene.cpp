#include "scenes/balls_scene.hpp"

#include "sim/scene_services.hpp"

#include "scenes/balls_palette.hpp"
#include "sim/scene_snapshot.hpp"
#include "sim/state_hasher.hpp"

#include <algorithm>
#include <cmath>
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
// An overfull cell (only when the box is packed far beyond its area) resolves each ball against
// at most this many others per cell, so a tick stays O(n) even then.
constexpr std::size_t max_partners_per_cell = 64;
// Extra position passes over the tick's contacts, under gravity: one pass leaves a tall pile
// compressed (each ball sinks into the one below); three keep overlaps under 1% of a diameter.
constexpr int relax_passes = 2;
// Coulomb friction between balls (tangential impulse <= mu x normal impulse). Without it, a ball
// resting off-centre on two others turns the tick's gravity into sideways speed that the position
// pushes never take back: the pile boils instead of coming to rest.
constexpr double friction = 1.0;
// Contacts slower than this do not bounce: a ball settling into a pile stops rather than jitters.
constexpr double min_bounce_speed = 3.0;  // world units / s
// How much of a vertical push the lower ball of a pair is spared (see separate): 0 splits by mass,
// 1 lifts the upper ball alone.
constexpr double shock_share = 0.3;
// A ball moving faster than this many times sleep_speed wakes the sleepers around it; slower awake
// balls only make their sleeping neighbours check that they are still held up (held_up).
constexpr double disturb_speed_factor = 4.0;
// A sleeper hit faster than this wakes at once (slower touches treat it as a fixed obstacle).
constexpr double wake_impact_speed = 2.0 * balls_config::sleep_speed;  // world units / s

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
    options_ = options;
    options_.balls = std::min(options.balls, max_balls);
    rng_ = random_source{options_.seed};
    ticks_ = 0;
    waves_ = 0;
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
    for (auto* v : {&x_, &y_, &prev_x_, &prev_y_, &vx_, &vy_, &radius_, &inv_mass_}) {
        v->clear();
        v->reserve(options_.balls);
    }
    colour_.clear();
    colour_.reserve(options_.balls);
    asleep_.clear();
    asleep_.reserve(options_.balls);
    still_ticks_.clear();
    still_ticks_.reserve(options_.balls);
    id_.clear();
    id_.reserve(options_.balls);
    sleeping_ = 0;
    wake_points_.clear();
    for (std::uint32_t i = 0; i < options_.balls; ++i) {
        const double r = random_radius();
        const double x = rng_.uniform(r, config_.width - r);
        const double y = rng_.uniform(r, config_.height - r);
        const double speed = rng_.uniform(5.0, 30.0);
        const double heading = rng_.uniform(0.0, 2.0 * std::numbers::pi);
        add_ball(x, y, speed * std::cos(heading), speed * std::sin(heading), r,
                 static_cast<std::uint8_t>(rng_.below(balls_palette_size)));
    }
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
    inv_mass_.push_back(1.0 / (radius * radius));
    colour_.push_back(colour);
    asleep_.push_back(0);
    still_ticks_.push_back(0);
    id_.push_back(static_cast<std::uint32_t>(id_.size()));
    keep_in_box(x_.size() - 1);
    prev_x_.back() = x_.back();
    prev_y_.back() = y_.back();
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
        add_ball(x + dx, y + dy, speed * std::cos(heading), speed * std::sin(heading), r, colour);
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

ticklab::script_of<std::uint32_t> balls_scene::next_wave(const ticklab::scheduler& clock) {
    // A wait resumes exactly at its due time, so from the first wave on this waits wave_interval.
    co_await ticklab::wait(*next_wave_ - clock.now());
    *next_wave_ += wave_interval;
    co_return wave_size;
}

ticklab::script balls_scene::waves(const ticklab::scheduler& clock) {
    for (;;) spawn_wave(co_await next_wave(clock));  // the child script's result: the wave's size
}

void balls_scene::start_scripts(scene_services& services) {
    if (!next_wave_) next_wave_ = services.tasks().now() + wave_interval;
    services.start(waves(services.tasks()), "balls: a wave every 4 s");
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
    std::copy(x_.begin(), x_.end(), prev_x_.begin());
    std::copy(y_.begin(), y_.end(), prev_y_.begin());
    apply_pointer(input);
    integrate(dt);
    resolve_collisions();
    relax_contacts();
    for (std::size_t i = 0; i < x_.size(); ++i) {
        if (!asleep_[i]) keep_in_box(i);
    }
    limit_downward_speed(dt);
    update_sleep(dt);
    // Neighbours in space drift apart in memory as balls move; storing them in cell order again
    // now and then keeps the collision pass cache-friendly (about 3x faster at 100,000 balls).
    if (ticks_ % 16 == 0) sort_by_cell();
}

void balls_scene::sort_by_cell() {
    const std::span<const std::uint32_t> order = grid_.order();
    if (order.size() != x_.size()) return;
    scratch_.resize(order.size());
    for (auto* v : {&x_, &y_, &prev_x_, &prev_y_, &vx_, &vy_, &radius_, &inv_mass_}) {
        for (std::size_t k = 0; k < order.size(); ++k) scratch_[k] = (*v)[order[k]];
        v->swap(scratch_);
    }
    for (auto* v : {&colour_, &asleep_}) {
        scratch_colour_.resize(order.size());
        for (std::size_t k = 0; k < order.size(); ++k) scratch_colour_[k] = (*v)[order[k]];
        v->swap(scratch_colour_);
    }
    scratch_ticks_.resize(order.size());
    for (std::size_t k = 0; k < order.size(); ++k) scratch_ticks_[k] = still_ticks_[order[k]];
    still_ticks_.swap(scratch_ticks_);
    scratch_ids_.resize(order.size());
    for (std::size_t k = 0; k < order.size(); ++k) scratch_ids_[k] = id_[order[k]];
    id_.swap(scratch_ids_);
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
        sum += std::hypot(x_[i] - ghost->x_[k], y_[i] - ghost->y_[k]);
        ++matched;
    }
    return matched == 0 ? 0.0 : sum / static_cast<double>(matched);
}

void balls_scene::integrate(double dt) {
    const double dv = config_.gravity_on ? config_.gravity * dt : 0.0;
    const std::size_t n = x_.size();
    for (std::size_t i = 0; i < n; ++i) {
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
}

void balls_scene::keep_in_box(std::size_t i) noexcept {
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

balls_scene::contact_normal balls_scene::normal_of(double dx, double dy, double d2) noexcept {
    const double d = std::sqrt(d2);
    // Coincident centres get a fixed normal: deterministic, and no division by zero.
    if (d <= 1e-9) return {1.0, 0.0, d};
    return {dx / d, dy / d, d};
}

void balls_scene::separate(std::uint32_t i, std::uint32_t j, const contact_normal& n) noexcept {
    const double nx = n.x;
    const double ny = n.y;
    double wi = asleep_[i] ? 0.0 : inv_mass_[i];
    double wj = asleep_[j] ? 0.0 : inv_mass_[j];
    // Under gravity the lower ball of a pair rests on what is below it, so the upper one gives way
    // more (partial shock propagation): with the grid's bottom-up order a pile settles in a few
    // passes instead of sinking into itself. Full propagation (the lower ball fixed) made piles
    // grow towers: every sideways jostle was resolved by lifting the upper ball, for free. 0.3
    // keeps 100,000 balls near their true height with no such growth (measured: mean height over
    // 30 s at 60 Hz). Side by side (ny = 0) the masses share as usual. Positions only: velocities
    // below use true masses, so no momentum or energy is made.
    if (config_.gravity_on) {
        const double lower_share = 1.0 - shock_share * std::abs(ny);
        (ny > 0.0 ? wi : wj) *= lower_share;
    }
    if (wi + wj == 0.0) return;
    const double push = (radius_[i] + radius_[j] - n.distance) / (wi + wj);
    x_[i] -= nx * push * wi;
    y_[i] -= ny * push * wi;
    x_[j] += nx * push * wj;
    y_[j] += ny * push * wj;
    // The walls win at once: a ball pushed into the floor comes straight back.
    if (wi > 0.0) keep_in_box(i);
    if (wj > 0.0) keep_in_box(j);
}

void balls_scene::collide(std::uint32_t i, std::uint32_t j, double dx, double dy, double d2) noexcept {
    const contact_normal n = normal_of(dx, dy, d2);
    const double nx = n.x;
    const double ny = n.y;
    const auto approach_speed = [&] { return (vx_[j] - vx_[i]) * nx + (vy_[j] - vy_[i]) * ny; };
    // A hard hit wakes a sleeper, which then takes its share of the push and impulse.
    if (approach_speed() < -wake_impact_speed) {
        wake(i);
        wake(j);
    }
    if (config_.gravity_on) contacts_.push_back({i, j});  // only piles need the extra passes
    separate(i, j, n);
    // After the push: a wall it met may have turned a velocity around.
    const double approach = approach_speed();
    // Impulse only while approaching; with e <= 1 and true masses it never adds kinetic energy. A
    // slow contact (resting, in a pile) does not bounce.
    if (approach >= 0.0) return;
    const double wi = asleep_[i] ? 0.0 : inv_mass_[i];
    const double wj = asleep_[j] ? 0.0 : inv_mass_[j];
    if (wi + wj == 0.0) return;
    const bool resting = approach > -resting_speed_;
    const double e = resting ? 0.0 : config_.restitution;
    const double impulse = -(1.0 + e) * approach / (wi + wj);
    // Friction (Coulomb), under gravity only, so a gas without gravity keeps its energy: the
    // tangential impulse stops sliding but never exceeds mu times the normal one.
    double tangential = 0.0;
    if (config_.gravity_on) {
        const double slide = (vx_[j] - vx_[i]) * -ny + (vy_[j] - vy_[i]) * nx;
        const double limit = friction * impulse;
        tangential = std::clamp(-slide / (wi + wj), -limit, limit);
    }
    const double px = impulse * nx - tangential * ny;
    const double py = impulse * ny + tangential * nx;
    vx_[i] -= px * wi;
    vy_[i] -= py * wi;
    vx_[j] += px * wj;
    vy_[j] += py * wj;
}

void balls_scene::relax_contacts() {
    for (int pass = 0; pass < relax_passes; ++pass) {
        for (const auto [i, j] : contacts_) {
            const double dx = x_[j] - x_[i];
            const double dy = y_[j] - y_[i];
            const double reach = radius_[i] + radius_[j];
            const double d2 = dx * dx + dy * dy;
            if (d2 < reach * reach) separate(i, j, normal_of(dx, dy, d2));
        }
    }
}

void balls_scene::limit_downward_speed(double dt) noexcept {
    // A ball held up by the pile moved less than its speed says: keep only the downward speed it
    // actually had, or a resting pile stores speed each tick and crushes itself (the stored speed
    // turns into overlap that a single tick cannot push out).
    if (!config_.gravity_on || dt <= 0.0) return;
    for (std::size_t i = 0; i < x_.size(); ++i) {
        if (vy_[i] < 0.0) vy_[i] = std::max(vy_[i], std::min(0.0, (y_[i] - prev_y_[i]) / dt));
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

void balls_scene::update_sleep(double dt) {
    if (!config_.gravity_on || !config_.sleeping || dt <= 0.0) {
        if (sleeping_ > 0) wake_all();
        wake_points_.clear();
        return;
    }
    const auto ticks_to_sleep =
        static_cast<std::uint16_t>(std::clamp(std::ceil(balls_config::sleep_seconds / dt), 2.0, 60'000.0));
    // Judged by how far a ball actually moved this tick: in a pile its velocity keeps the tick's
    // gravity (g dt), which the contacts cancel in position.
    const double slow2 = balls_config::sleep_speed * balls_config::sleep_speed * dt * dt;
    const double fast2 = disturb_speed_factor * disturb_speed_factor * slow2;
    // Per cell: 2 = something moved fast nearby (wake its sleepers), 1 = an awake ball is near
    // (a sleeper there must still be held up by something), 0 = quiet.
    disturbed_.assign(grid_.cell_count(), 0);
    bool marked = false;
    const auto mark_around = [&](std::uint32_t cell, std::uint8_t level) {
        grid_.for_each_around(cell, [&](std::uint32_t c) { disturbed_[c] = std::max(disturbed_[c], level); });
        marked = true;
    };
    for (const auto [x, y] : wake_points_) mark_around(grid_.cell_at(x, y), 2);
    wake_points_.clear();
    for (std::size_t i = 0; i < x_.size(); ++i) {
        if (asleep_[i]) continue;
        const double mx = x_[i] - prev_x_[i];
        const double my = y_[i] - prev_y_[i];
        const double moved2 = mx * mx + my * my;
        if (moved2 < slow2) {
            if (++still_ticks_[i] >= ticks_to_sleep) {
                asleep_[i] = 1;
                ++sleeping_;
                vx_[i] = 0.0;
                vy_[i] = 0.0;
                continue;
            }
        } else {
            still_ticks_[i] = 0;
        }
        mark_around(grid_.cell_of(i), moved2 > fast2 ? 2 : 1);
    }
    if (!marked || sleeping_ == 0) return;
    for (std::size_t i = 0; i < x_.size(); ++i) {
        if (!asleep_[i]) continue;
        const std::uint8_t mark = disturbed_[grid_.cell_of(i)];
        if (mark == 2 || (mark == 1 && !held_up(i))) wake(i);
    }
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

void balls_scene::resolve_collisions() {
    double largest = 0.0;
    for (const double r : radius_) largest = std::max(largest, r);
    grid_.rebuild(x_, y_, config_.width, config_.height, largest);
    contacts_.clear();
    // While some balls sleep, a cell with no awake ball needs no test against another such cell.
    if (sleeping_ == 0) {
        // No sleeper: the sleep tests compile away (they cost a gas of balls about 1.4x).
        find_contacts<false>();
        return;
    }
    awake_in_cell_.assign(grid_.cell_count(), 0);
    for (std::size_t i = 0; i < x_.size(); ++i) awake_in_cell_[grid_.cell_of(i)] += asleep_[i] ? 0 : 1;
    find_contacts<true>();
}

template <bool some_asleep>
void balls_scene::find_contacts() {
    const std::uint8_t* asleep = asleep_.data();
    const double* x = x_.data();
    const double* y = y_.data();
    const double* radius = radius_.data();
    const std::uint32_t columns = grid_.columns();
    const std::uint32_t rows = grid_.rows();
    for (std::uint32_t row = 0; row < rows; ++row) {
        for (std::uint32_t column = 0; column < columns; ++column) {
            const auto here = grid_.cell(column, row);
            for (std::size_t a = 0; a < here.size(); ++a) {
                const std::uint32_t i = here[a];
                // Most candidates are misses: test them inline against ball i's cached position
                // and call the contact response only for a hit (profiling: the call per
                // candidate, not the response, was most of a tick). Reload after a hit, since
                // the response moves ball i.
                double xi = x[i];
                double yi = y[i];
                const double ri = radius[i];
                const bool i_asleep = some_asleep && asleep[i] != 0;
                const auto test = [&](const std::uint32_t* first, const std::uint32_t* last) {
                    for (; first != last; ++first) {
                        const std::uint32_t j = *first;
                        const double dx = x[j] - xi;
                        const double dy = y[j] - yi;
                        const double reach = ri + radius[j];
                        const double d2 = dx * dx + dy * dy;
                        if (d2 >= reach * reach || (i_asleep && asleep[j])) continue;
                        collide(i, j, dx, dy, d2);
                        xi = x[i];
                        yi = y[i];
                    }
                };
                if constexpr (!some_asleep) {
                    // Cells of one row are consecutive in the grid's order, so the forward
                    // neighbours are two runs: the rest of this cell plus the cell to the right, and
                    // the three cells above. Two loops instead of five: in a gas most cells hold a
                    // ball or two, and each loop's exit was a mispredicted branch. Same pairs, same
                    // order; a run long enough for the per-cell cap to matter takes the path below.
                    const std::uint32_t* same_first = here.data() + a + 1;
                    const auto right = grid_.cell(column + 1 < columns ? column + 1 : column, row);
                    const std::uint32_t* same_last = right.data() + right.size();
                    const std::uint32_t* above_first = same_last;
                    const std::uint32_t* above_last = same_last;
                    if (row + 1 < rows) {
                        above_first = grid_.cell(column > 0 ? column - 1 : column, row + 1).data();
                        const auto upper_right = grid_.cell(column + 1 < columns ? column + 1 : column, row + 1);
                        above_last = upper_right.data() + upper_right.size();
                    }
                    if (same_last - same_first <= static_cast<std::ptrdiff_t>(max_partners_per_cell) &&
                        above_last - above_first <= static_cast<std::ptrdiff_t>(max_partners_per_cell)) {
                        test(same_first, same_last);
                        test(above_first, above_last);
                        continue;
                    }
                }
                if (!i_asleep || awake_in_cell_[static_cast<std::size_t>(row) * columns + column] > 0) {
                    const std::size_t own_end = std::min(here.size(), a + 1 + max_partners_per_cell);
                    test(here.data() + a + 1, here.data() + own_end);
                }
                // Forward neighbours: right, and the three cells above.
                const auto visit = [&](std::uint32_t c, std::uint32_t r) {
                    if (i_asleep && awake_in_cell_[static_cast<std::size_t>(r) * columns + c] == 0) return;
                    const auto there = grid_.cell(c, r);
                    const std::size_t end = std::min(there.size(), max_partners_per_cell);
                    test(there.data(), there.data() + end);
                };
                if (column + 1 < columns) visit(column + 1, row);
                if (row + 1 < rows) {
                    if (column > 0) visit(column - 1, row + 1);
                    visit(column, row + 1);
                    if (column + 1 < columns) visit(column + 1, row + 1);
                }
            }
        }
    }
}

double balls_scene::kinetic_energy() const noexcept {
    double sum = 0.0;
    for (std::size_t i = 0; i < x_.size(); ++i) {
        sum += 0.5 * radius_[i] * radius_[i] * (vx_[i] * vx_[i] + vy_[i] * vy_[i]);
    }
    return sum;
}

void balls_scene::write_options(scene_options& options) const {
    options.balls = options_.balls;
}

void balls_scene::report_fields(std::vector<report_field>& out) const {
    out.push_back({"balls", std::to_string(x_.size())});
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
    for (const auto* v : {&x_, &y_, &prev_x_, &prev_y_, &vx_, &vy_, &radius_}) h.add_all<double>(*v);
    h.add(static_cast<std::uint64_t>(colour_.size()));
    for (const std::uint8_t c : colour_) h.add(static_cast<std::uint64_t>(c));
    for (const std::uint8_t a : asleep_) h.add(static_cast<std::uint64_t>(a));
    for (const std::uint16_t t : still_ticks_) h.add(static_cast<std::uint64_t>(t));
    return h.value();
}

}  // namespace ticklab::game

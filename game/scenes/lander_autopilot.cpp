#include "scenes/lander_autopilot.hpp"

#include "sim/portable_math.hpp"

#include <algorithm>
#include <cmath>

namespace ticklab::game {

lander_controls autopilot(const lander_body& body, const lander_terrain& terrain) {
    using p = lander_physics;
    lander_controls out;
    const double pad_x = terrain.pad_center();
    const double dx = pad_x - body.x;
    const double foot_y = body.y - p::foot_drop;
    const double pad_half = 0.5 * (terrain.pad_right() - terrain.pad_left());
    const bool over_pad = std::abs(dx) < 0.5 * pad_half;
    const double height_over_pad = foot_y - terrain.pad_height();
    // The final descent starts only once over the middle of the pad and nearly still sideways; once
    // falling, it goes on while both feet would still come down on the pad (leaving it there would
    // lean the lander over just above the ground).
    const bool on_pad = std::abs(dx) < pad_half - p::foot_spread;
    const bool final_descent = std::abs(body.vx) < 1.2 && (over_pad || (on_pad && body.vy < -0.5));

    // Velocities it aims for (m/s), so that a flight takes about 15 s: towards the pad as fast as
    // a braking lean can still stop it over the pad (v^2 = 2 a d, slower in the last metres); down
    // steeply to 6 m above the highest ground on the way, and gently while still sliding over the pad.
    constexpr double brake = 2.0;  // m/s^2 of horizontal braking it plans with
    const double approach = std::min({std::sqrt(2.0 * brake * std::abs(dx)), 0.4 * std::abs(dx), 18.0});
    const double vx_target = std::copysign(approach, dx);
    const double clearance = terrain.highest_between(body.x, pad_x) + 6.0;
    const double vy_target = std::clamp(0.5 * (clearance - foot_y), over_pad ? -2.0 : -9.0, 3.0);

    // Attitude: lean to push the horizontal velocity towards its target (leaning right, a
    // negative angle, pushes right), up to 0.9 rad (52 deg: the engine still holds the lander up,
    // 4.5 cos 0.9 = 2.8 > 1.62 m/s^2); nearly upright in the final descent.
    const double vx_error = vx_target - body.vx;
    const double lean_limit = final_descent ? (height_over_pad < 6.0 ? 0.04 : 0.1) : 0.9;
    const double angle_target = std::clamp(-0.5 * vx_error, -lean_limit, lean_limit);
    // Jets: steer the spin towards a rate proportional to the attitude error. The gain is high
    // (the error closes in a tenth of a second), which a 60 Hz sample follows smoothly and a
    // 5 Hz sample overshoots.
    const double spin_target = std::clamp(10.0 * (angle_target - body.angle), -2.0, 2.0);
    constexpr double spin_band = 0.1;  // rad/s: no jets inside it
    out.rotate_left = body.spin < spin_target - spin_band;
    out.rotate_right = body.spin > spin_target + spin_band;

    const bool can_burn = std::abs(body.angle) < 1.0 && body.fuel > 0.0;
    if (!final_descent) {
        // Bang-bang on the vertical velocity; also burn to fix the horizontal velocity once leaning
        // the right way, as long as that does not climb too fast.
        const bool leaning_right_way = std::abs(body.angle) > 0.1 && (-portable_math::sin(body.angle) * vx_error) > 0.0;
        const bool sideways = std::abs(vx_error) > 0.5 && leaning_right_way && body.vy < vy_target + 1.5;
        out.thrust = can_burn && (body.vy < vy_target || sideways);
        return out;
    }
    // Final descent: fall freely, then brake at the last moment (a "suicide burn"): burn when the
    // braking distance to touchdown speed plus a small margin reaches the height left. The margin
    // suits a 60 Hz sample (the lander falls centimetres between two samples); at 5 Hz it falls
    // metres between samples, so the burn starts late and the touchdown is hard.
    constexpr double touchdown_speed = 0.8;  // m/s, aimed for
    constexpr double margin = 0.4;           // m
    const double braking = p::thrust * portable_math::cos(body.angle) - p::gravity;
    const double falling = -body.vy;
    const double braking_distance =
        (falling * falling - touchdown_speed * touchdown_speed) / (2.0 * std::max(braking, 0.1));
    out.thrust = can_burn && falling > touchdown_speed && braking_distance + margin >= height_over_pad;
    return out;
}

}  // namespace ticklab::game

#pragma once
// The lander's autopilot: looks at the state once per tick and chooses the controls for that tick.
//
// It is a sampled controller: a decision holds for the whole tick. Its gains suit a 60 Hz tick,
// where a decision lasts 17 ms; at 5 Hz a decision lasts 200 ms, the attitude control overshoots
// by tens of degrees and the lander tends to touch down tilted or too fast. That contrast is the
// point of the demo (a step must be small enough for the controller to react).

#include "scenes/lander_terrain.hpp"

namespace ticklab::game {

struct lander_body {
    double x = 0.0, y = 0.0;    // centre, m
    double vx = 0.0, vy = 0.0;  // m/s
    double angle = 0.0;         // rad, counter-clockwise from upright; thrust points along (-sin, cos)
    double spin = 0.0;          // rad/s
    double fuel = 0.0;          // s of main-engine burn left
};

struct lander_controls {
    bool thrust = false;
    bool rotate_left = false;  // counter-clockwise
    bool rotate_right = false;
};

struct lander_physics {
    static constexpr double gravity = 1.62;     // m/s^2, the Moon's
    static constexpr double thrust = 4.5;       // m/s^2 at full burn
    static constexpr double spin_rate = 15.0;   // rad/s^2 from the attitude jets
    static constexpr double max_spin = 3.0;     // rad/s
    static constexpr double foot_drop = 2.4;    // m below the centre
    static constexpr double foot_spread = 2.2;  // m either side
    static constexpr double full_fuel = 24.0;   // s of burn
    // Touchdown limits for a landing (else a crash).
    static constexpr double max_landing_vy = 2.5;       // m/s
    static constexpr double max_landing_vx = 1.5;       // m/s
    static constexpr double max_landing_angle = 0.175;  // rad, about 10 degrees
};

[[nodiscard]] lander_controls autopilot(const lander_body& body, const lander_terrain& terrain);

}  // namespace ticklab::game

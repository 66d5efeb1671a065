#pragma once
// One planet around a fixed sun, and the three ways the orbits scene steps it: explicit Euler,
// semi-implicit (symplectic) Euler and velocity Verlet.
//
// Units: world units and seconds; positions are relative to the sun. Gravity is softened by
// `softening` (a Plummer potential), so a planet that passes through the sun at a huge step gets a
// large but finite pull, and the energy below is exactly the one that pull conserves.

#include <array>
#include <cstdint>
#include <string_view>

namespace ticklab::game {

enum class integrator : std::uint8_t { explicit_euler, semi_implicit_euler, velocity_verlet };
inline constexpr std::array<integrator, 3> integrators{integrator::explicit_euler, integrator::semi_implicit_euler,
                                                       integrator::velocity_verlet};
// "explicit Euler", "semi-implicit Euler", "velocity Verlet".
[[nodiscard]] std::string_view to_string(integrator method);
// "explicit_euler" ...: report keys.
[[nodiscard]] std::string_view key_of(integrator method);

struct orbit_body {
    double x = 0.0, y = 0.0;    // from the sun, units
    double vx = 0.0, vy = 0.0;  // units/s
    // The pull at (x, y), units/s^2: kept after each step so every method evaluates gravity once a
    // step (Verlet needs it at the step's start and end).
    double ax = 0.0, ay = 0.0;
};

struct orbit_gravity {
    double mu = 1.0;         // the sun's G*M, units^3/s^2
    double softening = 1.0;  // units

    // Sets b.ax, b.ay to the pull at b's position.
    void pull(orbit_body& b) const noexcept;
    // Kinetic plus potential energy per unit mass, units^2/s^2 (negative while bound).
    [[nodiscard]] double energy(const orbit_body& b) const noexcept;
};

// One step of dt seconds by `method`; b's acceleration must be the pull at its position, and is
// again afterwards.
void step(integrator method, orbit_body& b, const orbit_gravity& gravity, double dt) noexcept;

}  // namespace ticklab::game

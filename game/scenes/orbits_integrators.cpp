#include "scenes/orbits_integrators.hpp"

#include <cmath>

namespace ticklab::game {

std::string_view to_string(integrator method) {
    switch (method) {
        case integrator::explicit_euler:
            return "explicit Euler";
        case integrator::semi_implicit_euler:
            return "semi-implicit Euler";
        case integrator::velocity_verlet:
            return "velocity Verlet";
    }
    return "explicit Euler";
}

std::string_view key_of(integrator method) {
    switch (method) {
        case integrator::explicit_euler:
            return "explicit_euler";
        case integrator::semi_implicit_euler:
            return "semi_implicit_euler";
        case integrator::velocity_verlet:
            return "velocity_verlet";
    }
    return "explicit_euler";
}

void orbit_gravity::pull(orbit_body& b) const noexcept {
    const double r2 = b.x * b.x + b.y * b.y + softening * softening;
    const double f = -mu / (r2 * std::sqrt(r2));
    b.ax = f * b.x;
    b.ay = f * b.y;
}

double orbit_gravity::energy(const orbit_body& b) const noexcept {
    const double r = std::sqrt(b.x * b.x + b.y * b.y + softening * softening);
    return 0.5 * (b.vx * b.vx + b.vy * b.vy) - mu / r;
}

void step(integrator method, orbit_body& b, const orbit_gravity& gravity, double dt) noexcept {
    switch (method) {
        case integrator::explicit_euler:
            // Position and velocity both from the step's start: the velocity used is always the
            // one before the pull turned it, so each step leaves the orbit a little outward.
            b.x += b.vx * dt;
            b.y += b.vy * dt;
            b.vx += b.ax * dt;
            b.vy += b.ay * dt;
            break;
        case integrator::semi_implicit_euler:
            // The new velocity moves the planet: symplectic, so the energy error stays bounded.
            b.vx += b.ax * dt;
            b.vy += b.ay * dt;
            b.x += b.vx * dt;
            b.y += b.vy * dt;
            break;
        case integrator::velocity_verlet: {
            b.x += b.vx * dt + 0.5 * b.ax * dt * dt;
            b.y += b.vy * dt + 0.5 * b.ay * dt * dt;
            const double ax = b.ax;
            const double ay = b.ay;
            gravity.pull(b);
            b.vx += 0.5 * (ax + b.ax) * dt;
            b.vy += 0.5 * (ay + b.ay) * dt;
            return;
        }
    }
    gravity.pull(b);
}

}  // namespace ticklab::game

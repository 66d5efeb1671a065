// The balls splash in Ticklab and in two general physics engines from Debian, one after another in
// one process, from the same starting state: Box2D 2.4.1 (libbox2d-dev) and Chipmunk 7
// (libchipmunk-dev). Prints each engine's mean step time and its ratio to Ticklab's.
//
//   build/bench/peer_bench [balls] [ticks]        (defaults 10000 and 600: ten seconds at 60 Hz)
//
// Same scene: the balls of a Ticklab reset (seed 1: positions, velocities, radii, mass ~ r^2) in
// the 160 x 90 box, gravity 40 units/s^2 down, restitution 0.9, friction 1 (Ticklab's between
// balls), 60 Hz, one thread. The engines model more than Ticklab does (rotation, friction against
// the walls, several velocity and position iterations, Box2D's continuous collision is off for
// these bodies as they are not bullets), so the ratio is a reference point, not a race: see
// BENCHMARKS.md for what each models. Box2D 2.4.1: 8 velocity and 3 position iterations (its
// testbed's). Chipmunk: 10 iterations (its default) and its spatial hash with cells a diameter of
// the largest ball, the broad phase that suits many equal circles; elasticity and friction
// combine as products there, so each ball has sqrt(0.9) and the walls 1 (ball-wall 0.95).
// CI builds it with the benchmarks but does not run it.
#include "scenes/balls_scene.hpp"

#include <box2d/box2d.h>
#include <chipmunk/chipmunk.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numbers>
#include <string>
#include <vector>

namespace {

using ticklab::game::balls_scene;
using ticklab::game::scene_options;

constexpr double step = 1.0 / 60.0;
constexpr double gravity = 40.0;
constexpr double restitution = 0.9;
constexpr double friction = 1.0;

struct start_state {
    double width = 0.0;
    double height = 0.0;
    std::vector<double> x, y, vx, vy, r;
};

// Milliseconds per call of `one_step`, over `ticks` calls.
template <typename Step>
double mean_ms(int ticks, Step&& one_step) {
    const auto start = std::chrono::steady_clock::now();
    for (int t = 0; t < ticks; ++t) one_step();
    const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
    return took.count() / ticks;
}

double run_ticklab(std::uint32_t balls, int ticks) {
    scene_options options;
    options.balls = balls;
    options.seed = 1;
    options.threads = 1;
    balls_scene scene{options};
    const ticklab::game::tick_input none;
    return mean_ms(ticks, [&] { scene.tick(none, step); });
}

double run_box2d(const start_state& s, int ticks) {
    b2World world{b2Vec2{0.0f, static_cast<float>(-gravity)}};
    b2BodyDef wall_def;
    b2Body* walls = world.CreateBody(&wall_def);
    const auto w = static_cast<float>(s.width);
    const auto h = static_cast<float>(s.height);
    const b2Vec2 corners[4] = {{0.0f, 0.0f}, {w, 0.0f}, {w, h}, {0.0f, h}};
    for (int k = 0; k < 4; ++k) {
        b2EdgeShape edge;
        edge.SetTwoSided(corners[k], corners[(k + 1) % 4]);
        b2FixtureDef fixture;
        fixture.shape = &edge;
        fixture.friction = static_cast<float>(friction);
        fixture.restitution = static_cast<float>(restitution);
        walls->CreateFixture(&fixture);
    }
    for (std::size_t i = 0; i < s.x.size(); ++i) {
        b2BodyDef def;
        def.type = b2_dynamicBody;
        def.position.Set(static_cast<float>(s.x[i]), static_cast<float>(s.y[i]));
        def.linearVelocity.Set(static_cast<float>(s.vx[i]), static_cast<float>(s.vy[i]));
        b2Body* body = world.CreateBody(&def);
        b2CircleShape circle;
        circle.m_radius = static_cast<float>(s.r[i]);
        b2FixtureDef fixture;
        fixture.shape = &circle;
        fixture.density = static_cast<float>(1.0 / std::numbers::pi);  // mass r^2, as Ticklab's
        fixture.friction = static_cast<float>(friction);
        fixture.restitution = static_cast<float>(restitution);
        body->CreateFixture(&fixture);
    }
    return mean_ms(ticks, [&] { world.Step(static_cast<float>(step), 8, 3); });
}

double run_chipmunk(const start_state& s, int ticks) {
    cpSpace* space = cpSpaceNew();
    cpSpaceSetGravity(space, cpv(0.0, -gravity));
    double largest = 0.0;
    for (const double r : s.r) largest = std::max(largest, r);
    cpSpaceUseSpatialHash(space, 2.0 * largest, static_cast<int>(4 * s.x.size() + 1000));
    cpBody* walls = cpSpaceGetStaticBody(space);
    const cpVect corners[4] = {cpv(0.0, 0.0), cpv(s.width, 0.0), cpv(s.width, s.height), cpv(0.0, s.height)};
    std::vector<cpShape*> shapes;
    for (int k = 0; k < 4; ++k) {
        cpShape* edge = cpSpaceAddShape(space, cpSegmentShapeNew(walls, corners[k], corners[(k + 1) % 4], 0.0));
        cpShapeSetElasticity(edge, 1.0);
        cpShapeSetFriction(edge, 1.0);
        shapes.push_back(edge);
    }
    std::vector<cpBody*> bodies;
    for (std::size_t i = 0; i < s.x.size(); ++i) {
        const double mass = s.r[i] * s.r[i];
        cpBody* body = cpSpaceAddBody(space, cpBodyNew(mass, cpMomentForCircle(mass, 0.0, s.r[i], cpvzero)));
        cpBodySetPosition(body, cpv(s.x[i], s.y[i]));
        cpBodySetVelocity(body, cpv(s.vx[i], s.vy[i]));
        cpShape* circle = cpSpaceAddShape(space, cpCircleShapeNew(body, s.r[i], cpvzero));
        cpShapeSetElasticity(circle, std::sqrt(restitution));
        cpShapeSetFriction(circle, std::sqrt(friction));
        bodies.push_back(body);
        shapes.push_back(circle);
    }
    const double ms = mean_ms(ticks, [&] { cpSpaceStep(space, step); });
    for (cpShape* shape : shapes) {
        cpSpaceRemoveShape(space, shape);
        cpShapeFree(shape);
    }
    for (cpBody* body : bodies) {
        cpSpaceRemoveBody(space, body);
        cpBodyFree(body);
    }
    cpSpaceFree(space);
    return ms;
}

// A whole number in [low, high], or exits 2 with one line naming the value and the range.
long read_count(const char* text, const char* what, long low, long high) {
    char* end = nullptr;
    const long value = std::strtol(text, &end, 10);
    if (end == text || *end != '\0' || value < low || value > high) {
        std::fprintf(stderr, "peer_bench: %s '%s' is not allowed: use a whole number from %ld to %ld\n", what, text,
                     low, high);
        std::exit(2);
    }
    return value;
}

}  // namespace

int main(int argc, char** argv) {
    const auto balls = static_cast<std::uint32_t>(argc > 1 ? read_count(argv[1], "balls", 1, 100'000) : 10'000);
    const int ticks = static_cast<int>(argc > 2 ? read_count(argv[2], "ticks", 1, 100'000) : 600);
    start_state s;
    {
        scene_options options;
        options.balls = balls;
        options.seed = 1;
        const balls_scene scene{options};
        s.width = scene.config().width;
        s.height = scene.config().height;
        s.x.assign(scene.xs().begin(), scene.xs().end());
        s.y.assign(scene.ys().begin(), scene.ys().end());
        s.vx.assign(scene.vxs().begin(), scene.vxs().end());
        s.vy.assign(scene.vys().begin(), scene.vys().end());
        s.r.assign(scene.radii().begin(), scene.radii().end());
    }
    std::printf("splash: %u balls, %d ticks at 60 Hz, one thread, mean step\n", balls, ticks);
    const double ours = run_ticklab(balls, ticks);
    std::printf("  ticklab       %8.3f ms\n", ours);
    std::fflush(stdout);  // the engines below take minutes at 10,000 balls
    const double box2d = run_box2d(s, ticks);
    std::printf("  box2d 2.4.1   %8.3f ms  %6.1fx ticklab\n", box2d, box2d / ours);
    std::fflush(stdout);
    const double chipmunk = run_chipmunk(s, ticks);
    std::printf("  chipmunk 7    %8.3f ms  %6.1fx ticklab\n", chipmunk, chipmunk / ours);
    return 0;
}

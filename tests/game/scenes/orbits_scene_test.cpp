#include "scenes/orbits_scene.hpp"
#include "scenes/lander_scene.hpp"
#include "scenes/scene_registry.hpp"
#include "sim/draw_list.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <vector>

using ticklab::game::draw_list;
using ticklab::game::integrator;
using ticklab::game::orbits_scene;
using ticklab::game::scene_options;
using ticklab::game::scene_snapshot;

namespace {

constexpr std::size_t explicit_euler = 0;
constexpr std::size_t semi_implicit = 1;
constexpr std::size_t verlet = 2;

scene_options seeded(std::uint64_t seed) {
    scene_options options;
    options.seed = seed;
    return options;
}

void run(orbits_scene& s, int hz, double seconds) {
    const auto ticks = static_cast<int>(std::lround(seconds * hz));
    for (int t = 0; t < ticks; ++t) s.tick({}, 1.0 / hz);
}

// The drawn planets: the draw list's circles after the sun (the first one).
std::vector<ticklab::game::vec2> planets(const orbits_scene& s, double alpha) {
    draw_list list;
    s.draw(list, alpha);
    std::vector<ticklab::game::vec2> out;
    for (std::size_t i = 1; i < list.circles.size(); ++i) out.push_back(list.circles[i].center);
    return out;
}

}  // namespace

TEST(OrbitsScene, TheBodiesAreSteppedByExplicitSemiImplicitEulerAndVerletInThatOrder) {
    EXPECT_EQ(ticklab::game::integrators[explicit_euler], integrator::explicit_euler);
    EXPECT_EQ(ticklab::game::integrators[semi_implicit], integrator::semi_implicit_euler);
    EXPECT_EQ(ticklab::game::integrators[verlet], integrator::velocity_verlet);
    EXPECT_EQ(ticklab::game::to_string(integrator::semi_implicit_euler), "semi-implicit Euler");
}

TEST(OrbitsScene, TheSameTicksGiveTheSameHashAndTheHashIsPinned) {
    orbits_scene a{seeded(1)};
    orbits_scene b{seeded(1)};
    run(a, 60, 5);
    run(b, 60, 5);
    EXPECT_EQ(a.state_hash(), b.state_hash());
    // Pinned: a change to the physics, the start or what is hashed must be a deliberate one.
    EXPECT_EQ(a.state_hash(), 0x30675ac0f00017aeULL);
    orbits_scene c{seeded(2)};
    run(c, 60, 5);
    EXPECT_NE(c.state_hash(), a.state_hash());
    a.reset(seeded(1));
    EXPECT_EQ(a.state_hash(), orbits_scene{seeded(1)}.state_hash());
}

TEST(OrbitsScene, TheSeedTurnsTheStartAroundTheSunAndNothingElse) {
    orbits_scene a{seeded(1)};
    orbits_scene b{seeded(7)};
    EXPECT_NE(a.body(0).x, b.body(0).x);
    EXPECT_DOUBLE_EQ(a.sun_distance(0), b.sun_distance(0));
    run(a, 10, 8);
    run(b, 10, 8);
    for (std::size_t i = 0; i < orbits_scene::bodies; ++i) {
        EXPECT_NEAR(a.energy_drift_pct(i), b.energy_drift_pct(i), 1e-6) << i;
    }
}

TEST(OrbitsScene, ARestoredSnapshotGivesTheSameTicksAndHashes) {
    orbits_scene s{seeded(3)};
    run(s, 30, 3);
    std::unique_ptr<scene_snapshot> saved;
    s.save(saved);
    ASSERT_NE(saved, nullptr);
    EXPECT_EQ(saved->state_hash(), s.state_hash());
    std::vector<std::uint64_t> first;
    for (int t = 0; t < 200; ++t) {
        s.tick({}, 1.0 / 30);
        first.push_back(s.state_hash());
    }
    orbits_scene other{seeded(9)};
    run(other, 60, 1);
    other.restore(*saved);
    EXPECT_EQ(other.state_hash(), saved->state_hash());
    for (int t = 0; t < 200; ++t) {
        other.tick({}, 1.0 / 30);
        ASSERT_EQ(other.state_hash(), first[static_cast<std::size_t>(t)]) << "tick " << t;
    }
    EXPECT_EQ(planets(other, 0.5), planets(s, 0.5)) << "the drawing comes back too";
}

TEST(OrbitsScene, AnotherScenesSnapshotIsRefused) {
    orbits_scene s{seeded(1)};
    ticklab::game::lander_scene lander{seeded(1)};
    std::unique_ptr<scene_snapshot> saved;
    lander.save(saved);
    const auto before = s.state_hash();
    EXPECT_THROW(s.restore(*saved), std::invalid_argument);
    EXPECT_EQ(s.state_hash(), before);
}

TEST(OrbitsScene, ExplicitEulerGainsEnergyAndFliesOutAt10Hz) {
    orbits_scene s{seeded(1)};
    const double start = s.sun_distance(explicit_euler);
    run(s, 10, 4);
    EXPECT_GT(s.energy_drift_pct(explicit_euler), 50.0);
    run(s, 10, 8);
    EXPECT_GT(s.sun_distance(explicit_euler), 3.0 * start) << "off the screen";
}

TEST(OrbitsScene, SemiImplicitEulerKeepsItsEnergyBoundedAt10Hz) {
    orbits_scene s{seeded(1)};
    run(s, 10, 60);  // 15 orbits
    EXPECT_LT(s.largest_drift_pct(semi_implicit), 10.0);
    EXPECT_LT(std::abs(s.energy_drift_pct(semi_implicit)), 1.0);
    // Its far point stays where it was: the orbit neither grows nor shrinks.
    EXPECT_NEAR(s.sun_distance(semi_implicit), orbits_scene::semi_major_axis * (1.0 + orbits_scene::eccentricity), 1.0);
}

TEST(OrbitsScene, VerletDriftsLessThanSemiImplicitEulerAtTheSameRate) {
    for (const int hz : {10, 20, 60, 120}) {
        orbits_scene s{seeded(1)};
        run(s, hz, 12);
        EXPECT_LT(s.largest_drift_pct(verlet), 0.5 * s.largest_drift_pct(semi_implicit)) << hz << " Hz";
        EXPECT_LT(s.largest_drift_pct(semi_implicit), s.largest_drift_pct(explicit_euler)) << hz << " Hz";
    }
}

TEST(OrbitsScene, AHigherTickRateShrinksEveryMethodsError) {
    orbits_scene slow{seeded(1)};
    orbits_scene fast{seeded(1)};
    run(slow, 10, 4);
    run(fast, 120, 4);
    for (std::size_t i = 0; i < orbits_scene::bodies; ++i) {
        EXPECT_LT(fast.largest_drift_pct(i), slow.largest_drift_pct(i)) << i;
    }
}

TEST(OrbitsScene, VerletMeasuresTheTrueOrbitsPeriod) {
    orbits_scene s{seeded(1)};
    EXPECT_EQ(s.measured_period_s(verlet), 0.0);
    run(s, 120, 9);
    EXPECT_NEAR(s.measured_period_s(verlet), orbits_scene::period_s, 0.01);
}

TEST(OrbitsScene, DrawingInterpolatesBetweenTheLastTwoTicksAndExtrapolatesPastThem) {
    orbits_scene s{seeded(1)};
    run(s, 10, 1);
    const auto before = planets(s, 0.0);
    const auto after = planets(s, 1.0);
    const auto half = planets(s, 0.5);
    const auto ahead = planets(s, 1.5);
    ASSERT_EQ(half.size(), orbits_scene::bodies);
    for (std::size_t i = 0; i < orbits_scene::bodies; ++i) {
        EXPECT_NE(before[i].x, after[i].x);
        EXPECT_NEAR(half[i].x, 0.5 * (before[i].x + after[i].x), 1e-4);
        EXPECT_NEAR(half[i].y, 0.5 * (before[i].y + after[i].y), 1e-4);
        EXPECT_NEAR(ahead[i].x, after[i].x + 0.5 * (after[i].x - before[i].x), 1e-4);
        EXPECT_NEAR(ahead[i].y, after[i].y + 0.5 * (after[i].y - before[i].y), 1e-4);
    }
    s.tick({}, 0.1);
    EXPECT_EQ(planets(s, 0.0), after) << "alpha 0 is the tick before the latest";
}

TEST(OrbitsScene, EachPlanetLeavesATrailOfItsTickPositions) {
    orbits_scene s{seeded(1)};
    EXPECT_EQ(s.trail_size(), 1u);
    for (int t = 0; t < 5; ++t) s.tick({}, 0.1);
    ASSERT_EQ(s.trail_size(), 6u);
    for (std::size_t i = 0; i < orbits_scene::bodies; ++i) {
        const auto latest = s.trail_point(i, 5);
        EXPECT_FLOAT_EQ(latest.x, static_cast<float>(orbits_scene::sun_x + s.body(i).x));
        EXPECT_FLOAT_EQ(latest.y, static_cast<float>(orbits_scene::sun_y + s.body(i).y));
    }
    for (std::size_t t = 0; t < orbits_scene::trail_length + 10; ++t) s.tick({}, 1.0 / 120);
    EXPECT_EQ(s.trail_size(), orbits_scene::trail_length);
}

TEST(OrbitsScene, TheEnergyPlotSamplesEveryTenthOfASecondOverTheLastTwentySeconds) {
    orbits_scene s{seeded(1)};
    run(s, 10, 1);
    // At 10 Hz a sample a tick, the start's included; a tenth of a second summed ten times is
    // 0.9999999999999999 s and still makes its sample.
    EXPECT_EQ(s.sample_count(), 11u);
    orbits_scene fast{seeded(1)};
    run(fast, 120, 1);
    EXPECT_EQ(fast.sample_count(), 11u);
    EXPECT_FLOAT_EQ(fast.sample(10).drift_pct[0], static_cast<float>(fast.energy_drift_pct(0)));
    run(fast, 120, 30);
    EXPECT_EQ(fast.sample_count(), orbits_scene::plot_samples);
}

TEST(OrbitsScene, ABadTickLengthMovesNothing) {
    orbits_scene s{seeded(1)};
    const auto x = s.body(0).x;
    s.tick({}, std::nan(""));
    s.tick({}, -1.0);
    s.tick({}, 0.0);
    EXPECT_EQ(s.body(0).x, x);
    EXPECT_EQ(s.trail_size(), 1u);
    EXPECT_TRUE(std::isfinite(s.energy_drift_pct(0)));
}

TEST(OrbitsScene, AHugeStepStaysFinite) {
    // One tick a second, a quarter of an orbit: every method goes wrong, none produces NaN.
    orbits_scene s{seeded(1)};
    run(s, 1, 600);
    for (std::size_t i = 0; i < orbits_scene::bodies; ++i) {
        EXPECT_TRUE(std::isfinite(s.body(i).x) && std::isfinite(s.body(i).y)) << i;
        EXPECT_TRUE(std::isfinite(s.energy_drift_pct(i))) << i;
    }
    draw_list list;
    s.draw(list, 1.0);
    for (const auto& l : list.lines) {
        EXPECT_TRUE(std::isfinite(l.from.x) && std::isfinite(l.to.y));
    }
}

TEST(OrbitsScene, NothingOfTheOrbitsIsDrawnOverThePlot) {
    // At 10 Hz the explicit Euler planet flies far past the right edge of the orbits' part.
    orbits_scene s{seeded(1)};
    run(s, 10, 12);
    draw_list list;
    s.draw(list, 1.0);
    for (const auto& c : list.circles) EXPECT_LT(c.center.x, 93.0f);
    for (const auto& t : list.triangles) EXPECT_LT(std::max({t.a.x, t.b.x, t.c.x}), 93.0f);
}

TEST(OrbitsScene, DivergenceIsTheMeanDistanceBetweenMatchingPlanets) {
    orbits_scene a{seeded(1)};
    orbits_scene b{seeded(1)};
    run(a, 60, 2);
    run(b, 60, 2);
    EXPECT_EQ(a.divergence(b), 0.0);
    orbits_scene c{seeded(1)};
    run(c, 20, 2);
    double sum = 0.0;
    for (std::size_t i = 0; i < orbits_scene::bodies; ++i) {
        sum += std::hypot(a.body(i).x - c.body(i).x, a.body(i).y - c.body(i).y);
    }
    EXPECT_DOUBLE_EQ(a.divergence(c), sum / 3.0);
    EXPECT_GT(a.divergence(c), 0.0);
    EXPECT_TRUE(std::isnan(a.divergence(ticklab::game::lander_scene{seeded(1)})));
}

TEST(OrbitsScene, TheHudNamesEachColourAndItsMethodAndTheReportEachDrift) {
    orbits_scene s{seeded(1)};
    run(s, 10, 4);
    std::vector<std::string> hud;
    s.hud_lines(hud);
    ASSERT_GE(hud.size(), 4u);
    EXPECT_EQ(hud[0].rfind("red: explicit Euler, energy +", 0), 0u) << hud[0];
    EXPECT_EQ(hud[1].rfind("yellow: semi-implicit Euler", 0), 0u) << hud[1];
    EXPECT_EQ(hud[2].rfind("blue: velocity Verlet", 0), 0u) << hud[2];
    std::vector<ticklab::game::report_field> fields;
    s.report_fields(fields);
    const auto field = [&](const std::string& key) {
        const auto at = std::find_if(fields.begin(), fields.end(), [&](const auto& f) { return f.key == key; });
        return at == fields.end() ? std::nan("") : std::stod(at->json_value);
    };
    EXPECT_NEAR(field("energy_drift_pct_explicit_euler"), s.energy_drift_pct(explicit_euler), 1e-3);
    EXPECT_NEAR(field("largest_drift_pct_velocity_verlet"), s.largest_drift_pct(verlet), 1e-3);
    EXPECT_NEAR(field("sun_distance_semi_implicit_euler"), s.sun_distance(semi_implicit), 1e-3);
}

TEST(OrbitsScene, IsRegisteredWithoutBalls) {
    const auto* entry = ticklab::game::find_scene("orbits");
    ASSERT_NE(entry, nullptr);
    EXPECT_EQ(entry->max_balls, 0u);
    EXPECT_NE(dynamic_cast<orbits_scene*>(entry->create(seeded(1)).get()), nullptr);
}

TEST(OrbitsScene, TickMarksAreDrawnWhereTheTicksStandApart) {
    // At 10 Hz every tick but the explicit planet's far ones has its mark; at 120 Hz the ticks
    // stand under a unit apart and the trail is a plain line.
    const auto marks = [](int hz) {
        orbits_scene s{seeded(1)};
        run(s, hz, 2);
        draw_list list;
        s.draw(list, 1.0);
        return list.triangles.size();
    };
    EXPECT_GE(marks(10), 3u * 20u);
    EXPECT_EQ(marks(120), 0u);
}

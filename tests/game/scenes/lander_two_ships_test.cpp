// The lander with a ship per player (scene_options::players = 2, the network game's): each ship
// follows its own player's controls (tick_input::held_by), both are in state_hash, and one
// player's lander is exactly what it was.
#include "scenes/lander_scene.hpp"
#include "scenes/player_colours.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

using namespace ticklab::game;

namespace {

scene_options players(std::uint32_t n) {
    scene_options options;
    options.seed = 7;
    options.players = n;
    return options;
}

// Player `who` holding thrust (and the shared `held`, as merge_inputs leaves it).
tick_input thrust_by(std::size_t who) {
    tick_input input;
    input.held[static_cast<std::size_t>(action::thrust)] = true;
    input.held_by[who][static_cast<std::size_t>(action::thrust)] = true;
    return input;
}

bool same_body(const lander_body& a, const lander_body& b) {
    return a.x == b.x && a.y == b.y && a.vx == b.vx && a.vy == b.vy && a.angle == b.angle && a.fuel == b.fuel;
}

bool has_triangle_in(const draw_list& list, rgba colour) {
    return std::any_of(list.triangles.begin(), list.triangles.end(),
                       [&](const triangle_shape& t) { return t.fill == colour; });
}

}  // namespace

TEST(LanderTwoShips, EachShipFollowsItsOwnPlayersControls) {
    lander_scene two{players(2)};
    lander_scene alone{players(1)};
    lander_scene burning{players(1)};
    for (int t = 0; t < 120; ++t) {
        two.tick(thrust_by(1), 1.0 / 60.0);  // only the second player thrusts
        alone.tick({}, 1.0 / 60.0);
        burning.tick(thrust_by(0), 1.0 / 60.0);
    }
    // The first ship did not burn: it fell as a lone lander nobody steers...
    EXPECT_TRUE(same_body(two.body(), alone.body()));
    // ...and the second one did: it slowed its fall as a lone lander holding thrust does.
    EXPECT_LT(two.second_ship().body.fuel, lander_physics::full_fuel);
    EXPECT_GT(two.second_ship().body.vy, alone.body().vy + 1.0);
    EXPECT_EQ(two.second_ship().body.fuel, burning.body().fuel);
}

TEST(LanderTwoShips, OnePlayersLanderIgnoresTheSecondShipAndHeldBy) {
    // The second ship's start is drawn after every draw of one ship's: the first ship starts where
    // it always did. One player steers with `held` and never sees held_by.
    lander_scene one{players(1)};
    lander_scene two{players(2)};
    EXPECT_TRUE(same_body(one.body(), two.body()));
    lander_scene plain{players(1)};
    tick_input only_held;
    only_held.held[static_cast<std::size_t>(action::thrust)] = true;
    for (int t = 0; t < 60; ++t) {
        one.tick(thrust_by(1), 1.0 / 60.0);  // held: thrust; held_by says player 2 (ignored)
        plain.tick(only_held, 1.0 / 60.0);
    }
    EXPECT_EQ(one.state_hash(), plain.state_hash());
    EXPECT_TRUE(same_body(one.second_ship().body, lander_body{})) << "no second ship with one player";
}

TEST(LanderTwoShips, TheHashCoversTheSecondShip) {
    lander_scene a{players(2)};
    lander_scene b{players(2)};
    for (int t = 0; t < 30; ++t) {
        a.tick({}, 1.0 / 60.0);
        b.tick(t == 10 ? thrust_by(1) : tick_input{}, 1.0 / 60.0);  // one tick of the second ship's engine
    }
    EXPECT_TRUE(same_body(a.body(), b.body()));
    EXPECT_NE(a.state_hash(), b.state_hash());
}

TEST(LanderTwoShips, EachShipIsDrawnInItsPlayersColourAndTheCameraHoldsBoth) {
    lander_scene two{players(2)};
    draw_list list;
    two.draw(list, 1.0);
    EXPECT_TRUE(has_triangle_in(list, player_colour(0)));
    EXPECT_TRUE(has_triangle_in(list, player_colour(1)));
    for (const lander_body& b : {two.body(), two.second_ship().body}) {
        EXPECT_GT(b.x, list.world_origin.x);
        EXPECT_LT(b.x, list.world_origin.x + list.world_size.x);
        EXPECT_GT(b.y, list.world_origin.y);
        EXPECT_LT(b.y, list.world_origin.y + list.world_size.y);
    }
    draw_list one_ship;
    lander_scene{players(1)}.draw(one_ship, 1.0);
    EXPECT_FALSE(has_triangle_in(one_ship, player_colour(0))) << "one player's lander keeps its colours";
}

TEST(LanderTwoShips, AGhostOutlinesOnlyTheMispredictedShip) {
    lander_scene predicted{players(2)};
    lander_scene corrected{players(2)};
    for (int t = 0; t < 90; ++t) {
        predicted.tick({}, 1.0 / 60.0);
        corrected.tick(thrust_by(1), 1.0 / 60.0);  // the real input: player 2 thrusted
    }
    draw_list ghost;
    corrected.draw_ghost(ghost, predicted, 0.5);
    ASSERT_FALSE(ghost.lines.empty());
    for (const line_shape& l : ghost.lines) {
        EXPECT_EQ(l.stroke.r, player_colour(1).r);
        EXPECT_EQ(l.stroke.a, 128);  // half faded
    }
    draw_list none;
    predicted.draw_ghost(none, predicted, 1.0);
    EXPECT_TRUE(none.lines.empty()) << "a right prediction leaves no ghost";
}

namespace {

// Triangles in `colour` with every corner within `radius` of (x, y).
std::size_t triangles_near(const draw_list& list, rgba colour, double x, double y, double radius) {
    return static_cast<std::size_t>(std::count_if(list.triangles.begin(), list.triangles.end(), [&](const auto& t) {
        if (t.fill != colour) return false;
        return std::all_of(&t.a, &t.a + 3, [&](const vec2& p) { return std::hypot(p.x - x, p.y - y) <= radius; });
    }));
}

}  // namespace

TEST(LanderTwoShips, CrashedShipsKeepTheirPlayersColoursAndEachGetsACrashMark) {
    lander_scene two{players(2)};
    for (int t = 0;
         t < 60 * 60 && (two.state() == lander_state::flying || two.second_ship().state == lander_state::flying); ++t) {
        two.tick({}, 1.0 / 60.0);  // nobody steers: both fall and crash
    }
    ASSERT_EQ(two.state(), lander_state::crashed);
    ASSERT_EQ(two.second_ship().state, lander_state::crashed);
    draw_list list;
    two.draw(list, 1.0);
    // Each hull still in its player's colour: the two wrecks are told apart.
    EXPECT_GE(triangles_near(list, player_colour(0), two.body().x, two.body().y, 3.0), 3u);
    EXPECT_GE(triangles_near(list, player_colour(1), two.second_ship().body.x, two.second_ship().body.y, 3.0), 3u);
    // And each marked crashed: a cross of thick strokes over it, in the crash colour.
    EXPECT_GE(triangles_near(list, crashed_colour, two.body().x, two.body().y + 5.0, 2.5), 4u);
    EXPECT_GE(triangles_near(list, crashed_colour, two.second_ship().body.x, two.second_ship().body.y + 5.0, 2.5), 4u);
    EXPECT_FALSE(has_triangle_in(list, landed_colour));
}

TEST(LanderTwoShips, ALandedShipKeepsItsColourAndGetsALandedMark) {
    scene_options options = players(1);
    options.seed = 1;
    options.autopilot = true;
    lander_scene one{options};
    for (int t = 0; t < 120 * 60 && one.state() == lander_state::flying; ++t) one.tick({}, 1.0 / 60.0);
    ASSERT_EQ(one.state(), lander_state::landed);
    draw_list list;
    one.draw(list, 1.0);
    EXPECT_GE(triangles_near(list, landed_colour, one.body().x, one.body().y + 5.0, 2.5), 4u) << "a check over it";
    EXPECT_FALSE(has_triangle_in(list, crashed_colour));
    // The hull keeps its own colour: no triangle of the ship's is in the outcome's colour.
    EXPECT_EQ(triangles_near(list, landed_colour, one.body().x, one.body().y, 2.5), 0u);
}

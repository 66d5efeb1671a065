#include "scenes/lander_scene.hpp"

#include <gtest/gtest.h>

#include <cmath>

using ticklab::game::action;
using ticklab::game::lander_scene;
using ticklab::game::lander_state;
using ticklab::game::scene_options;
using ticklab::game::tick_input;

namespace {

scene_options options_for(std::uint64_t seed, bool autopilot) {
    scene_options options;
    options.seed = seed;
    options.autopilot = autopilot;
    return options;
}

// Runs until touchdown or two minutes of simulated time.
lander_state fly(lander_scene& s, int hz, const tick_input& input = {}) {
    for (int t = 0; t < 120 * hz && s.state() == lander_state::flying; ++t) s.tick(input, 1.0 / hz);
    return s.state();
}

int landings(int hz, int seeds) {
    int landed = 0;
    for (int seed = 1; seed <= seeds; ++seed) {
        lander_scene s{options_for(static_cast<std::uint64_t>(seed), true)};
        if (fly(s, hz) == lander_state::landed) ++landed;
    }
    return landed;
}

}  // namespace

TEST(LanderScene, AutopilotLandsFromTheDefaultStartAt60Hz) {
    lander_scene s{options_for(1, true)};
    EXPECT_EQ(fly(s, 60), lander_state::landed);
    EXPECT_LE(std::abs(s.touchdown().vy), ticklab::game::lander_physics::max_landing_vy);
}

TEST(LanderScene, AutopilotLandsForEverySeedAt60Hz) {
    EXPECT_EQ(landings(60, 20), 20);
}

TEST(LanderScene, AutopilotMostlyCrashesAt5Hz) {
    // A decision held for 200 ms: the attitude overshoots and the braking burn starts late.
    EXPECT_LE(landings(5, 20), 5);
}

TEST(LanderScene, FreeFallCrashes) {
    lander_scene s{options_for(1, false)};
    EXPECT_EQ(fly(s, 60), lander_state::crashed);
    EXPECT_GT(std::abs(s.touchdown().vy), ticklab::game::lander_physics::max_landing_vy);
}

TEST(LanderScene, ThrustBurnsFuelAndPushesUp) {
    lander_scene coasting{options_for(3, false)};
    lander_scene burning{options_for(3, false)};
    tick_input thrust;
    thrust.held[static_cast<std::size_t>(action::thrust)] = true;
    for (int t = 0; t < 30; ++t) {
        coasting.tick({}, 1.0 / 60);
        burning.tick(thrust, 1.0 / 60);
    }
    EXPECT_GT(burning.body().vy, coasting.body().vy);
    EXPECT_LT(burning.body().fuel, coasting.body().fuel);
}

TEST(LanderScene, RotateLeftTurnsCounterClockwise) {
    lander_scene s{options_for(3, false)};
    tick_input left;
    left.held[static_cast<std::size_t>(action::rotate_left)] = true;
    for (int t = 0; t < 10; ++t) s.tick(left, 1.0 / 60);
    EXPECT_GT(s.body().angle, 0.0);
}

TEST(LanderScene, AutopilotIgnoresThePlayer) {
    lander_scene a{options_for(2, true)}, b{options_for(2, true)};
    tick_input thrust;
    thrust.held[static_cast<std::size_t>(action::thrust)] = true;
    for (int t = 0; t < 60; ++t) {
        a.tick({}, 1.0 / 60);
        b.tick(thrust, 1.0 / 60);
    }
    EXPECT_EQ(a.state_hash(), b.state_hash());
}

TEST(LanderScene, ResetRestartsTheFlight) {
    lander_scene s{options_for(4, true)};
    const auto initial = s.state_hash();
    fly(s, 60);
    ASSERT_NE(s.state(), lander_state::flying);
    s.reset(options_for(4, true));
    EXPECT_EQ(s.state(), lander_state::flying);
    EXPECT_EQ(s.state_hash(), initial);
}

TEST(LanderScene, ReportsItsState) {
    lander_scene s{options_for(1, true)};
    fly(s, 60);
    std::vector<ticklab::game::report_field> fields;
    s.report_fields(fields);
    ASSERT_EQ(fields.size(), 5u) << "state, crash reason, touchdown time and speeds";
    EXPECT_EQ(fields[0].key, "lander_state");
    EXPECT_EQ(fields[0].json_value, "\"landed\"");
    EXPECT_EQ(fields[1].key, "crash_reason");
    EXPECT_EQ(fields[1].json_value, "null");
}

TEST(LanderScene, AutopilotToggleSurvivesASessionReset) {
    lander_scene s{options_for(1, false)};
    s.set_autopilot(true);
    scene_options options = options_for(1, false);
    s.write_options(options);
    EXPECT_TRUE(options.autopilot);
}

TEST(LanderScene, DrawsTerrainPadLanderAndFlame) {
    lander_scene s{options_for(1, false)};
    tick_input thrust;
    thrust.held[static_cast<std::size_t>(action::thrust)] = true;
    ticklab::game::draw_list coasting, burning;
    s.tick({}, 1.0 / 60);
    s.draw(coasting, 1.0);
    s.tick(thrust, 1.0 / 60);
    s.draw(burning, 1.0);
    EXPECT_GT(coasting.triangles.size(), 80u);  // 40 ground segments as two triangles each, pad, body
    // The flame, and the trail's mark for the new tick.
    EXPECT_EQ(burning.triangles.size(), coasting.triangles.size() + 2 + 1);
}

TEST(LanderScene, CrashStatesWhichLimitWasBrokenAndByHowMuch) {
    ticklab::game::scene_options options;
    ticklab::game::lander_scene lander{options};
    EXPECT_EQ(lander.crash_reason(), "") << "flying";
    ticklab::game::tick_input none;
    // No thrust from the start: it falls far too fast.
    for (int i = 0; i < 60 * 60 && lander.state() == ticklab::game::lander_state::flying; ++i)
        lander.tick(none, 1.0 / 60);
    ASSERT_EQ(lander.state(), ticklab::game::lander_state::crashed);
    const std::string reason = lander.crash_reason();
    EXPECT_NE(reason.find("vertical speed"), std::string::npos) << reason;
    EXPECT_NE(reason.find("over a limit of 2.5"), std::string::npos) << reason;
    std::vector<ticklab::game::report_field> fields;
    lander.report_fields(fields);
    ASSERT_EQ(fields.size(), 5u) << "state, reason, touchdown time and speeds";
    EXPECT_EQ(fields[1].key, "crash_reason");
    EXPECT_EQ(fields[1].json_value, "\"" + reason + "\"");
}

TEST(LanderScene, TrailHoldsOnePositionPerTickAndIsNotState) {
    ticklab::game::scene_options options;
    ticklab::game::lander_scene a{options}, b{options};
    ticklab::game::tick_input none;
    for (int i = 0; i < 10; ++i) a.tick(none, 0.2);
    EXPECT_EQ(a.trail_size(), 11u) << "the start and one per tick";
    EXPECT_FLOAT_EQ(a.trail_point(10).x, static_cast<float>(a.body().x));
    for (int i = 0; i < 400; ++i) b.tick(none, 1.0 / 60);
    EXPECT_EQ(b.trail_size(), ticklab::game::lander_scene::trail_length) << "a fixed-size ring";
}

namespace {

bool in_view(const ticklab::game::draw_list& list, double x, double y) {
    return x >= list.world_origin.x && x <= list.world_origin.x + list.world_size.x && y >= list.world_origin.y &&
           y <= list.world_origin.y + list.world_size.y;
}

}  // namespace

TEST(LanderScene, FirstFrameShowsTheShipTheGroundBelowItAndTheWholePad) {
    // Without the autopilot the ship starts some 70 m up: the ground and the pad must be in the
    // picture from the first frame, not only once it has fallen near them.
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        const lander_scene lander{options_for(seed, false)};
        ticklab::game::draw_list first;
        lander.draw(first, 1.0);
        const auto& b = lander.body();
        const auto& ground = lander.terrain();
        EXPECT_TRUE(in_view(first, b.x, b.y)) << "seed " << seed;
        EXPECT_TRUE(in_view(first, b.x, ground.height_at(b.x))) << "the ground below the ship, seed " << seed;
        for (const double x : {ground.pad_left(), ground.pad_right()}) {
            EXPECT_TRUE(in_view(first, x, ground.pad_height())) << "the pad's end at " << x << ", seed " << seed;
            EXPECT_TRUE(in_view(first, x, ground.pad_height() + 6.0)) << "its limit mark, seed " << seed;
        }
        EXPECT_LE(first.world_size.x, static_cast<float>(lander_scene::width)) << "never wider than the world";
    }
}

TEST(LanderScene, CameraZoomsInOnTheLanderOnThePad) {
    lander_scene lander{options_for(1, true)};
    ASSERT_EQ(fly(lander, 60), lander_state::landed);
    ticklab::game::draw_list landed;
    lander.draw(landed, 1.0);
    EXPECT_FLOAT_EQ(landed.world_size.x, 56.0f) << "56 m wide on the ground: the lander 48 px tall on 800 px";
    EXPECT_TRUE(in_view(landed, lander.body().x, lander.body().y));
}

TEST(LanderScene, TerrainTrailAndShipStayInsideTheShownBox) {
    // The front end outlines [world_origin, world_origin + world_size] as the world's edge and
    // clips only to the scene area around it: whatever the lander draws past it would spill over.
    const auto inside = [](const ticklab::game::draw_list& list, ticklab::game::vec2 p) {
        constexpr float slack = 1e-3f;  // float rounding at the cut
        return p.x >= list.world_origin.x - slack && p.x <= list.world_origin.x + list.world_size.x + slack &&
               p.y >= list.world_origin.y - slack && p.y <= list.world_origin.y + list.world_size.y + slack;
    };
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        lander_scene lander{options_for(seed, false)};
        std::size_t frames = 0;
        for (int t = 0; t <= 60 * 60 && lander.state() == lander_state::flying; ++t) {
            if (t % 30 == 0) {
                ticklab::game::draw_list list;
                lander.draw(list, 0.5);
                ++frames;
                ASSERT_GT(list.triangles.size(), 10u);
                for (const auto& tri : list.triangles) {
                    for (const auto& p : {tri.a, tri.b, tri.c}) {
                        ASSERT_TRUE(inside(list, p)) << "triangle corner " << p.x << ", " << p.y << " tick " << t;
                    }
                }
                for (const auto& line : list.lines) {
                    ASSERT_TRUE(inside(list, line.from) && inside(list, line.to)) << "a line, tick " << t;
                }
            }
            lander.tick({}, 1.0 / 60);
        }
        EXPECT_GT(frames, 5u);
    }
}

#include "scenes/scene_registry.hpp"
#include "sim/scene.hpp"

#include <gtest/gtest.h>

using ticklab::game::find_scene;
using ticklab::game::scene_options;

TEST(SceneRegistry, ListsBallsAndLander) {
    ASSERT_NE(find_scene("balls"), nullptr);
    ASSERT_NE(find_scene("lander"), nullptr);
    EXPECT_EQ(find_scene("balls")->title, "Bouncing balls");
    EXPECT_EQ(find_scene("lander")->title, "Lunar lander");
    EXPECT_EQ(find_scene("moon"), nullptr);
}

TEST(SceneRegistry, EveryScenePassesTheSameTrajectoryTest) {
    // Same options and the same per-tick inputs: the same hash; a different seed: another one.
    for (const auto& entry : ticklab::game::scene_registry()) {
        scene_options options;
        options.balls = 100;
        auto a = entry.create(options);
        auto b = entry.create(options);
        options.seed = 2;
        auto c = entry.create(options);
        for (int t = 0; t < 60; ++t) {
            a->tick({}, 1.0 / 60);
            b->tick({}, 1.0 / 60);
            c->tick({}, 1.0 / 60);
        }
        EXPECT_EQ(a->state_hash(), b->state_hash()) << entry.name;
        EXPECT_NE(a->state_hash(), c->state_hash()) << entry.name;
        std::vector<std::string> hud;
        a->hud_lines(hud);
        EXPECT_GE(hud.size(), 3u) << entry.name;
    }
}

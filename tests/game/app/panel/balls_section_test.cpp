// The balls scene's panel section (game/app/panel/balls_section.cpp), drawn into a headless ImGui
// frame: the ball count typed in is panel state, taken again from the scene at every scene start.
#include "app/panel/panel_sections.hpp"

#include "imgui_test_context.hpp"
#include "scenes/balls_scene.hpp"

#include <gtest/gtest.h>
#include <imgui.h>

#include <ticklab/time_source.hpp>

namespace {

struct imgui_frame : imgui_test_context {
    template <typename Draw>
    static bool frame(Draw&& draw_section) {
        ImGui::NewFrame();
        ImGui::Begin("panel");
        const bool drawn = draw_section();
        ImGui::End();
        ImGui::EndFrame();
        return drawn;
    }
};

using BallsSection = imgui_frame;

ticklab::game::scene_options with_balls(std::uint32_t count) {
    ticklab::game::scene_options options;
    options.balls = count;
    return options;
}

TEST_F(BallsSection, TypedCountStartsFromTheSceneAndReturnsToItAtEveryReset) {
    ticklab::manual_time_source source;
    ticklab::game::session s{source, "balls", with_balls(120), {}};
    ticklab::app::scene_panel_state state;
    ticklab::app::controller control{s, "", {}};
    const auto draw = [&] { return ticklab::app::panel_sections::balls_settings(s.current_scene(), control, state); };
    ASSERT_TRUE(frame(draw));
    EXPECT_EQ(state.pending_balls, 120u);

    state.pending_balls = 4000;  // typed, not applied
    ASSERT_TRUE(frame(draw));
    EXPECT_EQ(state.pending_balls, 4000u) << "kept while the scene runs on";

    s.reset();
    ASSERT_TRUE(frame(draw));
    EXPECT_EQ(state.pending_balls, 120u) << "a reset starts the scene again with its own count";
}

TEST_F(BallsSection, IsDrawnForTheBallsSceneOnly) {
    ticklab::manual_time_source source;
    ticklab::game::session s{source, "lander", {}, {}};
    ticklab::app::scene_panel_state state;
    ticklab::app::controller control{s, "", {}};
    EXPECT_FALSE(
        frame([&] { return ticklab::app::panel_sections::balls_settings(s.current_scene(), control, state); }));
    EXPECT_TRUE(frame([&] { return ticklab::app::panel_sections::lander_settings(s.current_scene(), control); }));
}

}  // namespace

// The panel's own layout, kept between runs: restore_layout opens the sections a user left open
// (runs without a lesson), open_section_names reports what is open for the presentation file.
#include "app/panel/panel.hpp"

#include "imgui_test_context.hpp"

#include <gtest/gtest.h>
#include <imgui.h>

#include <ticklab/time_source.hpp>

#include <string>
#include <vector>

namespace {

struct PanelLayout : imgui_test_context {
    ticklab::manual_time_source source;
    ticklab::game::session session{source, "balls", {}, {}};
    ticklab::app::panel_context context;
    ticklab::app::controller control{session, "", {}};

    void frame(ticklab::app::control_panel& panel) {
        ImGui::NewFrame();
        panel.draw(control, context);
        ImGui::EndFrame();
    }
};

using names = std::vector<std::string>;

TEST_F(PanelLayout, WithoutALessonTheDefaultsOpen) {
    ticklab::app::control_panel panel;
    frame(panel);
    EXPECT_EQ(panel.open_section_names(), (names{"lessons", "clock", "timeline"}));
}

TEST_F(PanelLayout, TheUsersOwnLayoutIsRestoredAndUnknownNamesSkipped) {
    ticklab::app::control_panel panel;
    panel.restore_layout({"statistics", "nonsense", "replay"}, 1);
    frame(panel);
    EXPECT_EQ(panel.open_section_names(), (names{"statistics", "replay"}));
    EXPECT_EQ(panel.timeline_span(), 1);
}

TEST_F(PanelLayout, NoKnownNameKeepsTheDefaults) {
    ticklab::app::control_panel panel;
    panel.restore_layout({"nonsense"}, 3);
    frame(panel);
    EXPECT_EQ(panel.open_section_names(), (names{"lessons", "clock", "timeline"}));
}

TEST_F(PanelLayout, ALessonOpensItsOwnSectionsOverTheUsersLayout) {
    control.lessons().active = "spiral";
    ticklab::app::control_panel panel;
    panel.restore_layout({"replay"}, 3);
    frame(panel);
    EXPECT_EQ(panel.open_section_names(), (names{"lessons", "strategies", "loop", "statistics"}));
}

TEST(PanelSections, NamesRoundTrip) {
    for (const char* name : {"lessons", "clock", "network", "timeline", "strategies", "loop", "statistics", "scheduler",
                             "scene", "replay", "help"}) {
        const auto which = ticklab::app::section_from_name(name);
        ASSERT_TRUE(which.has_value()) << name;
        EXPECT_EQ(ticklab::app::section_name(*which), name);
    }
    EXPECT_FALSE(ticklab::app::section_from_name("Lessons").has_value());
}

}  // namespace

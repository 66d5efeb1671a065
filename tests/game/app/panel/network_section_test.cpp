// The network game's panel section (game/app/panel/panel_network.cpp), driven by the mouse in a
// headless ImGui frame: a change applies at once, with no "Apply" step.
#include "app/panel/panel_sections.hpp"

#include "imgui_test_context.hpp"

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <ticklab/time_source.hpp>

#include <optional>

using ticklab::game::net_mode;
using ticklab::game::network_settings;

namespace {

struct network_section : imgui_test_context {
    ticklab::manual_time_source source;
    ticklab::game::session session{source, "balls", {}, {}};
    ticklab::app::network_panel_state state;
    ticklab::app::controller control{session, "", {}};

    // One frame of the section in a window at the top-left corner; returns the id `label` has there.
    ImGuiID frame(const char* label = "") {
        ImGui::NewFrame();
        ImGui::SetNextWindowPos({0.0f, 0.0f});
        ImGui::SetNextWindowSize({420.0f, 600.0f});
        ImGui::Begin("panel");
        const ImGuiID id = ImGui::GetID(label);
        ticklab::app::panel_sections::network(control, state);
        ImGui::End();
        ImGui::EndFrame();
        return id;
    }
    void move_to(ImVec2 at) {
        ImGui::GetIO().MousePos = at;
        frame();
    }
    // Where the widget called `label` is, found by hovering over the section.
    std::optional<ImVec2> find(const char* label) {
        for (float y = 20.0f; y < 320.0f; y += 4.0f) {
            for (float x = 4.0f; x < 416.0f; x += 6.0f) {
                ImGui::GetIO().MousePos = {x, y};
                const ImGuiID id = frame(label);
                if (ImGui::GetHoveredID() == id) return ImVec2{x, y};
            }
        }
        return std::nullopt;
    }
    void click(const char* label) {
        const std::optional<ImVec2> at = find(label);
        ASSERT_TRUE(at.has_value()) << "no widget '" << label << "' in the section";
        ImGui::GetIO().MouseDown[0] = true;
        frame();
        ImGui::GetIO().MouseDown[0] = false;
        frame();
        move_to({419.0f, 599.0f});
    }
};

using NetworkSection = network_section;

}  // namespace

TEST_F(NetworkSection, SwitchingToRollbackRestartsAtOnceWithRollbacksDelay) {
    // Issue 22, finding 13: the switch waited for "Apply" and kept lockstep's 2 ticks of delay.
    network_settings lockstep;
    lockstep.link.latency_ms = 100.0;
    session.start_network(lockstep);
    frame();
    click("rollback");
    ASSERT_NE(session.network(), nullptr);
    const network_settings& running = session.network()->config().network;
    EXPECT_EQ(running.mode, net_mode::rollback) << "applied as it was made";
    EXPECT_EQ(running.input_delay, 0u) << "rollback's default delay, as docs/network.md says";
    EXPECT_EQ(running.link.latency_ms, 100.0);
    click("lockstep");
    EXPECT_EQ(session.network()->config().network.mode, net_mode::lockstep);
    EXPECT_EQ(session.network()->config().network.input_delay, 2u);
}

TEST_F(NetworkSection, ABoxAppliesAtOnceAndAStoppedGameOnlyKeepsTheSettings) {
    session.start_network({});
    frame();
    click("Peer 2 drops time (breaks the rule)");
    ASSERT_NE(session.network(), nullptr);
    EXPECT_TRUE(session.network()->config().network.peer_drops);
    session.stop_network();
    frame();
    click("rollback");
    EXPECT_EQ(session.network(), nullptr) << "a change does not start a stopped game";
    EXPECT_EQ(state.settings.mode, net_mode::rollback);
    EXPECT_EQ(state.settings.input_delay, 0u);
}

TEST_F(NetworkSection, ShowsTheSettingsOfTheGameThatRuns) {
    // A lesson or the command line may start another game while the section is shown.
    session.start_network({});
    frame();
    network_settings rollback;
    rollback.mode = net_mode::rollback;
    rollback.input_delay = 0;
    rollback.link.loss_percent = 10.0;
    session.start_network(rollback);
    frame();
    EXPECT_EQ(state.settings.mode, net_mode::rollback);
    EXPECT_EQ(state.settings.input_delay, 0u);
    EXPECT_EQ(state.settings.link.loss_percent, 10.0);
}

TEST_F(NetworkSection, TheTimeSyncBoxTurnsTimeSyncOnInTheRunningGame) {
    network_settings rollback;
    rollback.mode = net_mode::rollback;
    rollback.input_delay = 0;
    rollback.peer_clock_ppm = 20000.0;
    session.start_network(rollback);
    frame();
    click("Time sync (the peer ahead slows down)");
    ASSERT_NE(session.network(), nullptr);
    EXPECT_TRUE(session.network()->config().network.time_sync);
    EXPECT_EQ(session.network()->config().network.peer_clock_ppm, 20000.0) << "the rest as it was";
    click("Time sync (the peer ahead slows down)");
    EXPECT_FALSE(session.network()->config().network.time_sync);
}

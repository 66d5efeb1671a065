// The loop section's and the clamp's sliders (game/app/panel/panel_loop.cpp, panel_strategies.cpp)
// reach exactly the slider ranges of the settings table (game/sim/setting_table.hpp): a click at
// each end of a slider, in a headless ImGui frame, sets the table's slider.low and slider.high.
#include "app/input/controls.hpp"
#include "app/panel/panel_sections.hpp"
#include "sim/setting_table.hpp"

#include "imgui_test_context.hpp"

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <ticklab/time_source.hpp>

#include <functional>
#include <optional>

using ticklab::game::setting;
using ticklab::game::setting_of;

namespace {

struct loop_section : imgui_test_context {
    ticklab::manual_time_source source;
    ticklab::game::session session{source, "balls", {}, {}};
    ticklab::app::controller control{session, "", {}};
    ticklab::app::loop_panel_state loop_state;
    ticklab::app::state_hashes hashes;
    bool strategies = false;  // draw the strategies section instead of the loop section

    ImGuiID frame(const char* label = "") {
        ImGui::NewFrame();
        ImGui::SetNextWindowPos({0.0f, 0.0f});
        ImGui::SetNextWindowSize({420.0f, 700.0f});
        ImGui::Begin("panel");
        const ImGuiID id = ImGui::GetID(label);
        if (strategies) {
            ticklab::app::panel_sections::strategies(control, hashes);
        } else {
            ticklab::app::panel_sections::loop(control, {}, loop_state);
        }
        ImGui::End();
        ImGui::EndFrame();
        return id;
    }
    bool hovers(const char* label, ImVec2 at) {
        ImGui::GetIO().MousePos = at;
        const ImGuiID id = frame(label);
        return ImGui::GetHoveredID() == id;
    }
    std::optional<ImVec2> find(const char* label) {
        for (float y = 10.0f; y < 690.0f; y += 4.0f) {
            for (float x = 4.0f; x < 416.0f; x += 6.0f) {
                if (hovers(label, {x, y})) return ImVec2{x, y};
            }
        }
        return std::nullopt;
    }
    // Presses and releases the mouse on the slider's far left (`right` false) or far right end.
    void click_end(const char* label, bool right) {
        const std::optional<ImVec2> at = find(label);
        ASSERT_TRUE(at.has_value()) << "no widget '" << label << "'";
        ImVec2 end = *at;
        const float step = right ? 1.0f : -1.0f;
        while (hovers(label, {end.x + step, end.y})) end.x += step;
        // A little inside the frame's edge, still within half a grab of it (which reads as the end).
        end.x -= 3.0f * step;
        ImGui::GetIO().MousePos = end;
        ImGui::GetIO().MouseDown[0] = true;
        frame();
        ImGui::GetIO().MouseDown[0] = false;
        frame();
        ImGui::GetIO().MousePos = {419.0f, 699.0f};
        frame();
    }
    // Both ends of `label`'s slider, read back as a double from the session's settings.
    void expect_ends(const char* label, setting which, const std::function<double()>& value) {
        SCOPED_TRACE(label);
        click_end(label, true);
        EXPECT_EQ(value(), setting_of(which).slider.high);
        click_end(label, false);
        EXPECT_EQ(value(), setting_of(which).slider.low);
    }
};

}  // namespace

using SettingTablePanel = loop_section;

TEST_F(SettingTablePanel, TheLoopSlidersRangesAreTheTables) {
    const auto& s = session.settings();
    expect_ends("##tick_rate", setting::tick_rate, [&] { return s.tick_rate_hz; });
    expect_ends("##max_loops", setting::max_loops, [&] { return s.max_loops; });
    expect_ends("##tick_load", setting::tick_load_ms, [&] { return s.tick_load_ms; });
    expect_ends("##frame_load", setting::frame_load_ms, [&] { return s.frame_load_ms; });
    {
        auto edit = session.settings();
        edit.task_load_ms = 3.0;
        session.set_settings(edit);
    }  // its budget's slider shows only with a task
    expect_ends("##task_budget", setting::task_budget_ms, [&] { return s.task_budget_ms; });
    expect_ends("##task_load", setting::task_load_ms, [&] { return s.task_load_ms; });
}

TEST_F(SettingTablePanel, TheClampSlidersRangeIsTheTables) {
    strategies = true;
    {
        auto edit = session.settings();
        edit.strategy.catch_up_mode = ticklab::catch_up::clamp_frame_time;
        session.set_settings(edit);
    }  // the slider shows only then
    expect_ends("##frame_clamp", setting::frame_time_clamp_ms, [&] { return session.settings().frame_time_clamp_ms; });
}

// The clock section's time-scale slider and the x2 / /2 keys keep to app/input/controls' range: the
// table's slider range for the time scale (the engine allows 0.01 to 64).
TEST(SettingTable, TheTimeScaleSliderAndKeysRangeIsTheTablesSlider) {
    EXPECT_EQ(ticklab::app::panel_min_time_scale, setting_of(setting::time_scale).slider.low);
    EXPECT_EQ(ticklab::app::panel_max_time_scale, setting_of(setting::time_scale).slider.high);
}

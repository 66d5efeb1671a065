// The running scene's panel section (game/app/panel/scene_section.cpp), drawn into a headless ImGui
// frame from the scene's controls (scene_parts): any scene gets one, with no code of its own in
// app/; the ball count typed in is panel state, taken again from the scene at every scene start.
#include "app/panel/panel_sections.hpp"

#include "app/ui/hud_figures.hpp"
#include "app/ui/hud_text.hpp"
#include "imgui_test_context.hpp"
#include "scenes/scene_registry.hpp"

#include <gtest/gtest.h>
#include <imgui.h>

#include <ticklab/time_source.hpp>

#include <array>
#include <memory>
#include <set>
#include <string>

namespace {

struct imgui_frame : imgui_test_context {
    template <typename Draw>
    static void frame(Draw&& draw_section) {
        ImGui::NewFrame();
        ImGui::Begin("panel");
        draw_section();
        ImGui::End();
        ImGui::EndFrame();
    }
};

using SceneSection = imgui_frame;

ticklab::game::scene_options with_balls(std::uint32_t count) {
    ticklab::game::scene_options options;
    options.balls = count;
    return options;
}

TEST_F(SceneSection, TypedCountStartsFromTheSceneAndReturnsToItAtEveryReset) {
    ticklab::manual_time_source source;
    ticklab::game::session s{source, "balls", with_balls(120), {}};
    ticklab::app::scene_panel_state state;
    ticklab::app::controller control{s, "", {}};
    const auto draw = [&] { ticklab::app::panel_sections::scene_settings(control, state); };
    frame(draw);
    EXPECT_EQ(state.pending.at("balls"), 120.0);

    state.pending["balls"] = 4000;  // typed, not applied
    frame(draw);
    EXPECT_EQ(state.pending.at("balls"), 4000.0) << "kept while the scene runs on";

    s.reset();
    frame(draw);
    EXPECT_EQ(state.pending.at("balls"), 120.0) << "a reset starts the scene again with its own count";
}

// A scene that exists only in this test: it is in no registry and app/ has no code for it.
constexpr std::array<ticklab::game::scene_control, 4> probe_controls{{
    {.kind = ticklab::game::control_kind::toggle, .name = "lights", .label = "lights"},
    {.kind = ticklab::game::control_kind::number, .name = "speed", .label = "speed", .max = 10.0},
    {.kind = ticklab::game::control_kind::readout, .name = "status"},
    {.kind = ticklab::game::control_kind::button, .name = "again", .label = "Again"},
}};
constexpr std::array<ticklab::game::scene_figure, 1> probe_figures{{{"lamps", "lamps -"}}};
constexpr std::array<std::string_view, 1> probe_default_figures{"lamps"};

class probe_scene final : public ticklab::game::scene {
public:
    explicit probe_scene(const ticklab::game::scene_options&) {}
    void reset(const ticklab::game::scene_options&) override {}
    void tick(const ticklab::game::tick_input&, double) override {}
    void draw(ticklab::game::draw_list&, double) const override {}
    [[nodiscard]] std::uint64_t state_hash() const override { return lights_ ? 1 : 0; }
    void save(std::unique_ptr<ticklab::game::scene_snapshot>&) const override {}
    void restore(const ticklab::game::scene_snapshot&) override {}

    [[nodiscard]] double control_value(std::string_view name) const override {
        asked.insert(std::string{name});
        if (name == "lights") return lights_ ? 1.0 : 0.0;
        if (name == "speed") return speed_;
        throw ticklab::game::unknown_control(name, probe_controls);
    }
    void set_control(std::string_view name, double value) override {
        if (name == "lights") {
            lights_ = value != 0.0;
        } else if (name == "speed") {
            speed_ = value;
        } else {
            throw ticklab::game::unknown_control(name, probe_controls);
        }
    }
    [[nodiscard]] ticklab::game::scene_text readout(std::string_view name) const override {
        asked.insert(std::string{name});
        return {name == "status" ? "all well" : ""};
    }
    [[nodiscard]] ticklab::game::scene_text figure(std::string_view name) const override {
        if (name != "lamps") return {};
        return {lights_ ? "lamps on" : "lamps off", lights_};
    }

    mutable std::set<std::string> asked;  // what the section read

private:
    bool lights_ = false;
    double speed_ = 2.0;
};

std::unique_ptr<ticklab::game::scene> make_probe(const ticklab::game::scene_options& options) {
    return std::make_unique<probe_scene>(options);
}

constexpr ticklab::game::scene_entry probe_entry{
    "probe",
    "Probe",
    &make_probe,
    0,
    {.controls = probe_controls, .figures = probe_figures, .default_figures = probe_default_figures}};

TEST_F(SceneSection, ASceneOutsideTheRegistryGetsItsControlsAndFiguresThroughTheGenericPath) {
    ticklab::manual_time_source source;
    ticklab::game::session s{source, "balls", {}, {}};
    s.restart(probe_entry, {});
    ticklab::app::scene_panel_state state;
    ticklab::app::controller control{s, "", {}};
    const auto& probe = dynamic_cast<const probe_scene&>(s.current_scene());

    // ImGui's log holds the text the section drew: each widget's label, the readout's line.
    std::string drawn;
    frame([&] {
        ImGui::LogToClipboard();
        ticklab::app::panel_sections::scene_settings(control, state);
        ImGui::LogFinish();
        drawn = ImGui::GetClipboardText();
    });
    EXPECT_EQ(probe.asked, (std::set<std::string>{"lights", "speed", "status"})) << "each control drawn from its value";
    for (const char* text : {"[ ] lights", "speed", "all well", "Again"}) {
        EXPECT_NE(drawn.find(text), std::string::npos) << text << " not in: " << drawn;
    }

    // The panel's change, as its checkbox sends it: one generic action.
    control.perform(ticklab::app::action::scene_value("lights", 1.0));
    EXPECT_EQ(probe.control_value("lights"), 1.0);
    control.perform(ticklab::app::action::scene_value("speed", 7.5));
    EXPECT_EQ(probe.control_value("speed"), 7.5);
    EXPECT_EQ(control.refused(), 0u);

    // Its HUD figure by name, and as the default without a lesson.
    const ticklab::app::fps_meter meter;
    const ticklab::app::hud_line lamps = ticklab::app::figure_line("lamps", s, meter);
    EXPECT_EQ(lamps.text, "lamps on");
    EXPECT_EQ(lamps.style, ticklab::app::hud_style::figure_alert);
    EXPECT_EQ(ticklab::app::hud_figures_for("", "balls"),
              (std::vector<std::string>{"ticks_per_frame", "alpha", "dropped_ms", "debt_ms"}));
}

TEST_F(SceneSection, AnUnknownNameIsRefusedWithOneLineNamingTheScenesSettings) {
    ticklab::manual_time_source source;
    ticklab::game::session s{source, "balls", {}, {}};
    ticklab::app::controller control{s, "", {}};
    control.perform(ticklab::app::action::scene_value("gravty", 0.0));
    EXPECT_EQ(control.refused(), 1u);
    EXPECT_EQ(control.notice(),
              "no scene setting 'gravty': use gravity, gravity_strength, restitution, sleeping, show_sleeping, balls, "
              "radius_min, radius_max");
    control.perform(ticklab::app::action::scene_value("gravity", 0.0));
    EXPECT_EQ(s.current_scene().control_value("gravity"), 0.0);
    EXPECT_EQ(control.refused(), 1u);
}

TEST_F(SceneSection, SceneSettingsStayAsTheyAreWhileARecordingRuns) {
    ticklab::manual_time_source source;
    ticklab::game::session s{source, "lander", {}, {}};
    ticklab::app::controller control{s, "", {}};
    s.start_recording();
    control.perform(ticklab::app::action::scene_value("autopilot", 1.0));
    EXPECT_EQ(s.current_scene().control_value("autopilot"), 0.0);
    s.stop_recording();
    control.perform(ticklab::app::action::scene_value("autopilot", 1.0));
    EXPECT_EQ(s.current_scene().control_value("autopilot"), 1.0);
}

}  // namespace

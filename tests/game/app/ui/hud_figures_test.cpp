#include "app/ui/hud_figures.hpp"

#include "app/ui/hud_text.hpp"
#include "run/lesson_library.hpp"
#include "sim/lessons.hpp"

#include <gtest/gtest.h>

#include <ticklab/time_source.hpp>

#include <chrono>
#include <vector>

using namespace ticklab::app;
using enum ticklab::app::hud_figure;

TEST(HudFigures, LoopLessonsShowTicksPerFrameAlphaDroppedAndDebtByDefault) {
    EXPECT_EQ(hud_figures_for("", "balls"), (std::vector<hud_figure>{ticks_per_frame, alpha, dropped_ms, debt_ms}));
    EXPECT_EQ(hud_figures_for("basics", "balls"),
              (std::vector<hud_figure>{ticks_per_frame, alpha, dropped_ms, debt_ms}));
}

TEST(HudFigures, EachLessonHasItsOwnFigures) {
    EXPECT_EQ(hud_figures_for("spiral", "balls").at(1), debt_ms);
    EXPECT_EQ(hud_figures_for("scale-4x", "balls").at(1), sim_speed);
    EXPECT_EQ(hud_figures_for("autopilot-5hz", "lander").front(), lander_fall);
    // Every lesson in the table is covered (no lesson falls back to the default by a typo).
    for (const auto& lesson : ticklab::game::lesson_table()) {
        if (lesson.name == "basics") continue;
        EXPECT_NE(hud_figures_for(lesson.name, "balls"), hud_figures_for("", "balls")) << lesson.name;
    }
}

TEST(HudFigures, TheLanderSceneDefaultsToItsSpeedAgainstTheLimits) {
    EXPECT_EQ(hud_figures_for("", "lander"), (std::vector<hud_figure>{lander_fall, lander_drift}));
    ticklab::manual_time_source source;
    const ticklab::game::session session{source, "lander", {}, {}};
    const fps_meter meter;
    const hud_line line = figure_line(lander_fall, session, meter);
    EXPECT_NE(line.text.find("/ 2.5 m/s"), std::string::npos) << line.text;
}

TEST(HudFigures, TheWallFigureCountsThroughAndBounced) {
    ticklab::manual_time_source source;
    const ticklab::game::session plain{source, "balls", {}, {}};
    const fps_meter meter;
    EXPECT_EQ(figure_line(wall, plain, meter).text, "no wall");
    ticklab::game::loop_settings settings;
    settings.tick_rate_hz = 10;
    ticklab::game::session walled{
        source, "balls", {.seed = 1, .balls = 60, .autopilot = false, .wall = true}, settings};
    // 0.3 s: the volley thrown at the reset has reached the wall (5 of its 6 balls pass through).
    for (int frame = 0; frame < 3; ++frame) {
        source.advance(std::chrono::milliseconds{100});
        walled.update_frame(walled.advance());
    }
    const hud_line line = figure_line(wall, walled, meter);
    EXPECT_EQ(line.text.rfind("through ", 0), 0u) << line.text;
    EXPECT_EQ(line.text.find("through 0 "), std::string::npos) << line.text;
    EXPECT_NE(line.text.find(" / bounced "), std::string::npos) << line.text;
    EXPECT_EQ(line.style, hud_style::figure_alert);
    EXPECT_EQ(figure_line(tick_rate, walled, meter).text, "tick rate 10 Hz (100.0 ms)");
}

TEST(HudFigures, NamesRoundTripForLessonFiles) {
    for (hud_figure f : {ticks_per_frame, alpha, dropped_ms, debt_ms, fps, sim_speed, frame_ms, lander_fall,
                         lander_drift, tick_rate, wall}) {
        EXPECT_EQ(hud_figure_from_name(hud_figure_name(f)), f);
    }
    EXPECT_FALSE(hud_figure_from_name("alpah"));
}

TEST(HudKeys, OneLineHintExpandsIntoTheFullList) {
    std::vector<hud_line> lines;
    build_key_lines(false, lines);
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_NE(lines[0].text.find("F1 keys"), std::string::npos);
    build_key_lines(true, lines);
    EXPECT_GT(lines.size(), 10u);
}

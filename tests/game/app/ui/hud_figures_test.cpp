#include "app/ui/hud_figures.hpp"

#include "app/ui/hud_text.hpp"
#include "app/ui/text_format.hpp"
#include "run/lesson_library.hpp"
#include "scenes/lander_scene.hpp"
#include "scenes/scene_registry.hpp"
#include "sim/frame_time.hpp"
#include "sim/lessons.hpp"

#include <gtest/gtest.h>

#include <ticklab/time_source.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

using namespace ticklab::app;

namespace {
// The figures as lesson files name them.
const hud_figure ticks_per_frame = "ticks_per_frame", alpha = "alpha", dropped_ms = "dropped_ms", debt_ms = "debt_ms",
                 fps = "fps", sim_speed = "sim_speed", frame_ms = "frame_ms", tick_rate = "tick_rate",
                 lander_fall = "lander_fall", lander_drift = "lander_drift", wall = "wall";
}  // namespace

namespace {

// A lesson's session as the window runs it: each frame 16.7 ms of display, then the artificial
// load its ticks counted (spent inside the frame, so real time passes after advance()).
struct lesson_run {
    ticklab::manual_time_source source;
    std::unique_ptr<ticklab::game::session> s;
    fps_meter meter;

    explicit lesson_run(const std::string& name) {
        ticklab::game::lesson_setup setup;
        ticklab::game::find_lesson(name)->configure(setup);
        s = std::make_unique<ticklab::game::session>(source, setup.scene, setup.options, setup.loop);
        s->count_load(true);
    }
    void apply(const std::string& name) {  // as the panel's lesson combo does
        ticklab::game::lesson_setup setup;
        ticklab::game::find_lesson(name)->configure(setup);
        s->set_settings(setup.loop);
        s->restart(*ticklab::game::find_scene(setup.scene), setup.options);
    }
    void frames(int count) {
        for (int i = 0; i < count; ++i) {
            source.advance(ticklab::game::frame_time(16.7));
            s->update_frame(s->advance());
            source.advance(ticklab::game::frame_time(s->counted_load_ms()));
        }
    }
    [[nodiscard]] hud_line line(hud_figure f) const { return figure_line(f, *s, meter); }
};

double number_after(const std::string& text, const std::string& word) {
    const std::size_t at = text.find(word);
    return at == std::string::npos ? -1.0 : std::stod(text.substr(at + word.size()));
}

}  // namespace

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

TEST(HudFigures, LessonFilesNameTheLoopsFiguresAndThoseTheScenesOffer) {
    for (const hud_figure& f : {ticks_per_frame, alpha, dropped_ms, debt_ms, fps, sim_speed, frame_ms, lander_fall,
                                lander_drift, tick_rate, wall}) {
        EXPECT_TRUE(known_hud_figure(f)) << f;
    }
    EXPECT_FALSE(known_hud_figure("alpah"));
}

TEST(HudFigures, EveryLoopFigureHasItsLine) {
    // loop_figure follows game::hud_figure_names' order: a name left out or out of step reads "?".
    ticklab::manual_time_source source;
    const ticklab::game::session session{source, "balls", {}, {}};
    const fps_meter meter;
    for (const std::string_view name : ticklab::game::hud_figure_names()) {
        EXPECT_NE(figure_line(name, session, meter).text, "?") << name;
    }
    EXPECT_EQ(figure_line("ticks_per_frame", session, meter).text.rfind("ticks/frame", 0), 0u);
    EXPECT_EQ(figure_line("tick_rate", session, meter).text.rfind("tick rate", 0), 0u);
}

TEST(HudFigures, ASceneFigureWhileAnotherSceneRunsShowsItsAbsentText) {
    ticklab::manual_time_source source;
    const ticklab::game::session balls{source, "balls", {}, {}};
    const ticklab::game::session lander{source, "lander", {}, {}};
    const fps_meter meter;
    EXPECT_EQ(figure_line(lander_fall, balls, meter).text, "speed -");
    EXPECT_EQ(figure_line("calls_completed", balls, meter).text, "calls -");
    EXPECT_EQ(figure_line(wall, lander, meter).text, "no wall");
    EXPECT_EQ(figure_line("calls_completed", lander, meter).text, "calls -") << "no beacons";
}

TEST(HudKeys, OneLineHintExpandsIntoTheFullList) {
    std::vector<hud_line> lines;
    build_key_lines(false, "", lines);
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_NE(lines[0].text.find("F1 keys"), std::string::npos);
    build_key_lines(true, "", lines);
    EXPECT_GT(lines.size(), 10u);
}

// Issue 22, finding 6: PageDown from spiral to scale-4x arrived with "dropped 20483 ms" (the
// spiral's debt, dropped by scale-4x's cap) and "speed 4.1x of 4.0x" (one frame's figure).
TEST(HudFigures, RestartStatisticsStartsTheFiguresOfALessonAfresh) {
    lesson_run run{"spiral"};
    run.frames(60);  // the debt grows under uncapped catch-up
    ASSERT_GT(run.s->loop().stats().debt, std::chrono::seconds{1});
    run.apply("scale-4x");
    run.frames(1);
    ASSERT_GT(run.s->loop().stats().total_dropped, std::chrono::seconds{1}) << "what the finding saw";
    run.apply("spiral");
    run.frames(60);
    run.apply("scale-4x");
    const std::uint64_t hash = run.s->state_hash();
    run.s->restart_statistics();
    EXPECT_EQ(run.s->state_hash(), hash);
    EXPECT_EQ(run.line(dropped_ms).text, "dropped 0 ms");
    EXPECT_EQ(run.line(debt_ms).text, "debt 0.0 ms");
    EXPECT_EQ(run.line(ticks_per_frame).text, "ticks/frame  0");
    EXPECT_EQ(run.line(sim_speed).text.rfind("speed - of ", 0), 0u) << "no frame yet to measure";
    run.frames(1);
    // One frame of scale-4x's own: 4 ticks due, 3 run, one tick's 16.7 ms dropped.
    EXPECT_LT(number_after(run.line(dropped_ms).text, "dropped "), 20.0) << run.line(dropped_ms).text;
    run.frames(60);
    EXPECT_EQ(run.line(sim_speed).text, "speed 3.0x of 4.0x");
}

TEST(HudFigures, SpeedIsTheAverageOfTheLastHalfSecond) {
    lesson_run run{"scale-4x"};
    run.frames(60);
    ASSERT_EQ(run.line(sim_speed).text, "speed 3.0x of 4.0x");
    // B: MAX_LOOPS 8 runs every due tick. The first frame after the change catches up on nothing
    // (the phase is all that is kept), so any single frame reads 4.0x; the average moves to it.
    {
        auto edit = run.s->settings();
        edit.max_loops = 8;
        run.s->set_settings(edit);
    }
    run.s->restart_statistics();
    run.frames(1);
    EXPECT_EQ(run.line(sim_speed).text, "speed 4.0x of 4.0x");
    run.frames(60);
    EXPECT_EQ(run.line(sim_speed).text, "speed 4.0x of 4.0x");
    // Without a restart the window still holds the older frames: the figure moves over 0.5 s.
    {
        auto edit = run.s->settings();
        edit.max_loops = 3;
        run.s->set_settings(edit);
    }
    run.frames(10);
    const double mixed = number_after(run.line(sim_speed).text, "speed ");
    EXPECT_GT(mixed, 3.05);
    EXPECT_LT(mixed, 3.95);
}

// Finding 6: in tunnelling, after B (120 Hz) the count stayed "through 146" in amber, though the
// text promises none through at 120 Hz.
TEST(HudFigures, TheWallCountStartsAfreshWhenBFlipsTheTickRate) {
    lesson_run run{"tunnelling"};
    run.frames(60);  // 1 s at 10 Hz
    ASSERT_EQ(run.line(wall).style, hud_style::figure_alert) << run.line(wall).text;
    ASSERT_GT(number_after(run.line(wall).text, "through "), 0.0);
    const ticklab::game::lesson& l = *ticklab::game::find_lesson("tunnelling");
    ticklab::game::loop_settings flipped = run.s->settings();
    ASSERT_TRUE(ticklab::game::apply_toggle(l.toggle, l.setup.loop, flipped));
    run.s->set_settings(flipped);
    const std::uint64_t hash = run.s->state_hash();
    run.s->restart_statistics();
    EXPECT_EQ(run.s->state_hash(), hash) << "the totals stay in the state";
    EXPECT_EQ(run.line(wall).text, "through 0 / bounced 0");
    run.frames(360);  // 6 s at 120 Hz
    EXPECT_EQ(run.s->loop().tick_rate(), 120u);
    const hud_line line = run.line(wall);
    EXPECT_EQ(line.text.rfind("through 0 / bounced ", 0), 0u) << line.text;
    EXPECT_GE(number_after(line.text, "bounced "), 20.0) << line.text;
    EXPECT_EQ(line.style, hud_style::figure);
}

// Finding 8: after a crash the figures read "fall 0.0 / 2.5, drift 0.0 / 1.5" in white.
TEST(HudFigures, AfterACrashTheLanderFiguresShowTheTouchdownSpeedsAndTheVerdict) {
    lesson_run run{"autopilot-5hz"};
    run.frames(60 * 20);
    const auto& lander = dynamic_cast<const ticklab::game::lander_scene&>(run.s->current_scene());
    ASSERT_EQ(lander.state(), ticklab::game::lander_state::crashed);
    // Both speeds over their limits (5.3 and 4.0 m/s, lesson text): alert-styled.
    EXPECT_EQ(run.line(lander_fall).text, "crashed: fall 5.3 / 2.5");
    EXPECT_EQ(run.line(lander_fall).style, hud_style::figure_alert);
    EXPECT_EQ(run.line(lander_drift).text, "crashed: drift 4.0 / 1.5");
    EXPECT_EQ(run.line(lander_drift).style, hud_style::figure_alert);
}

TEST(HudFigures, ACrashWithinTheSpeedLimitsStillSaysCrashedWithoutAlertingTheSpeeds) {
    lesson_run run{"autopilot-5hz"};
    {
        auto edit = run.s->settings();
        edit.tick_rate_hz = 10;
        run.s->set_settings(edit);
    }  // tips over: only the tilt is over its limit
    run.frames(60 * 20);
    ASSERT_EQ(dynamic_cast<const ticklab::game::lander_scene&>(run.s->current_scene()).state(),
              ticklab::game::lander_state::crashed);
    for (hud_figure f : {lander_fall, lander_drift}) {
        EXPECT_EQ(run.line(f).text.rfind("crashed: ", 0), 0u) << run.line(f).text;
        EXPECT_EQ(run.line(f).style, hud_style::figure) << run.line(f).text;
    }
}

TEST(HudFigures, ALandingSaysLandedWithItsTouchdownSpeeds) {
    lesson_run run{"autopilot-5hz"};
    {
        auto edit = run.s->settings();
        edit.tick_rate_hz = 60;
        run.s->set_settings(edit);
    }
    run.frames(60 * 20);
    const auto& lander = dynamic_cast<const ticklab::game::lander_scene&>(run.s->current_scene());
    ASSERT_EQ(lander.state(), ticklab::game::lander_state::landed);
    const hud_line fall = run.line(lander_fall);
    EXPECT_EQ(fall.text.rfind("landed: fall ", 0), 0u) << fall.text;
    EXPECT_NEAR(number_after(fall.text, "fall "), std::abs(lander.touchdown().vy), 0.05);
    EXPECT_GT(lander.touchdown().vy, -2.5);
    EXPECT_LT(lander.touchdown().vy, -0.05) << "a touchdown speed, not the 0 m/s of resting";
    EXPECT_EQ(fall.style, hud_style::figure);
    EXPECT_EQ(run.line(lander_drift).text.rfind("landed: drift ", 0), 0u) << run.line(lander_drift).text;
}

// Finding 8: "fall 2.0" was shown while the lander rose at 2 m/s.
TEST(HudFigures, ARisingLanderReadsRiseNotFall) {
    lesson_run run{"autopilot-5hz"};
    {
        auto edit = run.s->settings();
        edit.tick_rate_hz = 60;
        run.s->set_settings(edit);
    }
    auto& lander = dynamic_cast<ticklab::game::lander_scene&>(run.s->current_scene());
    lander.set_autopilot(false);
    run.s->input().press(ticklab::game::action::thrust);
    run.frames(180);  // 3 s at 4.5 - 1.62 m/s^2 upwards, from at most 3 m/s down
    ASSERT_GT(lander.body().vy, 2.0);
    const hud_line fall = run.line(lander_fall);
    EXPECT_EQ(fall.text, format_text("rise %.1f m/s", lander.body().vy));
    EXPECT_EQ(fall.style, hud_style::figure);
    run.s->input().release(ticklab::game::action::thrust);
}

// Issue 22, finding 11: with the panel hidden nothing named the lesson. The key strip's first line
// names it and B's two states.
TEST(HudKeys, TheStripNamesTheLessonAndBsTwoStates) {
    const ticklab::game::lesson* tunnelling = ticklab::game::find_lesson("tunnelling");
    ASSERT_NE(tunnelling, nullptr);
    const std::string line = lesson_line("tunnelling", tunnelling->setup.loop);
    EXPECT_NE(line.find(tunnelling->title), std::string::npos) << line;
    EXPECT_NE(line.find("B: 10 Hz (now) / 120 Hz"), std::string::npos) << line;
    EXPECT_EQ(lesson_line("", tunnelling->setup.loop), "");
    std::vector<hud_line> lines;
    build_key_lines(false, line, lines);
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[0].text, line);
    EXPECT_NE(lines[1].text.find("F1 keys"), std::string::npos);
}

TEST(HudFigures, FpsAndFrameTimeShowADashUntilTheFirstQuarterSecond) {
    // A window's first frames: the meter has no reading yet, and "FPS 0" would say the loop is stuck.
    ticklab::manual_time_source source;
    const ticklab::game::session session{source, "balls", {}, {}};
    fps_meter meter;
    EXPECT_EQ(figure_line(fps, session, meter).text, "FPS -");
    EXPECT_EQ(figure_line(frame_ms, session, meter).text, "frame - ms");
    for (int frame = 0; frame < 14; ++frame) meter.add_frame(std::chrono::microseconds{16'667});
    EXPECT_EQ(figure_line(fps, session, meter).text, "FPS -") << "0.23 s: no full quarter second yet";
    meter.add_frame(std::chrono::microseconds{16'667});
    EXPECT_EQ(figure_line(fps, session, meter).text, "FPS 60");
    EXPECT_EQ(figure_line(frame_ms, session, meter).text, "frame 16.7 ms");
}

// orbit-follows-tick-rate claims the same ticks end in the same state "bit for bit": its HUD shows
// the state hash, all of it, with the tick it follows.
TEST(HudFigures, TheStateHashFigureShowsTheWholeHashAndItsTick) {
    const auto figures = hud_figures_for("orbit-follows-tick-rate", "orbits");
    EXPECT_NE(std::find(figures.begin(), figures.end(), "state_hash"), figures.end());
    lesson_run run{"orbit-follows-tick-rate"};
    run.frames(60);
    char expected[64];
    const auto hash = static_cast<unsigned long long>(run.s->state_hash());
    std::snprintf(expected, sizeof expected, "hash %08llx %08llx (tick %llu)", hash >> 32U, hash & 0xffffffffULL,
                  static_cast<unsigned long long>(run.s->ticks()));
    EXPECT_GT(run.s->ticks(), 0u);
    EXPECT_EQ(run.line("state_hash").text, expected);
}

// lockstep-waits talks about ticks a second: its HUD shows them, against the tick rate.
TEST(HudFigures, TheTicksPerSecondFigureCountsTicksOverRealTime) {
    const auto figures = hud_figures_for("lockstep-waits", "balls");
    EXPECT_NE(std::find(figures.begin(), figures.end(), "ticks_per_second"), figures.end());
    ticklab::game::loop_settings settings;
    settings.tick_rate_hz = 30;
    ticklab::manual_time_source source;
    ticklab::game::session s{source, "balls", {}, settings};
    const fps_meter meter;
    EXPECT_EQ(figure_line("ticks_per_second", s, meter).text, "- of 30 ticks/s");
    for (int frame = 0; frame < 60; ++frame) {
        source.advance(std::chrono::milliseconds{100});
        s.update_frame(s.advance());
    }
    EXPECT_EQ(figure_line("ticks_per_second", s, meter).text, "30 of 30 ticks/s");
}

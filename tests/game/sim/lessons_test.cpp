#include "sim/lessons.hpp"
#include "run/lesson_library.hpp"
#include "scenes/scene_registry.hpp"

#include <gtest/gtest.h>

#include <ticklab/fixed_loop.hpp>

#include <algorithm>
#include <memory>
#include <set>
#include <string>

using ticklab::game::lesson;
using ticklab::game::lesson_setup;

TEST(LessonTable, NamesAreUniqueAndFound) {
    std::set<std::string_view> names;
    for (const lesson& l : ticklab::game::lesson_table()) {
        EXPECT_TRUE(names.insert(l.name).second) << l.name;
        EXPECT_EQ(ticklab::game::find_lesson(l.name), &l);
    }
    EXPECT_GE(names.size(), 7u);
    EXPECT_EQ(ticklab::game::find_lesson("list"), nullptr);  // reserved for --lesson list
    EXPECT_EQ(ticklab::game::find_lesson("nope"), nullptr);
}

TEST(LessonTable, EachSetsAValidSetupAndExplainsInTwoOrThreeSentences) {
    for (const lesson& l : ticklab::game::lesson_table()) {
        lesson_setup setup;
        l.configure(setup);
        EXPECT_NE(ticklab::game::find_scene(setup.scene), nullptr) << l.name;
        EXPECT_EQ(ticklab::check_tick_rate(setup.loop.tick_rate_hz), "") << l.name;
        EXPECT_EQ(ticklab::check_max_loops(setup.loop.max_loops), "") << l.name;
        EXPECT_EQ(ticklab::check_time_scale(setup.loop.time_scale), "") << l.name;
        const auto sentences = std::count(l.explanation.begin(), l.explanation.end(), '.');
        EXPECT_GE(sentences, 2) << l.name;
        EXPECT_LE(sentences, 4) << l.name;  // "3.3 ms"-style numbers aside
    }
}

TEST(LessonTable, SpiralCostsMoreThanATick) {
    lesson_setup setup;
    ticklab::game::find_lesson("spiral")->configure(setup);
    EXPECT_GT(setup.loop.tick_load_ms, 1000.0 / setup.loop.tick_rate_hz);
    EXPECT_EQ(setup.loop.strategy.catch_up_mode, ticklab::catch_up::uncapped) << "nothing may cap the catch-up";
}

TEST(LessonTable, LowRateLessonsTurnSmoothingOff) {
    for (const char* name : {"10hz", "beat"}) {
        lesson_setup setup;
        ticklab::game::find_lesson(name)->configure(setup);
        EXPECT_EQ(setup.loop.strategy.smoothing_mode, ticklab::game::smoothing::none) << name;
    }
}

TEST(Lessons, NetworkLessonsSetAValidNetworkGame) {
    int network_lessons = 0;
    for (const lesson& l : ticklab::game::lesson_table()) {
        lesson_setup setup;
        l.configure(setup);
        if (!setup.network) continue;
        ++network_lessons;
        EXPECT_EQ(ticklab::game::check_network_settings(*setup.network), "") << l.name;
    }
    EXPECT_EQ(network_lessons, 4);
}

TEST(Lessons, TheTickRateToggleFlipsBetweenTheLessonsRateAnd120Hz) {
    ticklab::game::loop_settings lesson_value;
    lesson_value.tick_rate_hz = 10;
    ticklab::game::loop_settings settings = lesson_value;
    ASSERT_TRUE(ticklab::game::apply_toggle("tick-rate", lesson_value, settings));
    EXPECT_EQ(settings.tick_rate_hz, ticklab::game::high_tick_rate_hz);
    ASSERT_TRUE(ticklab::game::apply_toggle("tick-rate", lesson_value, settings));
    EXPECT_EQ(settings.tick_rate_hz, 10u);
    lesson_value.tick_rate_hz = ticklab::game::high_tick_rate_hz;  // a lesson at 120 Hz flips to 10
    settings = lesson_value;
    ASSERT_TRUE(ticklab::game::apply_toggle("tick-rate", lesson_value, settings));
    EXPECT_EQ(settings.tick_rate_hz, 10u);
}

// Issue 22, finding 9: B silently did nothing in a lesson without a before/after, and its two
// states were named nowhere. Every shipped lesson gets a line; a toggle's names both its values.
TEST(Lessons, BeforeAfterTextNamesBothStatesOfEveryLessonsToggle) {
    ASSERT_FALSE(ticklab::game::lesson_table().empty());
    for (const lesson& l : ticklab::game::lesson_table()) {
        ticklab::game::loop_settings settings = l.setup.loop;
        const std::string text = ticklab::game::before_after_text(l, settings);
        EXPECT_FALSE(text.empty()) << l.name;
        if (l.toggle.empty()) {
            EXPECT_EQ(text, ticklab::game::no_before_after_text) << l.name;
            continue;
        }
        if (ticklab::game::is_network_toggle(l.toggle)) continue;  // BFlipsTimeSync... below
        // "B: <now> (now) / <other>", both values named and different; after B they swap.
        ASSERT_EQ(text.rfind("B: ", 0), 0u) << l.name << ": " << text;
        const std::size_t mark = text.find(" (now) / ");
        ASSERT_NE(mark, std::string::npos) << l.name << ": " << text;
        const std::string now = text.substr(3, mark - 3);
        const std::string other = text.substr(mark + 9);
        EXPECT_FALSE(now.empty()) << l.name;
        EXPECT_FALSE(other.empty()) << l.name;
        EXPECT_NE(now, other) << l.name;
        ASSERT_TRUE(ticklab::game::apply_toggle(l.toggle, l.setup.loop, settings)) << l.name;
        EXPECT_EQ(ticklab::game::before_after_text(l, settings), "B: " + other + " (now) / " + now) << l.name;
    }
}

TEST(Lessons, BeforeAfterTextSaysWhatTheLessonsTextsSay) {
    const auto text = [](const char* name) {
        const lesson& l = *ticklab::game::find_lesson(name);
        return ticklab::game::before_after_text(l, l.setup.loop);
    };
    EXPECT_EQ(text("render-tick"), "B: render tick (now) / interpolate");
    EXPECT_EQ(text("10hz"), "B: none (now) / interpolate");
    EXPECT_EQ(text("tunnelling"), "B: 10 Hz (now) / 120 Hz");
    EXPECT_EQ(text("spiral"), "B: catch-up none (now) / catch-up drop");
    EXPECT_EQ(text("scale-4x"), "B: MAX_LOOPS 3 (now) / MAX_LOOPS 8");
    for (const char* name :
         {"autopilot-5hz", "target-gone", "lockstep-waits", "rollback-hides-latency", "peer-drops"}) {
        EXPECT_EQ(text(name), "no before/after in this lesson") << name;
    }
}

// Issue 23: B on a scene setting flips the running scene's toggle, and says its two values.
TEST(LessonToggle, ASceneToggleFlipsTheRunningScenesSetting) {
    const ticklab::game::scene_entry& balls = *ticklab::game::find_scene("balls");
    const auto scene = balls.create({});
    lesson l;
    l.toggle = "sleeping";
    const ticklab::game::loop_settings loop;
    EXPECT_FALSE(ticklab::game::apply_toggle(l.toggle, loop, *std::make_unique<ticklab::game::loop_settings>()));
    EXPECT_EQ(ticklab::game::before_after_text(l, loop, balls.parts.controls, *scene),
              "B: sleeping on (now) / sleeping off");
    ASSERT_TRUE(ticklab::game::apply_scene_toggle(l.toggle, balls.parts.controls, *scene));
    EXPECT_EQ(scene->control_value("sleeping"), 0.0);
    EXPECT_EQ(ticklab::game::before_after_text(l, loop, balls.parts.controls, *scene),
              "B: sleeping off (now) / sleeping on");
    EXPECT_FALSE(ticklab::game::apply_scene_toggle("gravity_strength", balls.parts.controls, *scene))
        << "a slider is no toggle";
    EXPECT_FALSE(ticklab::game::apply_scene_toggle("autopilot", balls.parts.controls, *scene)) << "another scene's";
    l.toggle = "tick-rate";
    EXPECT_EQ(ticklab::game::before_after_text(l, loop, balls.parts.controls, *scene),
              ticklab::game::before_after_text(l, loop))
        << "a loop toggle reads as it did";
}

// Issue 26: a lesson may name B's other value; B then flips between the lesson's value and that one,
// and the B text says both as they are.
TEST(LessonToggle, TheOtherValueALessonNamesIsWhatBSwitchesTo) {
    lesson l;
    l.toggle = "tick-rate";
    l.toggle_other = 30;
    ticklab::game::loop_settings settings = l.setup.loop;  // 60 Hz
    EXPECT_EQ(ticklab::game::before_after_text(l, settings), "B: 60 Hz (now) / 30 Hz");
    ASSERT_TRUE(ticklab::game::apply_toggle(l, settings));
    EXPECT_EQ(settings.tick_rate_hz, 30u);
    EXPECT_EQ(ticklab::game::before_after_text(l, settings), "B: 30 Hz (now) / 60 Hz");
    ASSERT_TRUE(ticklab::game::apply_toggle(l, settings));
    EXPECT_EQ(settings.tick_rate_hz, 60u);
    l.toggle = "frame-load";
    l.setup.loop.frame_load_ms = 30;
    l.toggle_other = 10;
    settings = l.setup.loop;
    EXPECT_EQ(ticklab::game::before_after_text(l, settings), "B: frame load 30 ms (now) / frame load 10 ms");
    l.toggle_other.reset();  // the plain toggle as before: its value <-> none
    EXPECT_EQ(ticklab::game::before_after_text(l, settings), "B: frame load 30 ms (now) / no frame load");
}

// time-sync's B flips the network game's time sync; the text names the running game's value first.
TEST(Lessons, BFlipsTimeSyncInTheNetworkSettingsAndSaysWhichRuns) {
    const lesson& l = *ticklab::game::find_lesson("time-sync");
    ASSERT_EQ(l.toggle, "time-sync");
    ASSERT_TRUE(l.setup.network.has_value());
    ticklab::game::network_settings network = *l.setup.network;
    ASSERT_FALSE(network.time_sync);
    const ticklab::game::scene_entry& balls = *ticklab::game::find_scene("balls");
    const auto scene = balls.create({});
    const auto text = [&](const ticklab::game::network_settings* n) {
        return ticklab::game::before_after_text(l, l.setup.loop, balls.parts.controls, *scene, n);
    };
    EXPECT_EQ(text(&network), "B: time sync off (now) / time sync on");
    ASSERT_TRUE(ticklab::game::apply_network_toggle(l.toggle, network));
    EXPECT_TRUE(network.time_sync);
    EXPECT_EQ(text(&network), "B: time sync on (now) / time sync off");
    EXPECT_EQ(text(nullptr), "B: time sync off / time sync on") << "no game: both values, none marked";
    ticklab::game::loop_settings loop = l.setup.loop;
    EXPECT_FALSE(ticklab::game::apply_toggle(l, loop)) << "not a loop setting";
    EXPECT_FALSE(ticklab::game::apply_network_toggle("tick-rate", network));
}

#include "sim/lessons.hpp"
#include "run/lesson_library.hpp"
#include "scenes/scene_registry.hpp"

#include <gtest/gtest.h>

#include <ticklab/fixed_loop.hpp>

#include <algorithm>
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
    EXPECT_EQ(network_lessons, 3);
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

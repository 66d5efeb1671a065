// The controller (game/app/input/controller.cpp), headless: the lesson actions (PageDown / PageUp
// apply the next / previous lesson at once, B flips the setting the active lesson is about, and
// back), and what actions do to the view.
#include "app/input/controller.hpp"
#include "run/lesson_library.hpp"

#include <gtest/gtest.h>
#include <ticklab/time_source.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace {

using ticklab::app::action;
using ticklab::app::action_kind;

// Applies `step` lessons on from the active one, as PageDown / PageUp do.
void step_lesson(ticklab::app::controller& control, int step) {
    for (; step > 0; --step) control.perform(action::of(action_kind::next_lesson));
    for (; step < 0; ++step) control.perform(action::of(action_kind::previous_lesson));
}

bool toggle(ticklab::app::controller& control) {
    const auto before = control.session().settings();
    control.perform(action::of(action_kind::lesson_toggle));
    const auto& after = control.session().settings();
    return before.strategy.catch_up_mode != after.strategy.catch_up_mode ||
           before.strategy.smoothing_mode != after.strategy.smoothing_mode;
}

TEST(LessonKeys, StepAppliesTheNextLessonAtOnceAndWraps) {
    ticklab::manual_time_source clock;
    ticklab::game::session s{clock, "balls", {}, {}};
    ticklab::app::controller control{s, "", {}};
    ticklab::app::lessons_state& state = control.lessons();
    state.active = "slow-machine";
    step_lesson(control, 1);
    EXPECT_EQ(state.active, "spiral");
    EXPECT_EQ(s.settings().tick_load_ms, 20.0) << "applied without an Apply button";
    step_lesson(control, -1);
    EXPECT_EQ(state.active, "slow-machine");
    state.active = "basics";
    step_lesson(control, -1);
    EXPECT_EQ(state.active, ticklab::game::listed_lesson(ticklab::game::listed_lesson_count() - 1)->name);
}

TEST(LessonKeys, BFlipsTheLessonsSettingAndBack) {
    ticklab::manual_time_source clock;
    ticklab::game::session s{clock, "balls", {}, {}};
    ticklab::app::controller control{s, "", {}};
    ticklab::app::lessons_state& state = control.lessons();
    state.active = "slow-machine";
    step_lesson(control, 1);  // slow-machine + 1 = spiral
    ASSERT_EQ(state.active, "spiral");
    ASSERT_EQ(s.settings().strategy.catch_up_mode, ticklab::catch_up::uncapped);
    EXPECT_TRUE(toggle(control));
    EXPECT_EQ(s.settings().strategy.catch_up_mode, ticklab::catch_up::drop_backlog);
    EXPECT_TRUE(toggle(control));
    EXPECT_EQ(s.settings().strategy.catch_up_mode, ticklab::catch_up::uncapped);
    state.active = "10hz-smooth";
    step_lesson(control, -1);  // 10hz-smooth - 1 = 10hz, drawn unsmoothed
    ASSERT_EQ(state.active, "10hz");
    ASSERT_EQ(s.settings().strategy.smoothing_mode, ticklab::game::smoothing::none);
    EXPECT_TRUE(toggle(control));
    EXPECT_EQ(s.settings().strategy.smoothing_mode, ticklab::game::smoothing::interpolate);
}

// B's notice names the lesson it flipped ("B: catch-up none (now) / catch-up drop"): after a
// switch of lesson or scene it would describe a lesson that no longer runs.
TEST(LessonKeys, ASwitchDropsBsNoticeAndKeepsOthers) {
    ticklab::manual_time_source clock;
    ticklab::game::session s{clock, "balls", {}, {}};
    ticklab::app::controller control{s, "spiral", {}};
    control.perform(action::of(action_kind::restart_lesson));
    const auto b_twice = [&] {
        control.perform(action::of(action_kind::lesson_toggle));
        control.perform(action::of(action_kind::lesson_toggle));
        ASSERT_NE(control.notice().find("catch-up"), std::string::npos) << control.notice();
    };
    b_twice();
    control.perform(action::of(action_kind::next_lesson));  // PageDown
    EXPECT_EQ(control.notice(), "") << "PageDown";
    control.perform(action::of(action_kind::previous_lesson));  // back to spiral
    b_twice();
    control.perform(action::of(action_kind::apply_lesson, 0.0));  // the panel's list
    EXPECT_EQ(control.notice(), "") << "the panel";
    control.perform(action::of(action_kind::previous_lesson));
    control.lessons().active = "spiral";
    control.perform(action::of(action_kind::restart_lesson));
    b_twice();
    control.perform(action::of(action_kind::next_scene));  // Tab
    EXPECT_EQ(control.notice(), "") << "a scene switch";
    control.say("saved /tmp/x.png");
    control.perform(action::of(action_kind::next_lesson));
    EXPECT_EQ(control.notice(), "saved /tmp/x.png") << "another notice stays";
}

// time-sync is about a setting of the network game: B turns it on and off in the running game.
TEST(LessonKeys, BFlipsTimeSyncInTheTimeSyncLesson) {
    ticklab::manual_time_source clock;
    ticklab::game::session s{clock, "balls", {}, {}};
    ticklab::app::controller control{s, "time-sync", {}};
    control.perform(action::of(action_kind::restart_lesson));
    ASSERT_NE(s.network(), nullptr);
    ASSERT_FALSE(s.network()->config().network.time_sync);
    control.perform(action::of(action_kind::lesson_toggle));
    ASSERT_NE(s.network(), nullptr);
    EXPECT_TRUE(s.network()->config().network.time_sync);
    EXPECT_EQ(s.network()->config().network.peer_clock_ppm, 20000.0) << "the lesson's other settings stay";
    EXPECT_EQ(control.notice(), "B: time sync on (now) / time sync off");
    control.perform(action::of(action_kind::lesson_toggle));
    EXPECT_FALSE(s.network()->config().network.time_sync);
    EXPECT_EQ(control.notice(), "B: time sync off (now) / time sync on");
}

// A teacher's own lesson in the user folder, and the walk PageDown / PageUp take from the last
// built-in lesson: what it reached, as "walk: a b c". Run in a process of its own (a death test's
// child re-runs only this test), where the user folder is read for the first time.
[[noreturn]] void walk_with_an_own_lesson(const std::filesystem::path& data_home) {
    ::setenv("XDG_DATA_HOME", data_home.c_str(), 1);
    ticklab::manual_time_source clock;
    ticklab::game::session s{clock, "balls", {}, {}};
    ticklab::app::controller control{s, ticklab::game::lesson_table().back().name, {}};
    std::string walk = "walk:";
    for (const int step : {1, 1, -1, -1}) {
        step_lesson(control, step);
        walk += " " + control.active_lesson();
    }
    // PageDown: the own lesson, then round to the first built-in; PageUp: back again.
    const std::string expected = "walk: own-lesson " + ticklab::game::lesson_table().front().name + " own-lesson " +
                                 ticklab::game::lesson_table().back().name;
    std::fprintf(stderr, "%s (expected %s)\n", walk.c_str(), expected.c_str());
    std::exit(walk == expected ? 0 : 1);
}

TEST(LessonKeysDeathTest, PageDownGoesOnFromTheBuiltInLessonsToTheTeachersOwn) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    const std::filesystem::path data_home = std::filesystem::temp_directory_path() / "ticklab_walk_test";
    const std::filesystem::path folder = data_home / "ticklab" / "lessons";
    std::filesystem::create_directories(folder);
    std::ofstream{folder / "own.json"} << R"({"name": "own-lesson", "title": "Our own", "text": "Ours.",
                                             "settings": {"scene": "balls"}})";
    EXPECT_EXIT(walk_with_an_own_lesson(data_home), ::testing::ExitedWithCode(0), "walk: own-lesson");
    std::filesystem::remove_all(data_home);
}

TEST(LessonKeys, StepIntoANetworkLessonStartsItsGameAndOutOfItStopsIt) {
    ticklab::manual_time_source clock;
    ticklab::game::session s{clock, "balls", {}, {}};
    ticklab::app::controller control{s, "", {}};
    ticklab::app::lessons_state& state = control.lessons();
    // The lesson before the first network lesson, whichever it is.
    const auto& table = ticklab::game::lesson_table();
    const auto first_network = std::find_if(table.begin(), table.end(), [](const auto& l) { return l.setup.network; });
    ASSERT_NE(first_network, table.begin());
    ASSERT_EQ(first_network->name, "lockstep-waits");
    const std::string before = std::prev(first_network)->name;
    state.active = before;
    step_lesson(control, 1);
    ASSERT_EQ(state.active, "lockstep-waits");
    ASSERT_NE(s.network(), nullptr) << "the lesson's network block starts the two peers";
    EXPECT_EQ(s.network()->config().network.mode, ticklab::game::net_mode::lockstep);
    EXPECT_EQ(s.network()->config().network.link.latency_ms, 100.0);
    step_lesson(control, 1);
    ASSERT_EQ(state.active, "rollback-hides-latency");
    ASSERT_NE(s.network(), nullptr);
    EXPECT_EQ(s.network()->config().network.mode, ticklab::game::net_mode::rollback);
    const auto frames = [&](int count) {
        for (int i = 0; i < count; ++i) {
            clock.advance(std::chrono::milliseconds{16});
            s.update_frame(s.advance());
        }
    };
    frames(30);  // the network game counts its own frames
    step_lesson(control, -2);
    EXPECT_EQ(state.active, before);
    EXPECT_EQ(s.network(), nullptr) << "a lesson without one stops the network game";
    EXPECT_NO_THROW(frames(3)) << "the session's frames go on where the network game's ended";
}

}  // namespace

namespace {

// Issue 26: `--lesson ./my.json` applied the settings, but the panel, the HUD and B looked the
// lesson up by name among the built-in ones, so the copy showed nothing of itself and B did nothing.
TEST(LessonKeys, ATeachersOwnLessonFileIsALessonInFull) {
    const std::filesystem::path file = std::filesystem::path{::testing::TempDir()} / "my-spiral.json";
    std::ofstream{file} << R"({"name": "spiral", "title": "My own spiral", "text": "A copy of the spiral.",
        "hud": ["ticks_per_frame", "debt_ms"], "toggle": "catch-up",
        "settings": {"scene": "balls", "catch_up": "none", "tick_load_ms": 20}})";
    ticklab::game::lesson read;
    ASSERT_EQ(ticklab::game::load_lesson(file.string(), read), "");  // as --lesson PATH reads it
    const ticklab::game::lesson* own = ticklab::game::find_lesson(file.string());
    ASSERT_NE(own, nullptr) << "found by the path it was given as";
    EXPECT_EQ(own->title, "My own spiral");
    EXPECT_FALSE(ticklab::game::built_in_index(own).has_value());

    ticklab::manual_time_source clock;
    ticklab::game::session s{clock, "balls", {}, {}};
    ticklab::app::controller control{s, file.string(), {}};
    control.perform(action::of(action_kind::restart_lesson));
    EXPECT_EQ(control.active_lesson(), file.string());
    ASSERT_EQ(s.settings().strategy.catch_up_mode, ticklab::catch_up::uncapped);
    EXPECT_TRUE(toggle(control)) << "B flips the file's toggle";
    EXPECT_EQ(s.settings().strategy.catch_up_mode, ticklab::catch_up::drop_backlog);
    control.perform(action::of(action_kind::next_lesson));
    EXPECT_EQ(control.active_lesson(), ticklab::game::lesson_table().front().name) << "PageDown: the first built-in";
}

// Issue 23: a teacher's lesson whose B flips a scene setting (the balls' sleeping), from the scene's
// own controls; while a recording runs the scene's settings stay as they are.
TEST(LessonKeys, BFlipsASceneSettingTheLessonNames) {
    const std::filesystem::path file = std::filesystem::path{::testing::TempDir()} / "my-sleep.json";
    std::ofstream{file} << R"({"name": "my-sleep", "title": "Sleep", "text": "Watch the tick's cost.",
        "toggle": "sleeping", "settings": {"scene": "balls"}})";
    ticklab::game::lesson read;
    ASSERT_EQ(ticklab::game::load_lesson(file.string(), read), "");
    ticklab::manual_time_source clock;
    ticklab::game::session s{clock, "balls", {}, {}};
    ticklab::app::controller control{s, file.string(), {}};
    control.perform(action::of(action_kind::restart_lesson));
    ASSERT_EQ(s.current_scene().control_value("sleeping"), 1.0);
    control.perform(action::of(action_kind::lesson_toggle));
    EXPECT_EQ(s.current_scene().control_value("sleeping"), 0.0);
    EXPECT_EQ(control.notice(), "B: sleeping off (now) / sleeping on");
    s.start_recording();
    control.perform(action::of(action_kind::lesson_toggle));
    EXPECT_EQ(s.current_scene().control_value("sleeping"), 0.0) << "kept while a recording runs";
    s.stop_recording();
    control.perform(action::of(action_kind::lesson_toggle));
    EXPECT_EQ(s.current_scene().control_value("sleeping"), 1.0);
}

}  // namespace

// The lesson keys (game/app/input/keyboard.cpp, game/app/panel/panel_lessons.cpp), headless:
// PageDown / PageUp apply the next / previous lesson at once, and B flips the setting the active
// lesson is about, and back.
#include "app/input/keyboard.hpp"
#include "app/panel/panel_sections.hpp"
#include "run/lesson_library.hpp"

#include <gtest/gtest.h>

#include <chrono>

#include <ticklab/time_source.hpp>

namespace {

using ticklab::app::keyboard_requests;

SDL_KeyboardEvent key(SDL_Keycode code) {
    SDL_KeyboardEvent event{};
    event.type = SDL_KEYDOWN;
    event.keysym.sym = code;
    return event;
}

TEST(LessonKeys, PageKeysAndBAreLessonRequests) {
    ticklab::manual_time_source clock;
    ticklab::game::session s{clock, "balls", {}, {}};
    keyboard_requests down, up, b;
    ticklab::app::handle_key_down(key(SDLK_PAGEDOWN), s, down);
    ticklab::app::handle_key_down(key(SDLK_PAGEUP), s, up);
    ticklab::app::handle_key_down(key(SDLK_b), s, b);
    EXPECT_EQ(down.lesson_step, 1);
    EXPECT_EQ(up.lesson_step, -1);
    EXPECT_TRUE(b.lesson_toggle);
    EXPECT_EQ(down.lesson_step + up.lesson_step, 0);
    EXPECT_FALSE(down.lesson_toggle);
}

TEST(LessonKeys, StepAppliesTheNextLessonAtOnceAndWraps) {
    ticklab::manual_time_source clock;
    ticklab::game::session s{clock, "balls", {}, {}};
    ticklab::app::lessons_state state;
    state.active = "slow-machine";
    ticklab::app::panel_sections::step_lesson(s, state, 1);
    EXPECT_EQ(state.active, "spiral");
    EXPECT_EQ(s.settings.tick_load_ms, 20.0) << "applied without an Apply button";
    ticklab::app::panel_sections::step_lesson(s, state, -1);
    EXPECT_EQ(state.active, "slow-machine");
    state.active = "basics";
    ticklab::app::panel_sections::step_lesson(s, state, -1);
    EXPECT_EQ(state.active, ticklab::game::lesson_table().back().name);
}

TEST(LessonKeys, BFlipsTheLessonsSettingAndBack) {
    ticklab::manual_time_source clock;
    ticklab::game::session s{clock, "balls", {}, {}};
    ticklab::app::lessons_state state;
    state.active = "basics";
    ticklab::app::panel_sections::step_lesson(s, state, 4);  // basics + 4 = spiral
    ASSERT_EQ(state.active, "spiral");
    ASSERT_EQ(s.settings.strategy.catch_up_mode, ticklab::catch_up::uncapped);
    EXPECT_TRUE(ticklab::app::panel_sections::toggle_lesson_setting(s, state));
    EXPECT_EQ(s.settings.strategy.catch_up_mode, ticklab::catch_up::drop_backlog);
    EXPECT_TRUE(ticklab::app::panel_sections::toggle_lesson_setting(s, state));
    EXPECT_EQ(s.settings.strategy.catch_up_mode, ticklab::catch_up::uncapped);
    ticklab::app::panel_sections::step_lesson(s, state, -3);  // spiral - 3 = 10hz, drawn unsmoothed
    ASSERT_EQ(state.active, "10hz");
    ASSERT_EQ(s.settings.strategy.smoothing_mode, ticklab::game::smoothing::none);
    EXPECT_TRUE(ticklab::app::panel_sections::toggle_lesson_setting(s, state));
    EXPECT_EQ(s.settings.strategy.smoothing_mode, ticklab::game::smoothing::interpolate);
}

TEST(LessonKeys, StepIntoANetworkLessonStartsItsGameAndOutOfItStopsIt) {
    ticklab::manual_time_source clock;
    ticklab::game::session s{clock, "balls", {}, {}};
    ticklab::app::lessons_state state;
    state.active = "target-gone";
    ticklab::app::panel_sections::step_lesson(s, state, 1);
    ASSERT_EQ(state.active, "lockstep-waits");
    ASSERT_NE(s.network(), nullptr) << "the lesson's network block starts the two peers";
    EXPECT_EQ(s.network()->config().network.mode, ticklab::game::net_mode::lockstep);
    EXPECT_EQ(s.network()->config().network.link.latency_ms, 100.0);
    ticklab::app::panel_sections::step_lesson(s, state, 1);
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
    ticklab::app::panel_sections::step_lesson(s, state, -2);
    EXPECT_EQ(state.active, "target-gone");
    EXPECT_EQ(s.network(), nullptr) << "a lesson without one stops the network game";
    EXPECT_NO_THROW(frames(3)) << "the session's frames go on where the network game's ended";
}

}  // namespace

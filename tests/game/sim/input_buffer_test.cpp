#include "sim/input_buffer.hpp"

#include <gtest/gtest.h>

using ticklab::game::action;
using ticklab::game::input_buffer;
using ticklab::game::pointer_event;

TEST(InputBuffer, PressReachesExactlyOneTickAsPressed) {
    input_buffer buffer;
    buffer.press(action::thrust);
    const auto first = buffer.take_for_tick();
    const auto second = buffer.take_for_tick();
    EXPECT_TRUE(first.was_pressed(action::thrust));
    EXPECT_FALSE(second.was_pressed(action::thrust));
}

TEST(InputBuffer, KeyStillDownIsHeldInEveryTick) {
    input_buffer buffer;
    buffer.press(action::rotate_left);
    for (int i = 0; i < 3; ++i) EXPECT_TRUE(buffer.take_for_tick().is_held(action::rotate_left)) << "tick " << i;
    buffer.release(action::rotate_left);
    EXPECT_FALSE(buffer.take_for_tick().is_held(action::rotate_left));
}

TEST(InputBuffer, PressAndReleaseInsideOneFrameStillReachesATick) {
    input_buffer buffer;
    buffer.press(action::thrust);
    buffer.release(action::thrust);
    const auto tick = buffer.take_for_tick();
    EXPECT_TRUE(tick.is_held(action::thrust));
    EXPECT_TRUE(tick.was_pressed(action::thrust));
    EXPECT_FALSE(buffer.take_for_tick().is_held(action::thrust));
}

TEST(InputBuffer, FrameWithoutTicksLosesNothing) {
    input_buffer buffer;
    // Frame 1 runs no tick: a press, a release and a click arrive and must wait.
    buffer.press(action::rotate_right);
    buffer.release(action::rotate_right);
    pointer_event click;
    click.position = {3.0f, 4.0f};
    buffer.pointer(click);
    // Frame 2 runs one tick.
    const auto tick = buffer.take_for_tick();
    EXPECT_TRUE(tick.was_pressed(action::rotate_right));
    EXPECT_TRUE(tick.is_held(action::rotate_right));
    ASSERT_EQ(tick.pointer.size(), 1u);
    EXPECT_EQ(tick.pointer[0].position.x, 3.0f);
}

TEST(InputBuffer, SeveralTicksInOneFrameDoNotDoubleAPressOrAClick) {
    input_buffer buffer;
    buffer.press(action::thrust);
    buffer.pointer(pointer_event{});
    const auto first = buffer.take_for_tick();
    const auto second = buffer.take_for_tick();
    EXPECT_TRUE(first.was_pressed(action::thrust));
    EXPECT_FALSE(second.was_pressed(action::thrust));
    EXPECT_TRUE(second.is_held(action::thrust));
    EXPECT_EQ(first.pointer.size(), 1u);
    EXPECT_TRUE(second.pointer.empty());
}

TEST(InputBuffer, KeyRepeatIsNotANewPress) {
    input_buffer buffer;
    buffer.press(action::thrust);
    static_cast<void>(buffer.take_for_tick());
    buffer.press(action::thrust);  // SDL key repeat while held
    EXPECT_FALSE(buffer.take_for_tick().was_pressed(action::thrust));
}

TEST(InputBuffer, ReleaseAllLeavesNothingHeld) {
    input_buffer buffer;
    buffer.press(action::thrust);
    buffer.press(action::rotate_left);
    static_cast<void>(buffer.take_for_tick());
    buffer.release_all();
    const auto tick = buffer.take_for_tick();
    EXPECT_FALSE(tick.is_held(action::thrust));
    EXPECT_FALSE(tick.is_held(action::rotate_left));
}

TEST(InputBuffer, PressMadeBeforeFocusLossStillReachesOneTick) {
    input_buffer buffer;
    buffer.press(action::thrust);
    buffer.release_all();
    const auto tick = buffer.take_for_tick();
    EXPECT_TRUE(tick.was_pressed(action::thrust));
    EXPECT_FALSE(buffer.take_for_tick().is_held(action::thrust));
}

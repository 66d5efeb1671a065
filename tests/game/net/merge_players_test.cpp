// merge_inputs keeps each player's part of a tick apart as well as together (net/peer.hpp): a
// scene with a ship per player steers each with its own controls, and draws each push in its
// player's colour.
#include "net/peer.hpp"

#include <gtest/gtest.h>

using namespace ticklab::game;

TEST(MergeInputs, KeepsEachPlayersHeldControlsAndPointerApart) {
    tick_input p0;
    p0.held[static_cast<std::size_t>(action::rotate_left)] = true;
    p0.pointer.push_back({.type = pointer_event::kind::click, .position = {1, 2}, .velocity = {}});
    tick_input p1;
    p1.held[static_cast<std::size_t>(action::thrust)] = true;
    p1.pointer.push_back({.type = pointer_event::kind::drag, .position = {3, 4}, .velocity = {5, 6}});
    const tick_input m = merge_inputs(p0, p1);
    EXPECT_TRUE(m.is_held(action::thrust));  // together, as before
    EXPECT_TRUE(m.is_held(action::rotate_left));
    EXPECT_TRUE(m.is_held_by(0, action::rotate_left));
    EXPECT_FALSE(m.is_held_by(0, action::thrust));
    EXPECT_TRUE(m.is_held_by(1, action::thrust));
    EXPECT_FALSE(m.is_held_by(1, action::rotate_left));
    ASSERT_EQ(m.pointer.size(), 2u);
    EXPECT_EQ(m.pointer[0].player, 0);
    EXPECT_EQ(m.pointer[1].player, 1);
}

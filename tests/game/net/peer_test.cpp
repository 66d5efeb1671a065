#include "net/peer.hpp"
#include "scenes/scene_registry.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>

using namespace ticklab::game;

namespace {

tick_input holding(action a) {
    tick_input input;
    input.held[static_cast<std::size_t>(a)] = true;
    input.pressed[static_cast<std::size_t>(a)] = true;
    return input;
}

}  // namespace

TEST(NetPeer, MergedInputHoldsBothPlayersControlsAndPointersInPlayerOrder) {
    tick_input a = holding(action::thrust);
    a.pointer.push_back({.type = pointer_event::kind::click, .position = {1, 2}, .velocity = {}});
    tick_input b = holding(action::rotate_left);
    b.pointer.push_back({.type = pointer_event::kind::drag, .position = {3, 4}, .velocity = {5, 6}});
    const tick_input m = merge_inputs(a, b);
    EXPECT_TRUE(m.is_held(action::thrust));
    EXPECT_TRUE(m.is_held(action::rotate_left));
    EXPECT_FALSE(m.is_held(action::rotate_right));
    EXPECT_TRUE(m.was_pressed(action::rotate_left));
    ASSERT_EQ(m.pointer.size(), 2u);
    EXPECT_EQ(m.pointer[0].position.x, 1.0f);
    EXPECT_EQ(m.pointer[1].position.x, 3.0f);
}

TEST(NetPeer, SameInputComparesEveryBit) {
    tick_input a;
    a.pointer.push_back({.type = pointer_event::kind::drag, .position = {0.0f, 1}, .velocity = {}});
    tick_input b = a;
    EXPECT_TRUE(same_input(a, b));
    b.pointer[0].position.x = -0.0f;  // equal as numbers, not as bits: a scene may tell them apart
    EXPECT_FALSE(same_input(a, b));
    EXPECT_FALSE(same_input(holding(action::thrust), tick_input{}));
    tick_input pressed_only;
    pressed_only.pressed[0] = true;
    EXPECT_FALSE(same_input(pressed_only, tick_input{}));
}

TEST(NetPeer, APredictionRepeatsHeldControlsButNoPressOrPointer) {
    tick_input last = holding(action::thrust);
    last.pointer.push_back({.type = pointer_event::kind::click, .position = {1, 2}, .velocity = {}});
    const tick_input guess = predict_from(last);
    EXPECT_TRUE(guess.is_held(action::thrust));
    EXPECT_FALSE(guess.was_pressed(action::thrust));
    EXPECT_TRUE(guess.pointer.empty());
}

TEST(NetPeer, ALockstepPeerWithoutInputDelayIsRefused) {
    EXPECT_THROW(
        (peer{peer_config{.input_delay = 0}, *find_scene("lander"), {}, [](std::uint64_t) { return tick_input{}; }}),
        std::invalid_argument);
}

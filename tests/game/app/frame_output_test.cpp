// A live window's pacing (game/app/frame_output.cpp): waiting, not spinning, when there is nothing
// to wait for but also nothing new to show.
#include "app/frame_output.hpp"

#include <SDL.h>
#include <gtest/gtest.h>

#include <chrono>

namespace {

using namespace std::chrono_literals;

// Uncapped, a frame that presented nothing (a still scene drawn in parts) waits about a millisecond
// for an event; before, such frames ran some 58,000 times a second on a core. A lower bound only.
TEST(LiveOutput, UncappedFrameWithNothingNewWaitsInsteadOfSpinning) {
    ASSERT_EQ(SDL_InitSubSystem(SDL_INIT_EVENTS), 0) << SDL_GetError();
    ticklab::app::live_output output{false};
    SDL_FlushEvents(SDL_FIRSTEVENT, SDL_LASTEVENT);
    const auto start = std::chrono::steady_clock::now();
    for (int frame = 0; frame < 20; ++frame) output.pace(false);
    EXPECT_GE(std::chrono::steady_clock::now() - start, 15ms);
    SDL_QuitSubSystem(SDL_INIT_EVENTS);
}

}  // namespace

#include "app/platform/animation_frame_pacer.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>

namespace {

using ticklab::app::animation_frame_pacer;
using namespace std::chrono_literals;

// Frames run in `seconds` of animation frames at `display_hz`, each frame's time off by up to
// `jitter` (alternately early and late), as a browser's requestAnimationFrame times are.
int frames_run(animation_frame_pacer& pacer, double display_hz, double seconds,
               ticklab::nanoseconds jitter = ticklab::nanoseconds{0}) {
    const auto count = static_cast<std::int64_t>(display_hz * seconds);
    int run = 0;
    for (std::int64_t i = 0; i < count; ++i) {
        const auto ideal = ticklab::nanoseconds{static_cast<std::int64_t>(1e9 * static_cast<double>(i) / display_hz)};
        const auto now = ideal + (i % 2 == 0 ? jitter : -jitter);
        if (pacer.due(now)) ++run;
    }
    return run;
}

TEST(AnimationFramePacer, NoCapRunsEveryAnimationFrame) {
    animation_frame_pacer pacer;
    EXPECT_EQ(frames_run(pacer, 60.0, 2.0), 120);
}

TEST(AnimationFramePacer, CapAtTheDisplayRateRunsEveryJitteredFrame) {
    animation_frame_pacer pacer;
    pacer.set_fps_cap(60.0);
    EXPECT_EQ(frames_run(pacer, 60.0, 2.0, 1ms), 120);
}

TEST(AnimationFramePacer, HalfTheDisplayRateRunsEveryOtherFrame) {
    animation_frame_pacer pacer;
    pacer.set_fps_cap(30.0);
    EXPECT_EQ(frames_run(pacer, 60.0, 2.0, 1ms), 60);
}

TEST(AnimationFramePacer, CapBetweenDivisorsKeepsItsAverageRate) {
    // 45 FPS on a 60 Hz display: not 30 (every other frame), but three frames in four.
    animation_frame_pacer pacer;
    pacer.set_fps_cap(45.0);
    EXPECT_NEAR(frames_run(pacer, 60.0, 10.0, 1ms), 450, 2);
}

TEST(AnimationFramePacer, CapHoldsWhenAnimationFramesComeUnevenly) {
    // A browser that cannot draw every display frame (headless chromium drawing in software came
    // at about 45 a second while a page starts) skips some: frames come 1/60 s or 2/60 s apart. A
    // 30 FPS cap still runs 30 a second, as deadlines run on by whole periods.
    animation_frame_pacer pacer;
    pacer.set_fps_cap(30.0);
    std::uint32_t random = 12345;
    ticklab::nanoseconds now{0};
    int run = 0;
    while (now < 10s) {
        if (pacer.due(now)) ++run;
        random = random * 1664525u + 1013904223u;  // a fixed sequence: one gap in three is doubled
        now += (random >> 16) % 3 == 0 ? 33'333'333ns : 16'666'667ns;
    }
    EXPECT_NEAR(run, 300, 6);
}

TEST(AnimationFramePacer, CapAboveTheDisplayRateRunsEveryFrame) {
    animation_frame_pacer pacer;
    pacer.set_fps_cap(144.0);
    EXPECT_EQ(frames_run(pacer, 60.0, 1.0), 60);
}

TEST(AnimationFramePacer, LateFramesDoNotRaceToCatchUp) {
    // A tab in the background gets no animation frames; back in front, the cap starts again from
    // then instead of running every frame until the missed ones are made up.
    animation_frame_pacer pacer;
    pacer.set_fps_cap(30.0);
    ASSERT_TRUE(pacer.due(0ms));
    EXPECT_TRUE(pacer.due(5s));
    EXPECT_FALSE(pacer.due(5s + 16ms));
    EXPECT_TRUE(pacer.due(5s + 33ms));
}

}  // namespace

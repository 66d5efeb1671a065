#include <ticklab/frame_pacer.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

using namespace std::chrono_literals;

TEST(FramePacer, NoCapDoesNotWait) {
    ticklab::frame_pacer pacer;
    EXPECT_EQ(pacer.wait(), 0ns);
}

TEST(FramePacer, CappedFramesAreNeverEarly) {
    // A lower bound only: the pacer must not let frames through faster than the cap.
    ticklab::frame_pacer pacer;
    pacer.set_fps_cap(500.0);
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < 20; ++i) pacer.wait();
    EXPECT_GE(std::chrono::steady_clock::now() - start, 38ms);
}

TEST(FramePacer, RejectsBadCaps) {
    ticklab::frame_pacer pacer;
    for (double bad : {-1.0, 0.5, 1001.0, std::nan("")}) {
        EXPECT_THROW(pacer.set_fps_cap(bad), std::invalid_argument) << bad;
        EXPECT_NE(ticklab::check_fps_cap(bad), "");
    }
    EXPECT_EQ(pacer.fps_cap(), 0.0);
}

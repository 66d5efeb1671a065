#include <ticklab/frame_pacer.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <thread>

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

TEST(FramePacer, AFrameLateByMoreThanAPeriodDoesNotWait) {
    // 10 FPS: a 100 ms period. A frame of 250 ms of work is past its slot: the next frame starts at
    // once (the pacer once slept a whole period here), and the one after is paced again.
    ticklab::frame_pacer pacer;
    pacer.set_fps_cap(10.0);
    pacer.wait();
    std::this_thread::sleep_for(250ms);
    EXPECT_LT(pacer.wait(), 50ms);
    EXPECT_GE(pacer.wait(), 50ms);
}

TEST(FramePacer, AFrameLateByLessThanAPeriodIsMadeUpByTheNext) {
    // 10 FPS: frames due at 100 and 200 ms. A frame of 150 ms of work ends 50 ms late and does not
    // wait; the next, of no work, waits only until 200 ms, so two frames still fit in 200 ms.
    // Re-anchored at 150 ms (as the pacer once was), it waited a whole period, until 250 ms.
    ticklab::frame_pacer pacer;
    pacer.set_fps_cap(10.0);
    pacer.wait();
    std::this_thread::sleep_for(150ms);
    EXPECT_LT(pacer.wait(), 10ms);
    EXPECT_LT(pacer.wait(), 85ms);
}

TEST(FramePacer, RejectsBadCaps) {
    ticklab::frame_pacer pacer;
    for (double bad : {-1.0, 0.5, 1001.0, std::nan("")}) {
        EXPECT_THROW(pacer.set_fps_cap(bad), std::invalid_argument) << bad;
        EXPECT_NE(ticklab::check_fps_cap(bad), "");
    }
    EXPECT_EQ(pacer.fps_cap(), 0.0);
}

TEST(SleepCalibration, StartsAtTheInitialWindow) {
    const ticklab::sleep_calibration calibration;
    EXPECT_EQ(calibration.spin_window(), ticklab::sleep_calibration::initial_window);
}

TEST(SleepCalibration, SettlesOnTypicalOversleepPlusMargin) {
    ticklab::sleep_calibration calibration;
    for (int i = 0; i < 40; ++i) calibration.add(200us);
    EXPECT_EQ(calibration.spin_window(), 200us + ticklab::sleep_calibration::margin);
}

TEST(SleepCalibration, OneLateWakeUpDoesNotWidenTheWindowButRepeatedOnesDo) {
    ticklab::sleep_calibration calibration;
    for (int i = 0; i < 31; ++i) calibration.add(200us);
    calibration.add(900us);
    EXPECT_EQ(calibration.spin_window(), 200us + ticklab::sleep_calibration::margin);
    for (int i = 0; i < 8; ++i) calibration.add(600us);
    EXPECT_EQ(calibration.spin_window(), 600us + ticklab::sleep_calibration::margin);
    // And it narrows again once they have left the history.
    for (std::size_t i = 0; i < ticklab::sleep_calibration::history; ++i) calibration.add(200us);
    EXPECT_EQ(calibration.spin_window(), 200us + ticklab::sleep_calibration::margin);
}

TEST(SleepCalibration, StaysWithinItsBounds) {
    ticklab::sleep_calibration calibration;
    for (int i = 0; i < 40; ++i) calibration.add(-5ms);  // a clock that ran backwards, or woke early
    EXPECT_EQ(calibration.spin_window(), ticklab::sleep_calibration::min_window);
    for (int i = 0; i < 40; ++i) calibration.add(50ms);  // a machine too busy to wake anyone on time
    EXPECT_EQ(calibration.spin_window(), ticklab::sleep_calibration::max_window);
}

TEST(FramePacer, SpinsOnlyWhatSleepsOversleepBeyondTheAllowance) {
    // Until a sleep has been timed, the calibration's initial window less the allowance; with
    // sleeps as punctual as the allowance, none at all (the frame wakes from its sleep).
    const ticklab::frame_pacer pacer;
    EXPECT_EQ(pacer.spin_window(),
              ticklab::sleep_calibration::initial_window - ticklab::frame_pacer::late_allowance);
    static_assert(ticklab::sleep_calibration::min_window <= ticklab::frame_pacer::late_allowance);
}

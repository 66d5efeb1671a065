// split_chooser: a tick is split across threads only while measuring says it pays, and a way that
// loses badly (two threads on a machine whose other core is busy) costs one tick per probe, with
// probes further and further apart.
#include <ticklab/split_chooser.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>

using ticklab::split_chooser;

namespace {

// Runs `ticks` ticks that take `one` seconds on one thread and `split` seconds split; returns how
// many were split.
std::uint32_t run(split_chooser& chooser, std::uint32_t ticks, double one, double split) {
    std::uint32_t split_ticks = 0;
    for (std::uint32_t t = 0; t < ticks; ++t) {
        const bool s = chooser.split();
        split_ticks += s ? 1 : 0;
        chooser.record(s, s ? split : one);
    }
    return split_ticks;
}

}  // namespace

TEST(SplitChooser, KeepsSplittingWhenTwoThreadsAreFaster) {
    split_chooser chooser;
    EXPECT_FALSE(chooser.split());  // starts on one thread
    run(chooser, 100, 0.020, 0.012);
    EXPECT_TRUE(chooser.splitting_kept());
    // From then on nearly every tick is split: only the probes of one thread are not.
    EXPECT_GT(run(chooser, 1000, 0.020, 0.012), 950u);
}

TEST(SplitChooser, TriesSplittingWithinTheFirstTicks) {
    // A splash's first ticks are among its slowest: the first probe comes after one tick, not
    // first_interval ticks later.
    split_chooser chooser;
    EXPECT_FALSE(chooser.split());
    chooser.record(false, 0.020);
    EXPECT_TRUE(chooser.split());  // the probe starts at the second tick
    run(chooser, split_chooser::probe_ticks, 0.020, 0.012);
    EXPECT_TRUE(chooser.splitting_kept());
}

TEST(SplitChooser, StaysOnOneThreadWhenSplittingStalls) {
    // 100,000 balls in a window at load 9: 28 ms a tick on one thread, a second split.
    split_chooser chooser;
    const std::uint32_t split_ticks = run(chooser, 6000, 0.028, 1.0);
    EXPECT_FALSE(chooser.splitting_kept());
    // Each probe gives up after one tick, and the next comes max_interval ticks later: after 3
    // ticks, then every 960: 7 probes in 6000 ticks.
    EXPECT_LE(split_ticks, 7u);
    EXPECT_GE(split_ticks, 5u);  // it keeps looking: the machine may go quiet
}

TEST(SplitChooser, SwitchesBackWhenTheMachineGetsBusy) {
    split_chooser chooser;
    run(chooser, 200, 0.020, 0.012);
    ASSERT_TRUE(chooser.splitting_kept());
    run(chooser, 200, 0.020, 0.5);  // another process takes the second core
    EXPECT_FALSE(chooser.splitting_kept());
    run(chooser, 2000, 0.020, 0.012);  // and leaves it again
    EXPECT_TRUE(chooser.splitting_kept());
}

TEST(SplitChooser, ANearTieKeepsTheWayItHas) {
    split_chooser chooser;
    run(chooser, 1000, 0.020, 0.019);  // 5% faster split: within the noise margin
    EXPECT_FALSE(chooser.splitting_kept());
}

TEST(SplitChooser, AProbeThatIsClearlySlowerEndsAfterOneTick) {
    // A 100,000-ball landing on a quiet machine: 12 ms split, 20 ms on one thread (1.67 times: not
    // slow enough to give up). Each probe of one thread is one tick, and the waits still double.
    split_chooser chooser;
    run(chooser, 100, 0.020, 0.012);
    ASSERT_TRUE(chooser.splitting_kept());
    std::uint32_t one_thread_ticks = 0;
    std::uint32_t longest_run = 0;
    std::uint32_t run_now = 0;
    for (std::uint32_t t = 0; t < 2000; ++t) {
        const bool s = chooser.split();
        run_now = s ? 0 : run_now + 1;
        one_thread_ticks += s ? 0 : 1;
        longest_run = std::max(longest_run, run_now);
        chooser.record(s, s ? 0.012 : 0.020);
    }
    EXPECT_EQ(longest_run, 1u);
    // The first 100 ticks held two probes (won, then lost); then waits of 120, 240, 480 and 960
    // ticks: 4 probes of one tick each.
    EXPECT_GE(one_thread_ticks, 3u);
    EXPECT_LE(one_thread_ticks, 5u);
    EXPECT_TRUE(chooser.splitting_kept());
}

// The panel's readout of the comparison ghost: hashes read together, and the verdict on them.
#include "session/comparison_readout.hpp"
#include "session/session.hpp"

#include <gtest/gtest.h>

#include <cstdint>

using namespace std::chrono_literals;
using ticklab::game::comparison_readout;
using ticklab::game::ghost_verdict;
using ticklab::game::loop_settings;
using ticklab::game::session;

namespace {

struct readout_fixture : ::testing::Test {
    ticklab::manual_time_source source;
    // The panel's: 10 readings a second of the session's own clock.
    comparison_readout readout{100};
    std::uint64_t seed = 1;

    // 5 to 45 ms, as a loaded window's frames come.
    ticklab::nanoseconds jittered_frame() {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        return std::chrono::microseconds{5000 + static_cast<std::int64_t>((seed >> 33) % 40000)};
    }
    std::uint64_t now_ms() const { return static_cast<std::uint64_t>(source.now().count() / 1'000'000); }
    // One frame, then the panel's reading of it.
    const ticklab::game::comparison_reading& frame(session& s) {
        source.advance(jittered_frame());
        s.update_frame(s.advance());
        return readout.read(s, now_ms());
    }
};

using ComparisonReadout = readout_fixture;

}  // namespace

TEST_F(ComparisonReadout, GhostEqualToMainAgreesWhenTurnedOnMidRun) {
    // Issue 22, finding 5: the panel kept main's hash and the ghost's on two timers, so it compared
    // main now with the ghost of another frame and said "states differ" for an exact twin.
    session s{source, "balls", {}, {}};
    for (int i = 0; i < 2000; ++i) EXPECT_FALSE(frame(s).has_ghost);
    {
        auto edit = s.settings();
        edit.compare = true;
        s.set_settings(edit);
    }
    {
        auto edit = s.settings();
        edit.ghost_strategy = s.settings().strategy;
        s.set_settings(edit);
    }
    int readings = 0;
    for (int i = 0; i < 600; ++i) {
        const auto& r = frame(s);
        if (!r.has_ghost) continue;
        ++readings;
        ASSERT_EQ(r.verdict, ghost_verdict::agree) << "frame " << i;
        EXPECT_TRUE(r.same_strategy);
        EXPECT_EQ(r.main_hash, r.ghost_hash);
        EXPECT_GT(r.start_tick, 1000u) << "the ghost started mid-run";
        EXPECT_EQ(r.main_ticks_since, r.ghost_ticks) << "counted from the same start";
        EXPECT_EQ(r.main_ticks, r.start_tick + r.main_ticks_since);
    }
    EXPECT_GT(readings, 500);
}

TEST_F(ComparisonReadout, EveryStrategyAgreesWithItsOwnGhost) {
    // Whatever main runs, a ghost running the same agrees at every reading, at any time scale.
    using ticklab::catch_up;
    using ticklab::stepping;
    using ticklab::time_scaling;
    for (const stepping step : {stepping::fixed, stepping::variable}) {
        for (const catch_up catching : {catch_up::drop_backlog, catch_up::clamp_frame_time, catch_up::keep_debt,
                                        catch_up::uncapped, catch_up::text_004}) {
            for (const time_scaling scaling : {time_scaling::tick_count, time_scaling::tick_length}) {
                loop_settings settings;
                settings.strategy = {.step_mode = step, .catch_up_mode = catching, .scaling = scaling};
                settings.time_scale = 1.5;
                session s{source, "balls", {}, settings};
                for (int i = 0; i < 200; ++i) (void)frame(s);
                {
                    auto edit = s.settings();
                    edit.compare = true;
                    s.set_settings(edit);
                }
                {
                    auto edit = s.settings();
                    edit.ghost_strategy = s.settings().strategy;
                    s.set_settings(edit);
                }
                for (int i = 0; i < 200; ++i) {
                    const auto& r = frame(s);
                    ASSERT_TRUE(!r.has_ghost || r.verdict == ghost_verdict::agree)
                        << "stepping " << static_cast<int>(step) << ", catch-up " << static_cast<int>(catching)
                        << ", scaling " << static_cast<int>(scaling) << ", frame " << i;
                }
                ASSERT_NE(s.ghost(), nullptr);
            }
        }
    }
}

TEST_F(ComparisonReadout, GhostWithAnotherStrategyDiffers) {
    session s{source, "balls", {}, {}};
    for (int i = 0; i < 300; ++i) (void)frame(s);
    {
        auto edit = s.settings();
        edit.compare = true;
        s.set_settings(edit);
    }
    {
        auto edit = s.settings();
        edit.ghost_strategy.step_mode = ticklab::stepping::variable;
        s.set_settings(edit);
    }
    ticklab::game::comparison_reading last;
    for (int i = 0; i < 300; ++i) last = frame(s);
    ASSERT_TRUE(last.has_ghost);
    EXPECT_FALSE(last.same_strategy);
    EXPECT_EQ(last.verdict, ghost_verdict::differ);
    EXPECT_NE(last.main_hash, last.ghost_hash);
}

TEST_F(ComparisonReadout, ReadsAtMostOncePerIntervalButAtOnceForANewGhost) {
    session s{source, "balls", {}, {}};
    const auto first = readout.read(s, 1000);
    source.advance(50ms);
    s.update_frame(s.advance());
    EXPECT_EQ(readout.read(s, 1050).main_ticks, first.main_ticks) << "within the interval: the last reading";
    EXPECT_NE(readout.read(s, 1100).main_ticks, first.main_ticks);
    {
        auto edit = s.settings();
        edit.compare = true;
        s.set_settings(edit);
    }
    for (int i = 0; i < 3 && s.ghost() == nullptr; ++i) {
        source.advance(17ms);
        s.update_frame(s.advance());
    }
    ASSERT_NE(s.ghost(), nullptr);
    EXPECT_TRUE(readout.read(s, 1101).has_ghost) << "the ghost shows at once";
    EXPECT_TRUE(readout.read(s, 5).has_ghost) << "a clock that went back reads again";
}

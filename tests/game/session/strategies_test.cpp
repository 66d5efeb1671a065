// The loop strategies as a session runs them: stepping, catch-up under a scripted hitch, time
// scaling and smoothing, in numbers; and their command-line flags.
#include "cli/command_line.hpp"
#include "session/session.hpp"
#include "sim/strategy_names.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

using namespace std::chrono_literals;
using ticklab::game::loop_settings;
using ticklab::game::session;
using ticklab::game::smoothing;

namespace {

struct strategies_fixture : ::testing::Test {
    ticklab::manual_time_source source;

    std::uint32_t frame(session& s, ticklab::nanoseconds real) {
        source.advance(real);
        const auto& stats = s.advance();
        s.update_frame(stats);
        return stats.ticks;
    }

    // One second of frames of `frame_ms`; returns the state hash.
    std::uint64_t one_second(ticklab::stepping mode, std::int64_t frame_ms) {
        loop_settings settings;
        settings.strategy.step_mode = mode;
        session s{source, "lander", {}, settings};
        for (std::int64_t t = 0; t < 1000; t += frame_ms) frame(s, std::chrono::milliseconds{frame_ms});
        return s.state_hash();
    }

    // 5 frames of 20 ms, a 500 ms hitch, 10 frames of 20 ms at 50 Hz (20 ms ticks), MAX_LOOPS 8.
    std::vector<std::uint32_t> hitch(ticklab::catch_up mode) {
        loop_settings settings;
        settings.tick_rate_hz = 50;
        settings.strategy.catch_up_mode = mode;
        settings.frame_time_clamp_ms = 100.0;
        session s{source, "lander", {}, settings};
        std::vector<std::uint32_t> ticks;
        for (int i = 0; i < 5; ++i) ticks.push_back(frame(s, 20ms));
        ticks.push_back(frame(s, 500ms));
        for (int i = 0; i < 10; ++i) ticks.push_back(frame(s, 20ms));
        return ticks;
    }

    // The state hash after exactly 50 ticks at 50 Hz, with frames of 20 ms of real time.
    std::uint64_t fifty_ticks(ticklab::time_scaling scaling, double scale) {
        loop_settings settings;
        settings.tick_rate_hz = 50;
        settings.time_scale = scale;
        settings.strategy.scaling = scaling;
        session s{source, "lander", {}, settings};
        while (s.loop().ticks() < 50) frame(s, 20ms);
        EXPECT_EQ(s.loop().ticks(), 50u);
        return s.state_hash();
    }
};

using Strategies = strategies_fixture;

}  // namespace

TEST_F(Strategies, VariableDeltaPositionsDifferAcrossFrameRates) {
    EXPECT_NE(one_second(ticklab::stepping::variable, 20), one_second(ticklab::stepping::variable, 50));
}

TEST_F(Strategies, FixedTickPositionsAreIdenticalAcrossFrameRates) {
    EXPECT_EQ(one_second(ticklab::stepping::fixed, 20), one_second(ticklab::stepping::fixed, 50));
}

TEST_F(Strategies, DropBacklogRunsTheCapThenDropsTheRest) {
    const std::vector<std::uint32_t> expected{1, 1, 1, 1, 1, 8, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    EXPECT_EQ(hitch(ticklab::catch_up::drop_backlog), expected);
}

TEST_F(Strategies, ClampFrameTimeRunsOnlyTheClampsWorth) {
    // 100 ms of the 500 ms hitch is 5 ticks; the cap of 8 does not apply to the clamp.
    const std::vector<std::uint32_t> expected{1, 1, 1, 1, 1, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    EXPECT_EQ(hitch(ticklab::catch_up::clamp_frame_time), expected);
}

TEST_F(Strategies, KeepDebtCatchesUpLaterInBursts) {
    // 25 ticks are due in the hitch: 8 run, 17 are owed and paid back 8 at a time on top of each
    // frame's own tick, until every tick of the 700 ms has run.
    const std::vector<std::uint32_t> expected{1, 1, 1, 1, 1, 8, 8, 8, 4, 1, 1, 1, 1, 1, 1, 1};
    EXPECT_EQ(hitch(ticklab::catch_up::keep_debt), expected);
}

TEST_F(Strategies, UncappedRunsEveryDueTickAtOnce) {
    const std::vector<std::uint32_t> expected{1, 1, 1, 1, 1, 25, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    EXPECT_EQ(hitch(ticklab::catch_up::uncapped), expected);
}

TEST_F(Strategies, TickCountScalingKeepsTheHash) {
    EXPECT_EQ(fifty_ticks(ticklab::time_scaling::tick_count, 1.0), fifty_ticks(ticklab::time_scaling::tick_count, 0.5));
}

TEST_F(Strategies, TickLengthScalingChangesTheHash) {
    EXPECT_NE(fifty_ticks(ticklab::time_scaling::tick_length, 1.0),
              fifty_ticks(ticklab::time_scaling::tick_length, 0.5));
}

TEST_F(Strategies, SettingsChangeLive) {
    session s{source, "lander", {}, {}};
    frame(s, 20ms);
    {
        auto edit = s.settings();
        edit.strategy.catch_up_mode = ticklab::catch_up::keep_debt;
        s.set_settings(edit);
    }
    {
        auto edit = s.settings();
        edit.strategy.step_mode = ticklab::stepping::variable;
        s.set_settings(edit);
    }
    {
        auto edit = s.settings();
        edit.strategy.scaling = ticklab::time_scaling::tick_length;
        s.set_settings(edit);
    }
    {
        auto edit = s.settings();
        edit.frame_time_clamp_ms = 40.0;
        s.set_settings(edit);
    }
    frame(s, 20ms);
    const ticklab::loop_config& config = s.loop().config();
    EXPECT_EQ(config.catch_up_mode, ticklab::catch_up::keep_debt);
    EXPECT_EQ(config.step_mode, ticklab::stepping::variable);
    EXPECT_EQ(config.scaling, ticklab::time_scaling::tick_length);
    EXPECT_EQ(config.frame_time_clamp, 40ms);
}

TEST_F(Strategies, BadClampIsPulledIntoRange) {
    session s{source, "lander", {}, {}};
    {
        auto edit = s.settings();
        edit.frame_time_clamp_ms = -5.0;
        s.set_settings(edit);
    }
    frame(s, 20ms);
    EXPECT_GT(s.settings().frame_time_clamp_ms, 0.0);
    {
        auto edit = s.settings();
        edit.frame_time_clamp_ms = std::nan("");
        s.set_settings(edit);
    }
    frame(s, 20ms);
    EXPECT_EQ(s.settings().frame_time_clamp_ms, 250.0);
}

namespace {

// The single ball's drawn height with each smoothing, one and a half ticks into the run.
struct drawn_heights {
    float none, interpolated, extrapolated;
};

drawn_heights heights(ticklab::manual_time_source& source, ticklab::stepping mode) {
    ticklab::game::scene_options options;
    options.balls = 1;
    loop_settings settings;
    settings.strategy.step_mode = mode;
    session s{source, "balls", options, settings};
    source.advance(25ms);  // one 60 Hz tick and half of the next
    s.update_frame(s.advance());
    drawn_heights out{};
    for (auto [mode_choice, field] : {std::pair{smoothing::none, &drawn_heights::none},
                                      std::pair{smoothing::interpolate, &drawn_heights::interpolated},
                                      std::pair{smoothing::extrapolate, &drawn_heights::extrapolated}}) {
        {
            auto edit = s.settings();
            edit.strategy.smoothing_mode = mode_choice;
            s.set_settings(edit);
        }
        ticklab::game::draw_list list;
        s.draw(list);
        out.*field = list.circles.at(0).center.y;
    }
    return out;
}

}  // namespace

TEST_F(Strategies, ExtrapolationDrawsAheadWhereInterpolationDrawsBehind) {
    const drawn_heights h = heights(source, ticklab::stepping::fixed);
    // The current state is `none`; interpolation lies back towards the previous tick, extrapolation
    // as far forward along the same motion.
    EXPECT_NE(h.interpolated, h.none);
    EXPECT_NE(h.extrapolated, h.none);
    EXPECT_GT((h.extrapolated - h.none) * (h.none - h.interpolated), 0.0f);
}

TEST_F(Strategies, VariableSteppingDrawsTheCurrentStateWhateverTheSmoothing) {
    const drawn_heights h = heights(source, ticklab::stepping::variable);
    EXPECT_EQ(h.interpolated, h.none);
    EXPECT_EQ(h.extrapolated, h.none);
}

// ---- Names and flags ----

TEST(StrategyNames, EveryChoiceRoundTrips) {
    for (const auto& c : ticklab::game::catch_up_choices) {
        EXPECT_EQ(ticklab::game::find_choice(ticklab::game::catch_up_choices, c.name), c.value);
        EXPECT_EQ(ticklab::game::choice_name(ticklab::game::catch_up_choices, c.value), c.name);
    }
    EXPECT_FALSE(ticklab::game::find_choice(ticklab::game::stepping_choices, "sometimes"));
    EXPECT_EQ(ticklab::game::choice_list(ticklab::game::smoothing_choices),
              "none, interpolate, extrapolate or render-tick");
}

namespace {

struct parsed {
    ticklab::game::parse_result result;
    std::string err;
};

parsed parse(std::vector<std::string> args) {
    args.insert(args.begin(), "ticklab");
    std::vector<const char*> argv;
    for (const auto& a : args) argv.push_back(a.c_str());
    testing::internal::CaptureStderr();
    parsed p{ticklab::game::parse_command_line(static_cast<int>(argv.size()), argv.data()), {}};
    p.err = testing::internal::GetCapturedStderr();
    return p;
}

}  // namespace

TEST(StrategyFlags, SelectEveryChoice) {
    const parsed p = parse({"--stepping", "variable", "--catch-up", "debt", "--smoothing", "extrapolate",
                            "--time-scaling", "length", "--frame-clamp-ms", "40", "--frame-jitter-ms", "1.5"});
    ASSERT_FALSE(p.result.exit_code) << p.err;
    const loop_settings& loop = p.result.options.loop;
    EXPECT_EQ(loop.strategy.step_mode, ticklab::stepping::variable);
    EXPECT_EQ(loop.strategy.catch_up_mode, ticklab::catch_up::keep_debt);
    EXPECT_EQ(loop.strategy.smoothing_mode, smoothing::extrapolate);
    EXPECT_EQ(loop.strategy.scaling, ticklab::time_scaling::tick_length);
    EXPECT_EQ(loop.frame_time_clamp_ms, 40.0);
    EXPECT_EQ(p.result.options.frame_jitter_ms, 1.5);
    EXPECT_FALSE(loop.compare);
}

TEST(StrategyFlags, SmoothingNoneTurnsInterpolationOff) {
    const parsed p = parse({"--smoothing", "none"});
    ASSERT_FALSE(p.result.exit_code) << p.err;
    EXPECT_EQ(p.result.options.loop.strategy.smoothing_mode, ticklab::game::smoothing::none);
}

TEST(StrategyFlags, CompareSetsTheGhostsStrategy) {
    const parsed p = parse({"--compare", "catch-up=clamp,smoothing=none,stepping=fixed"});
    ASSERT_FALSE(p.result.exit_code) << p.err;
    const loop_settings& loop = p.result.options.loop;
    EXPECT_TRUE(loop.compare);
    EXPECT_EQ(loop.ghost_strategy.catch_up_mode, ticklab::catch_up::clamp_frame_time);
    EXPECT_EQ(loop.ghost_strategy.smoothing_mode, smoothing::none);
    EXPECT_EQ(loop.ghost_strategy.step_mode, ticklab::stepping::fixed);
    EXPECT_EQ(loop.strategy.catch_up_mode, ticklab::catch_up::drop_backlog) << "main keeps its own";
}

TEST(StrategyFlags, CompareStartsFromMainsSettingsAndChangesOnlyTheNamedKeys) {
    const parsed p = parse({"--catch-up", "debt", "--tick-rate", "30", "--compare", "smoothing=none"});
    ASSERT_FALSE(p.result.exit_code) << p.err;
    const loop_settings& loop = p.result.options.loop;
    EXPECT_EQ(loop.ghost_strategy.step_mode, loop.strategy.step_mode) << "not variable stepping";
    EXPECT_EQ(loop.ghost_strategy.catch_up_mode, ticklab::catch_up::keep_debt);
    EXPECT_EQ(loop.ghost_strategy.scaling, loop.strategy.scaling);
    EXPECT_EQ(loop.ghost_strategy.smoothing_mode, smoothing::none);
    EXPECT_EQ(loop.ghost_tick_rate_hz, 0u) << "main's tick rate";
}

TEST(StrategyFlags, CompareTickRate) {
    const parsed p = parse({"--compare", "tick-rate=5"});
    ASSERT_FALSE(p.result.exit_code) << p.err;
    EXPECT_EQ(p.result.options.loop.ghost_tick_rate_hz, 5u);
    EXPECT_EQ(p.result.options.loop.tick_rate_hz, 60u);
    EXPECT_EQ(p.result.options.loop.ghost_strategy.step_mode, ticklab::stepping::fixed);
}

TEST(StrategyFlags, BadValuesGiveOneLineAndExitTwo) {
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
        {{"--stepping", "sometimes"}, "use fixed or variable"},
        {{"--catch-up", "all"}, "use drop, clamp, debt, none or text004"},
        {{"--smoothing", "lerp"}, "use none, interpolate, extrapolate or render-tick"},
        {{"--time-scaling", "speed"}, "use count or length"},
        {{"--frame-clamp-ms", "0"}, "--frame-clamp-ms: frame_time_clamp_ms 0 ms is not allowed"},
        {{"--frame-clamp-ms", "fast"}, "frame_time_clamp_ms 'fast' is not allowed"},
        {{"--frame-jitter-ms", "-1"}, "frame_jitter_ms -1 ms is not allowed"},
        {{"--compare", "variable"}, "KEY=VALUE"},
        {{"--compare", "speed=2"}, "'speed' is not a strategy"},
        {{"--compare", "catch-up=all"}, "use drop, clamp, debt, none or text004"},
        {{"--compare", "tick-rate=0"}, "--compare tick-rate: tick_rate 0 Hz is not allowed"},
        {{"--compare", "tick-rate=fast"}, "tick_rate 'fast' is not allowed"},
    };
    for (const auto& [args, needle] : cases) {
        const parsed p = parse(args);
        ASSERT_TRUE(p.result.exit_code.has_value()) << args[0] << " " << args[1];
        EXPECT_EQ(*p.result.exit_code, 2);
        EXPECT_EQ(p.err.find('\n'), p.err.size() - 1) << p.err;
        EXPECT_NE(p.err.find(needle), std::string::npos) << p.err;
    }
}

TEST_F(Strategies, RenderTickDrawsAPartialTickWithoutChangingTheSimulation) {
    // Balls at 10 Hz, drawn every 7 ms frame: a render tick and interpolation end on the same state,
    // while the render tick's pictures differ from interpolation's (it draws a tick further on).
    const auto run = [&](smoothing mode, std::vector<float>& xs) {
        loop_settings settings;
        settings.tick_rate_hz = 10;
        settings.strategy.smoothing_mode = mode;
        session s{source, "balls", {}, settings};
        for (int i = 0; i < 150; ++i) {
            frame(s, 7ms);
            ticklab::game::draw_list list;
            s.draw(list);
            xs.push_back(list.circles.empty() ? 0.0f : list.circles.front().center.x);
        }
        return s.state_hash();
    };
    std::vector<float> interpolated;
    std::vector<float> partial;
    EXPECT_EQ(run(smoothing::render_tick, partial), run(smoothing::interpolate, interpolated));
    ASSERT_EQ(partial.size(), interpolated.size());
    std::size_t differ = 0;
    for (std::size_t i = 0; i < partial.size(); ++i) differ += partial[i] != interpolated[i] ? 1 : 0;
    EXPECT_GT(differ, partial.size() / 2);
}

// run_settings (game/run/run_settings.cpp): what a trace and a report say a run ran with.
#include "run/run_settings.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

using nlohmann::ordered_json;
using ticklab::game::changed_settings;
using ticklab::game::launch_options;
using ticklab::game::run_settings;
using ticklab::game::session;
using ticklab::game::settings_comment_lines;

TEST(RunSettings, NameTheSessionsSettingsAndWhatWasLaunched) {
    launch_options options;
    options.loop.tick_rate_hz = 25;
    options.loop.compare = true;
    options.loop.ghost_strategy.smoothing_mode = ticklab::game::smoothing::none;
    options.scene_settings.seed = 42;
    options.lesson = "my.json";
    options.ticks = 100;
    ticklab::manual_time_source source;
    session s{source, "lander", options.scene_settings, options.loop};
    const ordered_json settings = run_settings(options, "screenshot", s);
    EXPECT_EQ(settings.begin().key(), "program");
    EXPECT_EQ(settings["run"], "screenshot");
    EXPECT_EQ(settings["scene"], "lander");
    EXPECT_EQ(settings["lesson"], "my.json");
    EXPECT_EQ(settings["replay"], nullptr);
    EXPECT_EQ(settings["seed"], 42);
    EXPECT_EQ(settings["tick_rate"], 25);
    EXPECT_EQ(settings["ghost_tick_rate"], 25);  // 0 in the settings: main's
    EXPECT_EQ(settings["ghost_smoothing"], "none");
    EXPECT_EQ(settings["smoothing"], "interpolate");
    EXPECT_EQ(settings["stop_ticks"], 100);
    EXPECT_EQ(settings["stop_frames"], nullptr);
    EXPECT_TRUE(settings.contains("frame_ms"));
    EXPECT_FALSE(run_settings(options, "window", s).contains("frame_ms")) << "a window has no modelled display";
}

TEST(RunSettings, TheNetworkGameIsDescribedWhenOneRuns) {
    launch_options options;
    ticklab::game::network_settings network;
    network.mode = ticklab::game::net_mode::rollback;
    network.link.latency_ms = 80;
    options.network = network;
    ticklab::manual_time_source source;
    session s{source, "balls", options.scene_settings, options.loop};
    const ordered_json settings = run_settings(options, "headless", s);
    EXPECT_EQ(settings["network"], "rollback");
    EXPECT_EQ(settings["latency_ms"], 80.0);
    EXPECT_EQ(settings["input_delay"], 2) << "the struct's default, as launched";
}

TEST(RunSettings, ChangedSettingsAreOnlyThoseThatDiffer) {
    launch_options options;
    ticklab::manual_time_source source;
    session s{source, "balls", options.scene_settings, options.loop};
    const ordered_json started = run_settings(options, "window", s);
    EXPECT_EQ(changed_settings(started, run_settings(options, "window", s)), ordered_json::object());
    {
        auto edit = s.settings();
        edit.tick_rate_hz = 120;
        s.set_settings(edit);
    }
    {
        auto edit = s.settings();
        edit.paused = true;
        s.set_settings(edit);
    }
    const ordered_json changed = changed_settings(started, run_settings(options, "window", s));
    EXPECT_EQ(changed, (ordered_json{{"tick_rate", 120}, {"paused", true}}));
}

TEST(RunSettings, CommentLinesAreOneLineEachWhateverTheValue) {
    const ordered_json settings{{"lesson", "a\nb\rc"}, {"replay", nullptr}, {"time_scale", 0.5},
                                {"seed", 3},           {"vsync", false},    {"frame_ms", 1000.0 / 60.0}};
    EXPECT_EQ(settings_comment_lines(settings, "at_end."),
              "# at_end.lesson=a?b?c\n# at_end.replay=\n# at_end.time_scale=0.5\n# at_end.seed=3\n"
              "# at_end.vsync=false\n# at_end.frame_ms=16.666666666666668\n");
}

}  // namespace

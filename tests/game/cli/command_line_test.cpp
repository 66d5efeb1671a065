#include "cli/command_line.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using ticklab::game::parse_command_line;
using ticklab::game::parse_result;

namespace {

struct parsed {
    parse_result result;
    std::string err;
    std::string out;
};

parsed parse(std::vector<std::string> args) {
    args.insert(args.begin(), "ticklab");
    std::vector<const char*> argv;
    for (const auto& a : args) argv.push_back(a.c_str());
    testing::internal::CaptureStderr();
    testing::internal::CaptureStdout();
    parsed p{parse_command_line(static_cast<int>(argv.size()), argv.data()), {}, {}};
    p.err = testing::internal::GetCapturedStderr();
    p.out = testing::internal::GetCapturedStdout();
    return p;
}

// Exit code 2 and exactly one line on stderr that mentions `needle`.
void expect_rejected(const std::vector<std::string>& args, const std::string& needle) {
    const parsed p = parse(args);
    std::string joined;
    for (const auto& a : args) joined += a + " ";
    ASSERT_TRUE(p.result.exit_code.has_value()) << joined;
    EXPECT_EQ(*p.result.exit_code, 2) << joined;
    ASSERT_FALSE(p.err.empty()) << joined;
    EXPECT_EQ(p.err.find('\n'), p.err.size() - 1) << joined << "-> " << p.err;
    EXPECT_NE(p.err.find(needle), std::string::npos) << joined << "-> " << p.err;
}

}  // namespace

TEST(CommandLine, DefaultsWithNoArguments) {
    const parsed p = parse({});
    ASSERT_FALSE(p.result.exit_code.has_value());
    EXPECT_EQ(p.result.options.scene, "balls");
    EXPECT_EQ(p.result.options.loop.tick_rate_hz, 60u);
    EXPECT_FALSE(p.result.options.headless);
    EXPECT_TRUE(p.result.options.loop.vsync);
}

TEST(CommandLine, ReadsEveryOption) {
    const parsed p = parse({"--scene",
                            "lander",
                            "--tick-rate",
                            "5",
                            "--max-loops",
                            "3",
                            "--time-scale",
                            "2.5",
                            "--paused",
                            "--balls",
                            "1000",
                            "--seed",
                            "18446744073709551615",
                            "--autopilot",
                            "--fps-cap",
                            "30",
                            "--no-vsync",
                            "--headless",
                            "--frames",
                            "10",
                            "--ticks",
                            "20",
                            "--frame-ms",
                            "50",
                            "--report",
                            "-"});
    ASSERT_FALSE(p.result.exit_code.has_value()) << p.err;
    const auto& o = p.result.options;
    EXPECT_EQ(o.scene, "lander");
    EXPECT_EQ(o.loop.tick_rate_hz, 5u);
    EXPECT_EQ(o.loop.max_loops, 3u);
    EXPECT_EQ(o.loop.time_scale, 2.5);
    EXPECT_TRUE(o.loop.paused);
    EXPECT_EQ(o.scene_settings.balls, 1000u);
    EXPECT_EQ(o.scene_settings.seed, 18446744073709551615ULL);
    EXPECT_TRUE(o.scene_settings.autopilot);
    EXPECT_EQ(o.loop.fps_cap, 30.0);
    EXPECT_FALSE(o.loop.vsync);
    EXPECT_TRUE(o.headless);
    EXPECT_EQ(o.frames, 10u);
    EXPECT_EQ(o.ticks, 20u);
    EXPECT_EQ(o.frame_ms, 50.0);
    EXPECT_EQ(o.report_path, "-");
}

TEST(CommandLine, HelpPrintsToStdoutAndExitsZero) {
    const parsed p = parse({"--help"});
    ASSERT_TRUE(p.result.exit_code.has_value());
    EXPECT_EQ(*p.result.exit_code, 0);
    EXPECT_NE(p.out.find("--tick-rate"), std::string::npos);
    EXPECT_TRUE(p.err.empty());
}

TEST(CommandLine, VersionPrintsTheProjectVersionAndExitsZero) {
    const parsed p = parse({"--version"});
    ASSERT_TRUE(p.result.exit_code.has_value());
    EXPECT_EQ(*p.result.exit_code, 0);
    EXPECT_EQ(p.err, "");
    EXPECT_EQ(p.out, "ticklab " TICKLAB_PROJECT_VERSION "\n");  // project(VERSION) in CMakeLists.txt
    const parsed help = parse({"--help"});
    EXPECT_NE(help.out.find("--version"), std::string::npos);
}

TEST(CommandLine, UnknownSceneNamesTheChoices) {
    expect_rejected({"--scene", "moon"}, "balls, lander or orbits");
}

TEST(CommandLine, TheWallIsForTheBallsSceneAndTheLessonTurnsItOn) {
    EXPECT_FALSE(parse({}).result.options.scene_settings.wall);
    EXPECT_TRUE(parse({"--wall"}).result.options.scene_settings.wall);
    const parsed lesson = parse({"--lesson", "tunnelling"});
    ASSERT_FALSE(lesson.result.exit_code.has_value()) << lesson.err;
    EXPECT_TRUE(lesson.result.options.scene_settings.wall);
    EXPECT_EQ(lesson.result.options.loop.tick_rate_hz, 10u);
    expect_rejected({"--scene", "lander", "--wall"}, "--wall is for the balls scene, not 'lander'");
}

TEST(CommandLine, BadTickRatesAreRejected) {
    for (const char* bad : {"0", "-5", "nan", "inf", "1001", "1e9", "2.5", "abc", ""}) {
        expect_rejected({"--tick-rate", bad}, "--tick-rate");
    }
}

TEST(CommandLine, NumbersBeyondDoubleAreNamedAsTyped) {
    expect_rejected({"--tick-rate", "1e400"},
                    "--tick-rate: tick_rate '1e400' is not allowed: use a whole number from 1 to 1000 Hz");
    expect_rejected({"--time-scale", "-1e999"}, "time_scale '-1e999' is not allowed");
}

TEST(CommandLine, HelpNamesWhatEachValueIs) {
    const parsed p = parse({"--help"});
    for (const char* shown : {"--tick-rate HZ", "--balls N", "--report PATH", "--catch-up MODE", "--frame-ms MS"}) {
        EXPECT_NE(p.out.find(shown), std::string::npos) << shown;
    }
    EXPECT_EQ(p.out.find("TEXT"), std::string::npos);
}

TEST(CommandLine, BadNumbersAreRejected) {
    expect_rejected({"--max-loops", "0"}, "--max-loops");
    expect_rejected({"--max-loops", "65"}, "1 to 64");
    expect_rejected({"--time-scale", "0"}, "--time-scale");
    expect_rejected({"--time-scale", "x2"}, "--time-scale: time_scale 'x2' is not allowed: use a value from");
    expect_rejected({"--balls", "100001"}, "0 to 100000");
    expect_rejected({"--balls", "-1"}, "--balls");
    expect_rejected({"--seed", "-1"}, "--seed");
    expect_rejected({"--fps-cap", "-1"}, "--fps-cap");
    expect_rejected({"--frames", "0"}, "--frames");
    expect_rejected({"--ticks", "1e12"}, "--ticks");
    expect_rejected({"--frame-ms", "0"}, "--frame-ms");
    expect_rejected({"--frame-ms", "-3"}, "--frame-ms");
    expect_rejected({"--frame-ms", "1e6"}, "--frame-ms");
}

TEST(CommandLine, UnknownFlagsAndStrayArgumentsAreOneLine) {
    expect_rejected({"--bogus"}, "--bogus");
    expect_rejected({"stray"}, "stray");
    expect_rejected({"--tick-rate"}, "--tick-rate");  // value missing
}

TEST(CommandLine, UnwritableReportPathIsRejectedUpFront) {
    expect_rejected({"--report", "/nonexistent-folder/report.json"}, "/nonexistent-folder");
    expect_rejected({"--report", "/"}, "folder");
    expect_rejected({"--screenshot", "/nonexistent-folder/shot.png"}, "--screenshot");
    expect_rejected({"--headless", "--screenshot", "shot.png"}, "--headless and --screenshot");
}

TEST(CommandLine, WindowSizeIsReadAndCheckedAndRefusedHeadless) {
    const parsed p = parse({"--window-size", "1920x1080"});
    ASSERT_FALSE(p.result.exit_code.has_value()) << p.err;
    EXPECT_EQ(p.result.options.window_width, 1920);
    EXPECT_EQ(p.result.options.window_height, 1080);
    EXPECT_TRUE(p.result.options.window_size_given) << "it wins over the size a window kept";
    const parsed defaults = parse({});
    EXPECT_EQ(defaults.result.options.window_width, 1280);
    EXPECT_EQ(defaults.result.options.window_height, 720);
    EXPECT_FALSE(defaults.result.options.window_size_given);
    for (const char* bad : {"1920", "x1080", "1920x", "1920x1080x2", "639x480", "1920x399", "7681x1080", "ax b",
                            "1920X1080", "-1x400", "1e3x400"}) {
        expect_rejected({"--window-size", bad}, "use WIDTHxHEIGHT from 640x400 to 7680x4320");
    }
    expect_rejected({"--headless", "--window-size", "1920x1080"}, "--window-size sizes a window");
}

TEST(CommandLine, ReadsTheNetworkGame) {
    const parsed p = parse({"--network", "rollback", "--latency-ms", "120", "--jitter-ms", "15", "--loss", "7.5",
                            "--input-delay", "3", "--peer-drops", "--peer-hitch-ms", "250"});
    ASSERT_FALSE(p.result.exit_code.has_value()) << p.err;
    ASSERT_TRUE(p.result.options.network.has_value());
    const ticklab::game::network_settings& n = *p.result.options.network;
    EXPECT_EQ(n.mode, ticklab::game::net_mode::rollback);
    EXPECT_EQ(n.link.latency_ms, 120.0);
    EXPECT_EQ(n.link.jitter_ms, 15.0);
    EXPECT_EQ(n.link.loss_percent, 7.5);
    EXPECT_EQ(n.input_delay, 3u);
    EXPECT_TRUE(n.peer_drops);
    EXPECT_EQ(n.peer_hitch_ms, 250.0);
    EXPECT_FALSE(parse({}).result.options.network.has_value());
}

TEST(CommandLine, TheInputDelayDefaultsToTwoTicksInLockstepAndNoneInRollback) {
    EXPECT_EQ(parse({"--network", "lockstep"}).result.options.network->input_delay, 2u);
    EXPECT_EQ(parse({"--network", "rollback"}).result.options.network->input_delay, 0u);
}

TEST(CommandLine, NetworkFlagsNeedANetworkAndRefuseWhatItCannotHonour) {
    expect_rejected({"--loss", "5"}, "--loss needs --network");
    expect_rejected({"--network", "lan"},
                    "--network: network 'lan' is not allowed: use lockstep, rollback or synctest");
    expect_rejected(
        {"--network", "lockstep", "--input-delay", "0"},
        "--input-delay: input_delay 0 ticks is not allowed: use a whole number from 1 to 30 ticks with lockstep");
    expect_rejected({"--network", "rollback", "--compare", "stepping=variable"},
                    "--compare cannot be used with --network");
    expect_rejected({"--network", "rollback", "--time-scaling", "length"}, "--time-scaling length cannot be used");
    expect_rejected({"--network", "rollback", "--frame-clamp-ms", "100"}, "--frame-clamp-ms cannot be used");
}

TEST(CommandLine, BeaconsAreOnOrOffAndOffByDefault) {
    EXPECT_FALSE(parse({}).result.options.scene_settings.beacons);
    const parsed on = parse({"--scene", "lander", "--beacons", "on"});
    ASSERT_FALSE(on.result.exit_code.has_value()) << on.err;
    EXPECT_TRUE(on.result.options.scene_settings.beacons);
    // The lesson turns them on; the flag can still turn them off.
    const parsed off = parse({"--lesson", "target-gone", "--beacons", "off"});
    ASSERT_FALSE(off.result.exit_code.has_value()) << off.err;
    EXPECT_FALSE(off.result.options.scene_settings.beacons);
    EXPECT_TRUE(parse({"--lesson", "target-gone"}).result.options.scene_settings.beacons);
    for (const char* bad : {"yes", "1", "", "ON"}) expect_rejected({"--beacons", bad}, "use on or off");
}

TEST(CommandLine, BoxWidthIsAWholeNumberOfUnitsForTheBallsScene) {
    EXPECT_EQ(parse({}).result.options.scene_settings.box_width, 0u) << "the scene's own, or a window's fit";
    const parsed wide = parse({"--box-width", "200"});
    ASSERT_FALSE(wide.result.exit_code.has_value()) << wide.err;
    EXPECT_EQ(wide.result.options.scene_settings.box_width, 200u);
    for (const char* bad : {"89", "321", "120.5", "wide", ""}) expect_rejected({"--box-width", bad}, "--box-width");
    expect_rejected({"--box-width", "89"}, "use a whole number from 90 to 320");
    expect_rejected({"--scene", "lander", "--box-width", "120"}, "--box-width is for the balls scene, not 'lander'");
}

// Issue 22, finding 11: --help said F1 toggles the panel; F1 lists the keys, F2 hides the panel.
TEST(CommandLine, HelpSaysF2TogglesThePanel) {
    const parsed p = parse({"--help"});
    EXPECT_NE(p.out.find("F2 toggles it"), std::string::npos);
    EXPECT_EQ(p.out.find("F1 toggles"), std::string::npos);
}

TEST(CommandLine, TextScaleIsForWindowsFrom075To25) {
    const parsed ok = parse({"--text-scale", "1.56"});
    ASSERT_FALSE(ok.result.exit_code.has_value()) << ok.err;
    ASSERT_TRUE(ok.result.options.text_scale.has_value());
    EXPECT_FLOAT_EQ(*ok.result.options.text_scale, 1.56f);
    expect_rejected({"--text-scale", "3"}, "--text-scale: text_scale 3x is not allowed: use a value from 0.75 to 2.5x");
    expect_rejected({"--text-scale", "big"}, "--text-scale: text_scale 'big' is not allowed");
    expect_rejected({"--headless", "--text-scale", "1.5"}, "--headless draws none");
}

TEST(CommandLine, PaletteIsReadAndRefusedWithTheChoices) {
    EXPECT_FALSE(parse({}).result.options.palette.has_value()) << "unset: the window's kept palette";
    const parsed p = parse({"--palette", "colour-blind"});
    ASSERT_FALSE(p.result.exit_code.has_value()) << p.err;
    EXPECT_EQ(p.result.options.palette, ticklab::game::palette_choice::colour_blind);
    EXPECT_EQ(parse({"--palette", "default"}).result.options.palette, ticklab::game::palette_choice::standard);
    expect_rejected({"--palette", "mauve"}, "--palette: palette 'mauve' is not allowed: use default or colour-blind");
    expect_rejected({"--headless", "--palette", "colour-blind"}, "--headless draws none");
}

// Issue 25: the lesson's rollback delay (0) was kept under --network lockstep and refused, naming
// an input delay the user never set. A lesson's default delay follows the mode, as the panel's does.
TEST(CommandLine, ALessonSwitchedToLockstepTakesLockstepsDefaultDelay) {
    const parsed p = parse({"--lesson", "peer-drops", "--network", "lockstep"});
    ASSERT_FALSE(p.result.exit_code.has_value()) << p.err;
    EXPECT_EQ(p.result.options.network->mode, ticklab::game::net_mode::lockstep);
    EXPECT_EQ(p.result.options.network->input_delay, 2u);
    EXPECT_EQ(parse({"--lesson", "lockstep-waits", "--network", "rollback"}).result.options.network->input_delay, 0u);
}

// Issue 25: --peer-drops without a hitch was accepted and did nothing.
TEST(CommandLine, PeerDropsWithoutAHitchIsRefused) {
    expect_rejected({"--network", "rollback", "--peer-drops"}, "--peer-drops needs --peer-hitch-ms above 0");
    expect_rejected({"--network", "rollback", "--peer-drops", "--peer-hitch-ms", "0"}, "--peer-drops needs");
}

// Issue 25: rollback at 1000 Hz silently ran at 0.47x (8 ticks a frame at 60 fps is 480 a second).
TEST(CommandLine, ATickRateThePeersCannotKeepUpWithIsRefusedWithTheLimit) {
    expect_rejected({"--network", "rollback", "--tick-rate", "1000"},
                    "--network: tick rate 1000 Hz is not allowed in a network game with MAX_LOOPS 8 at 16.7 ms "
                    "frames: use at most 480 Hz, or raise --max-loops to 17");
    expect_rejected({"--headless", "--network", "lockstep", "--tick-rate", "120", "--frame-ms", "100"},
                    "use at most 80 Hz");
    const parsed fast = parse({"--network", "lockstep", "--tick-rate", "1000", "--max-loops", "64"});
    EXPECT_FALSE(fast.result.exit_code.has_value()) << fast.err;
    expect_rejected({"--network", "rollback", "--peer-frame-ms", "250"}, "--peer-frame-ms: tick rate 60 Hz");
}

TEST(CommandLine, ReadsTheTimeSyncAndPredictionFlags) {
    const parsed p = parse({"--network", "rollback", "--max-prediction", "8", "--peer-clock-ppm", "-2000",
                            "--peer-frame-ms", "33", "--time-sync", "on", "--bots"});
    ASSERT_FALSE(p.result.exit_code.has_value()) << p.err;
    const ticklab::game::network_settings& n = *p.result.options.network;
    EXPECT_EQ(n.max_prediction, 8u);
    EXPECT_EQ(n.peer_clock_ppm, -2000.0);
    EXPECT_EQ(n.peer_frame_ms, 33.0);
    EXPECT_TRUE(n.time_sync);
    EXPECT_TRUE(n.bots);
    expect_rejected({"--network", "rollback", "--max-prediction", "601"},
                    "--max-prediction: max_prediction 601 ticks is not allowed: use 0 (half a second of ticks) or a "
                    "whole number from 1 to 600 ticks");
    expect_rejected({"--network", "lockstep", "--max-prediction", "8"}, "--max-prediction is for --network rollback");
    expect_rejected({"--network", "rollback", "--peer-clock-ppm", "60000"}, "--peer-clock-ppm: peer_clock_ppm");
    expect_rejected({"--network", "rollback", "--time-sync", "yes"}, "use on or off");
    expect_rejected({"--max-prediction", "8"}, "--max-prediction needs --network");
    expect_rejected({"--bots"}, "--bots needs --network");
}

// The handshake carries the game, not the peers' own settings: a side given one would play by it
// while the other did not, so each is refused with --listen and --connect.
TEST(CommandLine, PeerSettingsTheHandshakeDoesNotCarryAreRefusedWithARemoteGame) {
    for (const char* side : {"--listen", "--connect"}) {
        const std::string where = std::string{side} == "--listen" ? "7777" : "127.0.0.1:7777";
        expect_rejected({side, where, "--time-sync", "on"}, "--time-sync cannot be used with " + std::string{side});
        expect_rejected({side, where, "--max-prediction", "8"}, "--max-prediction cannot be used with");
        expect_rejected({side, where, "--peer-clock-ppm", "100"}, "--peer-clock-ppm cannot be used with");
        expect_rejected({side, where, "--peer-frame-ms", "10"}, "--peer-frame-ms cannot be used with");
        expect_rejected({side, where, "--bots"}, "--bots cannot be used with");
    }
}

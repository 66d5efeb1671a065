#include "run/report.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>

using namespace std::chrono_literals;
using ticklab::game::json_string;

TEST(Report, JsonStringEscapesQuotesBackslashesAndControls) {
    EXPECT_EQ(json_string("a\"b\\c"), "\"a\\\"b\\\\c\"");
    EXPECT_EQ(json_string("line\nnext\t"), "\"line\\nnext\\t\"");
    EXPECT_EQ(json_string(std::string_view{"\x01", 1}), "\"\\u0001\"");
    EXPECT_EQ(json_string("caf\xc3\xa9"), "\"caf\xc3\xa9\"");
    EXPECT_EQ(json_string("bad\xff"), "\"bad\xef\xbf\xbd\"");  // not UTF-8: U+FFFD, still valid JSON
}

TEST(Report, TheLineParsesBackToTheReportObject) {
    ticklab::manual_time_source source;
    ticklab::game::session s{source, "balls", {}, {}};
    source.advance(250ms);
    s.update_frame(s.advance());
    const std::string line = ticklab::game::report_json(s, 0.25);
    const auto parsed = nlohmann::ordered_json::parse(line);
    auto object = ticklab::game::report_object(s, 0.25);
    object["cpu_s"] = parsed["cpu_s"];  // read again between the two calls
    EXPECT_EQ(parsed, object);
    EXPECT_EQ(parsed.begin().key(), "scene");
    EXPECT_EQ(parsed["balls"], 300);
    EXPECT_EQ(line.find('\n'), std::string::npos);
}

TEST(Report, HasEveryKeyAndTheSceneFields) {
    ticklab::manual_time_source source;
    ticklab::game::scene_options options;
    options.autopilot = true;
    ticklab::game::session s{source, "lander", options, {}};
    source.advance(100ms);
    s.update_frame(s.advance());
    const std::string json = ticklab::game::report_json(s, 0.1);
    for (const char* key : {"\"scene\": \"lander\"", "\"tick_rate\": 60",          "\"max_loops\": 8",
                            "\"time_scale\": 1",     "\"paused\": false",          "\"frames\": 1",
                            "\"ticks\": 6",          "\"virtual_time_s\": 0.1",    "\"real_time_s\": 0.1",
                            "\"dropped_time_s\": 0", "\"max_ticks_per_frame\": 6", "\"state_hash\": \"0x",
                            "\"tick_ms_mean\": ",    "\"tick_ms_p99\": ",          "\"frame_ms_mean\": ",
                            "\"frame_ms_p99\": ",    "\"render_ms_mean\": null",   "\"render_ms_p99\": null",
                            "\"cpu_s\": ",           "\"task_errors\": 0",         "\"lander_state\": \"flying\""}) {
        EXPECT_NE(json.find(key), std::string::npos) << key << " in " << json;
    }
    EXPECT_EQ(json.front(), '{');
    EXPECT_EQ(json.back(), '}');
}

TEST(Report, CountsTheTasksAnExceptionEnded) {
    ticklab::manual_time_source source;
    ticklab::game::session s{source, "balls", {}, {}};
    s.tasks().schedule_frame({.name = "thrower"}, [] { throw std::runtime_error{"once"}; });
    s.tasks().schedule_render({.name = "thrower too"}, [] { throw std::runtime_error{"twice"}; });
    source.advance(100ms);
    s.update_frame(s.advance());
    EXPECT_EQ(ticklab::game::report_object(s, 0.1)["task_errors"], 2);
}

TEST(Report, GhostKeysAreNullWithoutAGhost) {
    ticklab::manual_time_source source;
    ticklab::game::session s{source, "lander", {}, {}};
    source.advance(100ms);
    s.update_frame(s.advance());
    const std::string json = ticklab::game::report_json(s, 0.1);
    for (const char* key : {"\"ghost_ticks\": null", "\"ghost_state_hash\": null", "\"divergence\": null"}) {
        EXPECT_NE(json.find(key), std::string::npos) << key << " in " << json;
    }
}

TEST(Report, GhostKeysDescribeTheGhost) {
    ticklab::manual_time_source source;
    ticklab::game::loop_settings settings;
    settings.compare = true;
    settings.ghost_tick_rate_hz = 5;
    ticklab::game::session s{source, "lander", {}, settings};
    for (int i = 0; i < 40; ++i) {
        source.advance(25ms);
        s.update_frame(s.advance());
    }
    ASSERT_NE(s.ghost(), nullptr);
    const std::string json = ticklab::game::report_json(s, 1.0);
    for (const char* key : {"\"ghost_tick_rate\": 5", "\"ghost_ticks\": ", "\"ghost_state_hash\": \"0x",
                            "\"divergence\": ", "\"ghost_lander_state\": \"flying\""}) {
        EXPECT_NE(json.find(key), std::string::npos) << key << " in " << json;
    }
    EXPECT_EQ(json.find("\"divergence\": null"), std::string::npos) << json;
}

// A --ticks run lowers the loop's cap for its last frames so no frame runs past the target
// (session::stop_ticks_at); the report says what the user set, not that lowered cap (issue 26).
TEST(Report, MaxLoopsIsTheUsersSettingNotTheLastFramesLoweredCap) {
    ticklab::manual_time_source source;
    ticklab::game::loop_settings settings;
    settings.max_loops = 5;
    ticklab::game::session s{source, "balls", {}, settings};
    s.stop_ticks_at(100);
    while (s.ticks() < 100) {
        source.advance(std::chrono::nanoseconds{16'666'667});
        s.update_frame(s.advance());
    }
    ASSERT_LT(s.loop().max_loops(), 5U) << "the run no longer lowers the cap: this test proves nothing";
    EXPECT_EQ(ticklab::game::report_object(s, 1.0)["max_loops"], 5);
}

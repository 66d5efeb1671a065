#include "run/report.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace std::chrono_literals;
using ticklab::game::json_string;

TEST(Report, JsonStringEscapesQuotesBackslashesAndControls) {
    EXPECT_EQ(json_string("a\"b\\c"), "\"a\\\"b\\\\c\"");
    EXPECT_EQ(json_string("line\nnext\t"), "\"line\\nnext\\t\"");
    EXPECT_EQ(json_string(std::string_view{"\x01", 1}), "\"\\u0001\"");
    EXPECT_EQ(json_string("caf\xc3\xa9"), "\"caf\xc3\xa9\"");
}

TEST(Report, HasEveryKeyAndTheSceneFields) {
    ticklab::manual_time_source source;
    ticklab::game::scene_options options;
    options.autopilot = true;
    ticklab::game::session s{source, "lander", options, {}};
    source.advance(100ms);
    s.update_frame(s.advance());
    const std::string json = ticklab::game::report_json(s, 0.1);
    for (const char* key : {"\"scene\": \"lander\"", "\"tick_rate\": 60",           "\"max_loops\": 8",
                            "\"time_scale\": 1",     "\"paused\": false",           "\"frames\": 1",
                            "\"ticks\": 6",          "\"virtual_time_s\": 0.1",     "\"real_time_s\": 0.1",
                            "\"dropped_time_s\": 0", "\"max_ticks_per_frame\": 6",  "\"state_hash\": \"0x",
                            "\"tick_ms_mean\": ",    "\"tick_ms_p99\": ",           "\"frame_ms_mean\": ",
                            "\"frame_ms_p99\": ",    "\"render_ms_mean\": null",    "\"render_ms_p99\": null",
                            "\"cpu_s\": ",           "\"lander_state\": \"flying\""}) {
        EXPECT_NE(json.find(key), std::string::npos) << key << " in " << json;
    }
    EXPECT_EQ(json.front(), '{');
    EXPECT_EQ(json.back(), '}');
}

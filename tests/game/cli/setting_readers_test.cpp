// The three readers of settings (the command line, lesson files, replay files) check every entry of
// the one table (game/sim/setting_table.hpp) the same way: one past each end of its range is refused
// by each of them with the table's message, after the reader's own "where".
#include "cli/command_line.hpp"
#include "run/launch_options.hpp"
#include "run/lesson_library.hpp"
#include "scenes/scene_registry.hpp"
#include "session/replay_file.hpp"
#include "sim/setting_table.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

using ticklab::game::setting;
using ticklab::game::setting_spec;
using ticklab::game::setting_table;

namespace {

std::string text_of(double value) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.17g", value);
    return buffer;
}

// Values one past each end: below the range (or its excluded start, or between 0 and a range that
// starts higher when 0 has a meaning), and above it.
std::vector<double> past_the_ends(const setting_spec& spec) {
    double below = spec.range.low - 1.0;
    if (spec.above_low) below = spec.range.low;
    if (!spec.zero_means.empty() && spec.range.low > 0.0) below = spec.range.low / 2.0;
    return {below, spec.whole ? spec.range.high + 1.0 : spec.range.high * 1.5};
}

std::string command_line_error(const std::vector<std::string>& args) {
    std::vector<const char*> argv{"ticklab"};
    for (const auto& a : args) argv.push_back(a.c_str());
    testing::internal::CaptureStderr();
    const auto result = ticklab::game::parse_command_line(static_cast<int>(argv.size()), argv.data());
    std::string err = testing::internal::GetCapturedStderr();
    if (!result.exit_code || *result.exit_code != 2) return "accepted: " + err;
    return err;
}

bool in_network(const setting_spec& spec) {
    return (spec.readers & ticklab::game::read_in_network_block) != 0;
}

// A lesson with `"name": value` in its settings, or in their network block.
std::string lesson_error(const setting_spec& spec, const std::string& value, bool network) {
    ticklab::game::lesson l;
    std::string field = "\"" + std::string{spec.name} + "\": " + value;
    if (network) field = R"("network": {"mode": "rollback", )" + field + "}";
    const std::string text = R"({"name": "a", "title": "x", "text": "y", "settings": {)" + field + "}}";
    return ticklab::game::parse_lesson(text, "t.json", l);
}

// The flag with `value`, after --network rollback for the network game's.
std::vector<std::string> flag_with(const setting_spec& spec, const std::string& value) {
    std::vector<std::string> args{std::string{spec.flag}, value};
    if (in_network(spec)) args.insert(args.begin(), {"--network", "rollback"});
    return args;
}

// A good replay with its header line `name ...` set to `value`; "" when the header reads.
std::string replay_error(std::string_view name, const std::string& value) {
    ticklab::game::replay r;
    r.scene = "balls";
    r.options.box_width = 100;
    r.ticks = 10;
    std::string text = ticklab::game::format_replay(r);
    const std::string key = "\n" + std::string{name} + " ";
    const std::size_t at = text.find(key);
    if (at == std::string::npos) return "no line " + std::string{name};
    const std::size_t end = text.find('\n', at + 1);
    text.replace(at, end - at, key + value);
    ticklab::game::replay back;
    const std::string error = ticklab::game::parse_replay(text, back);
    // The edit breaks the checksum, which is checked last: a value read without complaint reaches it.
    return error.starts_with("checksum mismatch") ? "" : error;
}

bool ends_with(const std::string& text, const std::string& end) {
    return text.size() >= end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
}

}  // namespace

TEST(SettingTable, EveryReaderRefusesOnePastEachEndWithTheTablesMessage) {
    for (const setting_spec& spec : setting_table) {
        for (const double value : past_the_ends(spec)) {
            const std::string message = ticklab::game::check_setting(spec.id, value);
            ASSERT_NE(message, "") << spec.name << " " << value << " is no value past an end";
            const std::string text = text_of(value);
            SCOPED_TRACE(std::string{spec.name} + " " + text);
            if (!spec.flag.empty()) {
                EXPECT_EQ(command_line_error(flag_with(spec, text)),
                          "ticklab: " + std::string{spec.flag} + ": " + message + "\n");
            }
            if ((spec.readers & ticklab::game::read_by_lesson) != 0 || in_network(spec)) {
                const std::string field =
                    (in_network(spec) ? "settings.network." : "settings.") + std::string{spec.name};
                EXPECT_EQ(lesson_error(spec, text, in_network(spec)),
                          "lesson 't.json': field '" + field + "': " + message);
            }
            if ((spec.readers & ticklab::game::read_by_replay) != 0 && value >= 0.0 &&
                value < ticklab::game::max_seed) {
                // A replay's numbers are 64-bit whole numbers: -1 and 2^64 are none of its format.
                const std::string error = replay_error(spec.name, text);
                EXPECT_EQ(error.rfind("line ", 0), 0u) << error;
                EXPECT_TRUE(ends_with(error, ": " + message)) << error;
            }
        }
    }
}

// The table says who reads a setting: each reader takes the entries it is said to, and no other.
TEST(SettingTable, EachReaderTakesTheSettingsTheTableSaysItDoes) {
    for (const setting_spec& spec : setting_table) {
        const std::string good = text_of(spec.slider.high > 0.0 ? spec.slider.high : spec.range.low + 1.0);
        SCOPED_TRACE(std::string{spec.name} + " " + good);
        const bool lesson = (spec.readers & ticklab::game::read_by_lesson) != 0;
        EXPECT_EQ(lesson_error(spec, good, false).empty(), lesson) << lesson_error(spec, good, false);
        EXPECT_EQ(lesson_error(spec, good, true).empty(), in_network(spec)) << lesson_error(spec, good, true);
        EXPECT_EQ((spec.readers & ticklab::game::read_by_command_line) != 0, !spec.flag.empty());
        if (!spec.flag.empty()) {
            EXPECT_EQ(command_line_error(flag_with(spec, good)), "accepted: ");
        }
        if ((spec.readers & ticklab::game::read_by_replay) != 0) {
            EXPECT_EQ(replay_error(spec.name, good), "");
        }
    }
}

// A seed is read as a whole number, exactly: the largest is allowed wherever a seed is given.
TEST(SettingTable, TheLargestSeedIsAllowedByEveryReader) {
    EXPECT_EQ(command_line_error({"--seed", "18446744073709551615"}), "accepted: ");
    EXPECT_EQ(lesson_error(ticklab::game::setting_of(setting::seed), "18446744073709551615", false), "");
    EXPECT_EQ(replay_error("seed", "18446744073709551615"), "");
}

// Two limits the table cannot refer to, as they live on floors above it.
TEST(SettingTable, TheBallsAndTextScaleRangesAreTheirOwnersLimits) {
    EXPECT_EQ(ticklab::game::setting_of(setting::balls).range.high, ticklab::game::max_scene_balls());
    EXPECT_EQ(ticklab::game::setting_of(setting::text_scale).range.low, ticklab::game::min_text_scale);
    EXPECT_EQ(ticklab::game::setting_of(setting::text_scale).range.high, ticklab::game::max_text_scale);
}

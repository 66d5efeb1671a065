#include "session/replay_file.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>

using ticklab::game::action;
using ticklab::game::pointer_event;
using ticklab::game::replay;
using ticklab::game::replay_entry;

namespace {

replay sample() {
    replay r;
    r.scene = "balls";
    r.options = {.seed = 18446744073709551615ull, .balls = 1234, .autopilot = true};
    r.tick_rate_hz = 37;
    r.ticks = 500;
    replay_entry first;
    first.tick = 3;
    first.input.held[static_cast<std::size_t>(action::thrust)] = true;
    first.input.pressed[static_cast<std::size_t>(action::thrust)] = true;
    replay_entry second;
    second.tick = 499;
    second.input.held[static_cast<std::size_t>(action::rotate_right)] = true;
    // Floats with no short decimal form: the text must still bring back the same bits.
    second.input.pointer.push_back(
        {.type = pointer_event::kind::click, .position = {0.1f, -1.0f / 3.0f}, .velocity = {}});
    second.input.pointer.push_back(
        {.type = pointer_event::kind::drag, .position = {1e-7f, 12345.678f}, .velocity = {-3.0e8f, 0.0f}});
    r.inputs = {first, second};
    return r;
}

bool same_bits(float a, float b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

std::string parse_error(std::string_view text) {
    replay out;
    return ticklab::game::parse_replay(text, out);
}

// Replaces the first `from` in `text` with `to`.
std::string edited(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
}

// A header followed by `body` lines; the error is expected before the checksum is reached.
std::string header_then(const std::string& body) {
    return "ticklab-replay 7\nscene balls\nseed 1\nballs 300\nautopilot 0\ntick_rate 60\n" + body;
}

}  // namespace

TEST(ReplayFile, RoundTripKeepsEveryField) {
    const replay original = sample();
    replay back;
    ASSERT_EQ(ticklab::game::parse_replay(ticklab::game::format_replay(original), back), "");
    EXPECT_EQ(back.scene, original.scene);
    EXPECT_EQ(back.options.seed, original.options.seed);
    EXPECT_EQ(back.options.balls, original.options.balls);
    EXPECT_EQ(back.options.autopilot, original.options.autopilot);
    EXPECT_EQ(back.tick_rate_hz, original.tick_rate_hz);
    EXPECT_EQ(back.ticks, original.ticks);
    ASSERT_EQ(back.inputs.size(), 2u);
    for (std::size_t i = 0; i < 2; ++i) {
        const auto& a = original.inputs[i];
        const auto& b = back.inputs[i];
        EXPECT_EQ(a.tick, b.tick);
        EXPECT_EQ(a.input.held, b.input.held);
        EXPECT_EQ(a.input.pressed, b.input.pressed);
        ASSERT_EQ(a.input.pointer.size(), b.input.pointer.size());
        for (std::size_t p = 0; p < a.input.pointer.size(); ++p) {
            EXPECT_EQ(a.input.pointer[p].type, b.input.pointer[p].type);
            EXPECT_TRUE(same_bits(a.input.pointer[p].position.x, b.input.pointer[p].position.x));
            EXPECT_TRUE(same_bits(a.input.pointer[p].position.y, b.input.pointer[p].position.y));
            EXPECT_TRUE(same_bits(a.input.pointer[p].velocity.x, b.input.pointer[p].velocity.x));
            EXPECT_TRUE(same_bits(a.input.pointer[p].velocity.y, b.input.pointer[p].velocity.y));
        }
    }
}

TEST(ReplayFile, TheWallIsALineOnlyWhenOn) {
    replay r = sample();
    const std::string without = ticklab::game::format_replay(r);
    EXPECT_EQ(without.find("\nwall"), std::string::npos);  // files without the wall: as before the wall
    r.options.wall = true;
    const std::string with = ticklab::game::format_replay(r);
    EXPECT_NE(with.find("\nautopilot 1\nwall 1\ntick_rate 37\n"), std::string::npos);
    replay back;
    ASSERT_EQ(ticklab::game::parse_replay(with, back), "");
    EXPECT_TRUE(back.options.wall);
    ASSERT_EQ(ticklab::game::parse_replay(without, back), "");
    EXPECT_FALSE(back.options.wall);
    EXPECT_EQ(back.tick_rate_hz, 37u);
}

TEST(ReplayFile, ABadWallLineNamesIt) {
    EXPECT_EQ(parse_error(edited(header_then("ticks 1\ninputs 0\n"), "tick_rate 60", "wall 2\ntick_rate 60")),
              "line 6: expected 'wall 1' (or no wall line), found 'wall 2'");
    EXPECT_EQ(parse_error("ticklab-replay 7\nscene balls\nseed 1\nballs 300\nautopilot 0\nwall 1\n"),
              "truncated: the file ends after line 6, before 'tick_rate <whole number>'");
}

TEST(ReplayFile, EveryTruncationIsAnError) {
    const std::string text = ticklab::game::format_replay(sample());
    for (std::size_t length = 0; length < text.size(); ++length) {
        EXPECT_NE(parse_error(std::string_view{text}.substr(0, length)), "") << "cut at " << length;
    }
    EXPECT_NE(parse_error(text.substr(0, text.size() - 1)).find("truncated"), std::string::npos);
}

TEST(ReplayFile, EveryChangedByteIsAnError) {
    const std::string text = ticklab::game::format_replay(sample());
    for (std::size_t at = 0; at < text.size(); ++at) {
        std::string damaged = text;
        damaged[at] = static_cast<char>(damaged[at] ^ 0x01);
        EXPECT_NE(parse_error(damaged), "") << "byte " << at;
    }
}

TEST(ReplayFile, EditedValueFailsTheChecksum) {
    const std::string text = ticklab::game::format_replay(sample());
    EXPECT_EQ(parse_error(edited(text, "seed 18446744073709551615", "seed 18446744073709551614")),
              "checksum mismatch: the file is damaged or was edited after it was written");
}

TEST(ReplayFile, WrongVersionIsNamed) {
    const std::string text = ticklab::game::format_replay(sample());
    EXPECT_EQ(parse_error(edited(text, "ticklab-replay 7", "ticklab-replay 8")),
              "version 8 is not supported: this Ticklab reads version 7");
}

// Version 1 recordings were made with the C library's sin and cos, version 2 ones with the balls'
// solver before issue 27, version 3 ones with its contacts in the grid's row order, version 4 ones
// with a reset's balls in the order they were drawn, version 5 ones with the balls in the grid's row
// order and every block's pairs relaxed after the whole contact pass, version 6 ones with two relax
// passes and the old shock share: each would replay to another state.
TEST(ReplayFile, VersionsFromBeforeAPhysicsChangeAreRefused) {
    const std::string text = ticklab::game::format_replay(sample());
    for (const char* old : {"1", "2", "3", "4", "5", "6"}) {
        EXPECT_EQ(parse_error(edited(text, "ticklab-replay 7", std::string{"ticklab-replay "} + old)),
                  std::string{"version "} + old +
                      " is not supported: this Ticklab reads version 7 (the simulation changed since: record it "
                      "again)");
    }
}

TEST(ReplayFile, OtherFilesAreNotReplays) {
    EXPECT_EQ(parse_error(""), "the file is empty: not a Ticklab replay");
    EXPECT_NE(parse_error("\x89PNG\r\n\x1a\n").find("not a Ticklab replay"), std::string::npos);
    EXPECT_NE(parse_error("{\"scene\": \"balls\"}\n").find("not a Ticklab replay"), std::string::npos);
}

TEST(ReplayFile, HostileCountsAreRefusedBeforeReading) {
    EXPECT_NE(parse_error(header_then("ticks 10\ninputs 999999999999\n")).find("input count"), std::string::npos);
    EXPECT_NE(parse_error(header_then("ticks 10\ninputs 11\n")).find("input count"), std::string::npos);
    EXPECT_NE(parse_error(header_then("ticks 99999999999999\ninputs 0\n")).find("tick count"), std::string::npos);
    EXPECT_NE(parse_error(header_then("ticks 10\ninputs 1\ninput 1 held 0 pressed 0 pointers 100001\n"))
                  .find("pointer event count"),
              std::string::npos);
    EXPECT_NE(parse_error(header_then("ticks 18446744073709551616\n")).find("expected 'ticks"), std::string::npos);
}

TEST(ReplayFile, BadValuesNameTheLine) {
    EXPECT_EQ(parse_error(edited(header_then("ticks 1\ninputs 0\n"), "scene balls", "scene moon")),
              "line 2: scene 'moon' is not allowed: use balls, lander or orbits");
    EXPECT_EQ(parse_error(edited(header_then("ticks 1\ninputs 0\n"), "tick_rate 60", "tick_rate 0")),
              "line 6: tick_rate 0 Hz is not allowed: use a whole number from 1 to 1000 Hz");
    EXPECT_EQ(parse_error(edited(header_then("ticks 1\ninputs 0\n"), "balls 300", "balls 100001")),
              "line 4: balls 100001 is not allowed: use a whole number from 0 to 100000");
    EXPECT_NE(parse_error(header_then("ticks 9\ninputs 2\ninput 5 held 1 pressed 1 pointers 0\n"
                                      "input 5 held 1 pressed 0 pointers 0\n"))
                  .find("line 10: tick 5 is out of order"),
              std::string::npos);
    EXPECT_NE(
        parse_error(header_then("ticks 9\ninputs 1\ninput 10 held 1 pressed 1 pointers 0\n")).find("out of order"),
        std::string::npos);
    EXPECT_NE(parse_error(header_then("ticks 9\ninputs 1\ninput 1 held 8 pressed 0 pointers 0\n")).find("bit sets"),
              std::string::npos);
    for (const char* bad : {"click nan 1", "click inf 1", "click 1e10 1", "drag 1 2 3", "tap 1 2", "click 1 2 "}) {
        EXPECT_NE(parse_error(
                      header_then("ticks 9\ninputs 1\ninput 1 held 0 pressed 0 pointers 1\n" + std::string{bad} + "\n"))
                      .find("line 10: expected 'click"),
                  std::string::npos)
            << bad;
    }
}

TEST(ReplayFile, ErrorsQuoteHostileBytesAsOnePrintableLine) {
    const std::string error = parse_error(header_then("ticks 9\ninputs 1\n\x1b[2J\r\x7f\n"));
    EXPECT_NE(error.find("found '?[2J?"
                         "?'"),
              std::string::npos)
        << error;
    EXPECT_EQ(error.find('\n'), std::string::npos);
}

TEST(ReplayFile, TrailingTextAfterTheChecksumIsAnError) {
    EXPECT_EQ(parse_error(ticklab::game::format_replay(sample()) + "x\n"),
              "line 14: unexpected text after the checksum");
}

TEST(ReplayFile, WriterRefusesWhatTheReaderWouldRefuse) {
    replay r = sample();
    std::swap(r.inputs[0], r.inputs[1]);
    EXPECT_NE(ticklab::game::check_replay(r), "");
    r = sample();
    r.inputs[1].input.pointer[0].position.x = std::numeric_limits<float>::infinity();
    EXPECT_NE(ticklab::game::check_replay(r), "");
    EXPECT_EQ(ticklab::game::check_replay(sample()), "");
}

TEST(ReplayFile, FileErrorsNameTheFile) {
    namespace fs = std::filesystem;
    const fs::path folder = fs::temp_directory_path() / ("ticklab_replay_file_" + std::to_string(::getpid()));
    fs::create_directories(folder);
    const std::string path = (folder / "run.replay").string();
    replay back;
    EXPECT_EQ(ticklab::game::read_replay_file(path, back),
              "replay '" + path + "': cannot be opened (missing or not readable)");
    EXPECT_EQ(ticklab::game::read_replay_file(folder.string(), back),
              "replay '" + folder.string() + "': is a folder, not a file");
    ASSERT_EQ(ticklab::game::write_replay_file(path, sample()), "");
    ASSERT_EQ(ticklab::game::read_replay_file(path, back), "");
    EXPECT_EQ(back.ticks, 500u);
    {
        std::ofstream out{path, std::ios::binary | std::ios::app};
        out << "more\n";
    }
    EXPECT_EQ(ticklab::game::read_replay_file(path, back),
              "replay '" + path + "': line 14: unexpected text after the checksum");
    fs::remove_all(folder);
}

TEST(ReplayFile, ABoxWidthIsRecordedOnlyWhenSetAndOldFilesReadWithoutOne) {
    replay fitted = sample();
    fitted.options.box_width = 121;
    const std::string text = ticklab::game::format_replay(fitted);
    EXPECT_NE(text.find("\nautopilot 1\nbox_width 121\ntick_rate"), std::string::npos) << text;
    replay back;
    ASSERT_EQ(ticklab::game::parse_replay(text, back), "");
    EXPECT_EQ(back.options.box_width, 121u);
    const std::string old = ticklab::game::format_replay(sample());
    EXPECT_EQ(old.find("box_width"), std::string::npos);
    ASSERT_EQ(ticklab::game::parse_replay(old, back), "");
    EXPECT_EQ(back.options.box_width, 0u);
    EXPECT_EQ(parse_error(edited(header_then("ticks 1\ninputs 0\n"), "autopilot 0\n", "autopilot 0\nbox_width 40\n")),
              "line 6: box_width 40 units is not allowed: use a whole number from 90 to 320 units");
}

TEST(ReplayFile, BeaconsAreRecordedOnlyWhenOnAndOldFilesReadWithThemOff) {
    replay on = sample();
    on.options.beacons = true;
    const std::string text = ticklab::game::format_replay(on);
    EXPECT_NE(text.find("\nautopilot 1\nbeacons 1\ntick_rate"), std::string::npos);
    replay back;
    ASSERT_EQ(ticklab::game::parse_replay(text, back), "");
    EXPECT_TRUE(back.options.beacons);
    // A file from before beacons has no such line: it reads, with them off.
    replay off = sample();
    const std::string old = ticklab::game::format_replay(off);
    EXPECT_EQ(old.find("beacons"), std::string::npos);
    back.options.beacons = true;
    ASSERT_EQ(ticklab::game::parse_replay(old, back), "");
    EXPECT_FALSE(back.options.beacons);
    EXPECT_EQ(parse_error(edited(header_then("ticks 1\ninputs 0\n"), "autopilot 0\n", "autopilot 0\nbeacons 2\n")),
              "line 6: beacons 2 is not allowed: use 0 or 1");
}

// The lesson files (game/run/lesson_reader.cpp): the built-in ones load from assets/lessons/, and
// a teacher's bad file gets one line naming the file, the field and what is allowed.
#include "run/lesson_library.hpp"
#include "io/asset_paths.hpp"
#include "run/lesson_json.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>

namespace {

using ticklab::game::lesson;
using ticklab::game::parse_lesson;

std::string parse(const std::string& text) {
    lesson l;
    return parse_lesson(text, "t.json", l);
}

TEST(LessonLibrary, BuiltInLessonsAreTheFiles) {
    EXPECT_EQ(ticklab::game::lesson_table_error(), "");
    // Every file in assets/lessons is a built-in lesson, and every built-in lesson is a file.
    std::string error;
    const auto folder = ticklab::game::find_asset("lessons", error);
    ASSERT_TRUE(folder) << error;
    std::set<std::string> files, table;
    for (const auto& entry : std::filesystem::directory_iterator{*folder}) {
        const std::string file = entry.path().filename().string();
        if (file.ends_with(".json") && !file.ends_with(".schema.json")) files.insert(entry.path().stem().string());
    }
    for (const lesson& l : ticklab::game::lesson_table()) table.insert(l.name);
    EXPECT_EQ(files, table);
    EXPECT_EQ(table.size(), ticklab::game::lesson_table().size()) << "a lesson listed twice";
    EXPECT_EQ(ticklab::game::lesson_table().front().name, "basics");
    const lesson* spiral = ticklab::game::find_lesson("spiral");
    ASSERT_NE(spiral, nullptr);
    EXPECT_EQ(spiral->setup.loop.tick_load_ms, 20.0);
    EXPECT_EQ(spiral->toggle, "catch-up");
    EXPECT_FALSE(spiral->hud_figures.empty());
    EXPECT_FALSE(spiral->questions.empty());
}

TEST(LessonLibrary, TheWallIsALessonSettingAndTunnellingSetsIt) {
    const lesson* tunnelling = ticklab::game::find_lesson("tunnelling");
    ASSERT_NE(tunnelling, nullptr);
    EXPECT_TRUE(tunnelling->setup.options.wall);
    EXPECT_EQ(tunnelling->toggle, "tick-rate");
    EXPECT_FALSE(ticklab::game::find_lesson("overshoot")->setup.options.wall);
    EXPECT_EQ(parse(R"({"name": "w", "title": "W", "text": "Look.", "settings": {"wall": 1}})"),
              "lesson 't.json': field 'settings.wall': wall '1' is not allowed: use true or false");
}

TEST(LessonLibrary, AMinimalLessonTakesTheDefaults) {
    lesson l;
    ASSERT_EQ(parse_lesson(R"({"name": "mine", "title": "Mine", "text": "Look."})", "t.json", l), "");
    EXPECT_EQ(l.name, "mine");
    EXPECT_EQ(l.setup.scene, "balls");
    EXPECT_EQ(l.setup.loop.tick_rate_hz, 60u);
}

TEST(LessonLibrary, ABadFileNamesTheFileTheFieldAndWhatIsAllowed) {
    EXPECT_EQ(parse("{"),
              "lesson 't.json': not valid JSON at line 1, column 2: syntax error while parsing object key - unexpected "
              "end of input; expected string literal");
    EXPECT_EQ(parse("[]"), "lesson 't.json': a lesson is one JSON object");
    EXPECT_EQ(parse(R"({"title": "x", "text": "y"})"), "lesson 't.json': field 'name': a string is required");
    const std::string base = R"("name": "a", "title": "x", "text": "y")";
    EXPECT_EQ(parse("{" + base + R"(, "settings": {"tick_rate": 0}})"),
              "lesson 't.json': field 'settings.tick_rate': tick_rate 0 Hz is not allowed: use a whole number from 1 "
              "to 1000 Hz");
    EXPECT_EQ(parse("{" + base + R"(, "settings": {"tick_rate": "fast"}})"),
              "lesson 't.json': field 'settings.tick_rate': tick_rate 'fast' is not allowed: use a whole number from "
              "1 to 1000 Hz");
    EXPECT_NE(parse("{" + base + R"(, "settings": {"scene": "moon"}})")
                  .find("field 'settings.scene': scene 'moon' is not allowed: use balls, lander or orbits"),
              std::string::npos);
    EXPECT_NE(parse("{" + base + R"(, "settings": {"report": "/etc/passwd"}})").find("field 'settings.report': not a"),
              std::string::npos);
    EXPECT_NE(parse("{" + base + R"(, "hud": ["fps", "nope"]})").find("field 'hud': 'nope' is not allowed"),
              std::string::npos);
    EXPECT_NE(parse("{" + base + R"(, "toggle": "everything"})").find("field 'toggle'"), std::string::npos);
    EXPECT_NE(parse("{" + base + R"(, "settings": {"tick_load_ms": 1e308}})").find("field 'settings.tick_load_ms'"),
              std::string::npos);
    EXPECT_NE(parse("{" + base + R"(, "settings": {"smoothing": 3}})")
                  .find("field 'settings.smoothing': smoothing '3' is not allowed: use none, interpolate"),
              std::string::npos);
    EXPECT_NE(parse("{" + base + R"(, "settings": [1]})").find("field 'settings'"), std::string::npos);
}

TEST(LessonLibrary, AValueWithALineEndIsQuotedOnOneLine) {
    // Found by lesson_reader_fuzz: a toggle holding "\n" was echoed as it was, so the error took
    // two lines. Values and keys from the file are quoted with their control bytes as '?'.
    EXPECT_EQ(parse(R"({"name": "a", "title": "A", "text": "Look.", "toggle": "smooth\ning"})"),
              "lesson 't.json': field 'toggle': 'smooth?ing' is not allowed: use smoothing, catch-up, max-loops, "
              "frame-load, extrapolation, render-tick, task-budget, tick-rate or time-sync, or a setting of scene 'balls': "
              "gravity, sleeping or show_sleeping");
    EXPECT_EQ(parse(R"({"name": "a", "title": "A", "text": "Look.", "hud": ["al\tpha"]})").find('\t'),
              std::string::npos);
    const std::string key = parse(R"({"name": "a", "title": "A", "text": "Look.", "settings": {"x\ny": 1}})");
    EXPECT_EQ(key.find('\n'), std::string::npos) << key;
    EXPECT_NE(key.find("field 'settings.x?y'"), std::string::npos) << key;
}

TEST(LessonLibrary, ANetworkBlockIsCheckedAsItsFlagsAre) {
    lesson l;
    const std::string base = R"("name": "a", "title": "x", "text": "y")";
    ASSERT_EQ(parse_lesson("{" + base + R"(, "settings": {"network": {"mode": "rollback", "latency_ms": 80,
              "peer_drops": true, "peer_hitch_ms": 300}}})",
                           "t.json", l),
              "");
    ASSERT_TRUE(l.setup.network.has_value());
    EXPECT_EQ(l.setup.network->mode, ticklab::game::net_mode::rollback);
    EXPECT_EQ(l.setup.network->link.latency_ms, 80.0);
    EXPECT_EQ(l.setup.network->input_delay, 0u) << "rollback's default, as --network rollback";
    EXPECT_TRUE(l.setup.network->peer_drops);
    EXPECT_EQ(parse("{" + base + R"(, "settings": {"network": {"mode": "lockstep", "latency_ms": 5000}}})"),
              "lesson 't.json': field 'settings.network.latency_ms': " + ticklab::game::check_latency(5000));
    EXPECT_NE(
        parse("{" + base + R"(, "settings": {"network": {"mode": "star"}}})").find("field 'settings.network.mode'"),
        std::string::npos);
    EXPECT_NE(
        parse("{" + base + R"(, "settings": {"network": {"latency_ms": 5}}})").find("field 'settings.network.mode'"),
        std::string::npos);
    EXPECT_NE(parse("{" + base + R"(, "settings": {"network": {"mode": "lockstep", "ping": 5}}})")
                  .find("field 'settings.network.ping': not a"),
              std::string::npos);
    EXPECT_NE(parse("{" + base + R"(, "settings": {"network": {"mode": "lockstep", "input_delay": 0}}})")
                  .find("field 'settings.network.input_delay'"),
              std::string::npos);
}

TEST(LessonLibrary, APathLoadsATeachersFileAndAMissingOneIsNamed) {
    lesson l;
    EXPECT_EQ(ticklab::game::load_lesson("/nonexistent/mine.json", l), "lesson '/nonexistent/mine.json': no such file");
    const std::string folder = std::filesystem::temp_directory_path().string() + "/";
    EXPECT_EQ(ticklab::game::load_lesson(folder, l),
              "lesson '" + folder + "': is a folder: give a lesson file (NAME.json)");
    EXPECT_NE(ticklab::game::load_lesson("nope", l).find("is not known"), std::string::npos);
}

}  // namespace

// Issue 26: a teacher's JSON mistake is found where it is, a key given twice is not read as the last
// one quietly, and a number past a double's range is refused in words, each in one line.
TEST(LessonJson, ABadFileSaysTheLineAndColumn) {
    EXPECT_EQ(parse("{\n  \"name\": \"a\",\n  \"title\" \"x\"\n}"),
              "lesson 't.json': not valid JSON at line 3, column 13: syntax error while parsing object separator - "
              "unexpected string literal; expected ':'");
    // The column counts characters: "Pętla" is 5 of them (6 bytes), so the x is the 20th character.
    EXPECT_EQ(parse("{\"title\": \"P\xC4\x99tla\", x}").substr(0, 52),
              "lesson 't.json': not valid JSON at line 1, column 20");
}

TEST(LessonJson, DuplicateKeysAreRefusedNamingTheKey) {
    EXPECT_EQ(parse(R"({"name": "a", "title": "x", "text": "y", "title": "z"})"),
              "lesson 't.json': key 'title' is given twice in one object: give each key once");
    EXPECT_EQ(parse(R"({"name": "a", "title": "x", "text": "y", "settings": {"balls": 3, "balls": 4}})"),
              "lesson 't.json': key 'balls' is given twice in one object: give each key once");
    // The same key in two objects is two keys.
    EXPECT_EQ(parse(R"({"name": "a", "title": "x", "text": "y", "settings": {"network": {"mode": "lockstep"}},
                       "mode": 1})")
                  .find("given twice"),
              std::string::npos);
}

TEST(LessonJson, ANumberPastADoublesRangeIsRefused) {
    EXPECT_EQ(parse(R"({"name": "a", "title": "x", "text": "y", "settings": {"tick_load_ms": 1e400}})"),
              "lesson 't.json': number '1e400' is too large: use at most 1.8e308");
}

TEST(LessonJson, InvalidUtf8IsNamedWithItsPlace) {
    EXPECT_EQ(parse("{\"name\": \"a\",\n \"title\": \"P\xC3(\"}"),
              "lesson 't.json': not valid UTF-8 at line 2, column 13: a lesson file is UTF-8 text");
    EXPECT_EQ(ticklab::game::invalid_utf8_at("\xED\xA0\x80"), 0u) << "a surrogate";
    EXPECT_EQ(ticklab::game::invalid_utf8_at("\xC0\xAF"), 0u) << "an overlong '/'";
    EXPECT_EQ(ticklab::game::invalid_utf8_at("ok \xF4\x90\x80\x80"), 3u) << "past U+10FFFF";
    EXPECT_EQ(ticklab::game::invalid_utf8_at("\xD0\x9F\xE2\x82\xAC\xF0\x9F\x98\x80"), std::nullopt);
}

TEST(LessonLibrary, AToggleMayNameItsOtherValue) {
    lesson l;
    ASSERT_EQ(parse_lesson(R"({"name": "a", "title": "A", "text": "Look.", "toggle": "tick-rate", "toggle_other": 30})",
                           "t.json", l),
              "");
    EXPECT_EQ(l.toggle_other, 30.0);
    EXPECT_EQ(ticklab::game::before_after_text(l, l.setup.loop), "B: 60 Hz (now) / 30 Hz");
    const std::string base = R"("name": "a", "title": "A", "text": "Look.")";
    EXPECT_EQ(parse("{" + base + R"(, "toggle": "tick-rate", "toggle_other": 0})"),
              "lesson 't.json': field 'toggle_other': tick_rate 0 Hz is not allowed: use a whole number from 1 to "
              "1000 Hz");
    EXPECT_EQ(parse("{" + base + R"(, "toggle": "tick-rate", "toggle_other": 60})"),
              "lesson 't.json': field 'toggle_other': it is the lesson's own tick_rate: give the value B switches to");
    EXPECT_EQ(parse("{" + base + R"(, "toggle": "smoothing", "toggle_other": 3})"),
              "lesson 't.json': field 'toggle_other': only for a toggle of tick-rate, max-loops, frame-load or "
              "task-budget (the toggle is 'smoothing')");
    EXPECT_EQ(parse("{" + base + R"(, "toggle": "max-loops", "toggle_other": "many"})"),
              "lesson 't.json': field 'toggle_other': max_loops 'many' is not allowed: use a whole number from 1 to "
              "64 ticks");
}

// Issue 26: a title of 200 Polish or Russian letters is 200 characters (400 bytes), as a teacher counts.
TEST(LessonLimits, CountCharactersNotBytes) {
    std::string title, text;
    for (int i = 0; i < 200; ++i) title += "\xC4\x99";  // ę
    for (int i = 0; i < 4000; ++i) text += "\xD0\xB6";  // ж
    lesson l;
    ASSERT_EQ(parse_lesson(R"({"name": "a", "title": ")" + title + R"(", "text": ")" + text + R"(", "questions": [")" +
                               text + R"("]})",
                           "t.json", l),
              "");
    EXPECT_EQ(l.title, title);
    EXPECT_EQ(parse(R"({"name": "a", "title": ")" + title + R"(x", "text": "y"})"),
              "lesson 't.json': field 'title': a string of at most 200 characters");
    EXPECT_EQ(ticklab::game::utf8_chars("P\xC4\x99tla \xF0\x9F\x98\x80"), 7u);
}

TEST(LessonLibrary, TargetGoneTurnsTheLandersBeaconsOn) {
    const lesson* l = ticklab::game::find_lesson("target-gone");
    ASSERT_NE(l, nullptr);
    EXPECT_EQ(l->setup.scene, "lander");
    EXPECT_TRUE(l->setup.options.beacons);
    const lesson* other = ticklab::game::find_lesson("autopilot-5hz");
    ASSERT_NE(other, nullptr);
    EXPECT_FALSE(other->setup.options.beacons);
}

// Issue 23: a lesson's B may flip a toggle of its own scene (scene_parts::controls), and its HUD may
// show the figures any scene offers; a toggle of another scene is refused, naming its scene's.
TEST(LessonLibrary, AToggleMayNameASettingOfTheLessonsScene) {
    lesson l;
    ASSERT_EQ(parse_lesson(R"({"name": "a", "title": "A", "text": "Look.", "toggle": "sleeping",
              "hud": ["wall", "lander_fall", "calls_completed", "alpha"]})",
                           "t.json", l),
              "");
    EXPECT_EQ(l.toggle, "sleeping");
    EXPECT_EQ(l.hud_figures.size(), 4u);
    ASSERT_EQ(parse_lesson(R"({"name": "a", "title": "A", "text": "Look.", "toggle": "autopilot",
              "settings": {"scene": "lander"}})",
                           "t.json", l),
              "");
    EXPECT_EQ(
        parse(R"({"name": "a", "title": "A", "text": "Look.", "toggle": "sleeping", "settings": {"scene": "lander"}})"),
        "lesson 't.json': field 'toggle': 'sleeping' is not allowed: use smoothing, catch-up, max-loops, "
        "frame-load, extrapolation, render-tick, task-budget, tick-rate or time-sync, or a setting of scene 'lander': "
        "autopilot");
    EXPECT_EQ(
        parse(R"({"name": "a", "title": "A", "text": "Look.", "toggle": "balls"})").find("'balls' is not allowed"),
        std::string{"lesson 't.json': field 'toggle': "}.size())
        << "an on_reset count is no toggle";
}

// assets/lessons/lesson.schema.json, the JSON Schema editors check lesson files with (issue 26), says
// what the program reads: every setting the settings table (sim/setting_table.hpp) lets a lesson give,
// with the table's range, and the choices and names the reader takes. A lesson file may name it.
#include "io/asset_paths.hpp"
#include "run/lesson_library.hpp"
#include "scenes/scene_registry.hpp"
#include "sim/setting_table.hpp"
#include "sim/strategy_names.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <set>
#include <string>

namespace {

using json = nlohmann::json;
using ticklab::game::setting_spec;

json schema() {
    std::string error;
    const auto path = ticklab::game::find_asset("lessons/lesson.schema.json", error);
    EXPECT_TRUE(path) << error;
    if (!path) return json::object();
    std::ifstream in{*path};
    return json::parse(in);
}

// The schema's numbers for `spec`, as the table has them.
void expect_range(const json& p, const setting_spec& spec) {
    const std::string name{spec.name};
    ASSERT_TRUE(p.is_object()) << name << " is missing";
    json range = p;
    if (!spec.zero_means.empty() && spec.range.low > 0.0) {
        // 0 stands for something ("no cap"), then the range.
        ASSERT_TRUE(p.contains("anyOf")) << name;
        EXPECT_EQ(p["anyOf"][0], (json{{"const", 0}})) << name;
        range = p["anyOf"][1];
    }
    EXPECT_EQ(range["type"], spec.whole ? "integer" : "number") << name;
    const char* low = spec.above_low ? "exclusiveMinimum" : "minimum";
    ASSERT_TRUE(range.contains(low)) << name;
    EXPECT_EQ(range[low].get<double>(), spec.range.low) << name;
    EXPECT_EQ(range["maximum"].get<double>(), spec.range.high) << name;
}

std::set<std::string> enum_of(const json& p) {
    std::set<std::string> out;
    for (const json& v : p["enum"]) out.insert(v.get<std::string>());
    return out;
}

template <typename Table>
std::set<std::string> names_of(const Table& table) {
    std::set<std::string> out;
    for (const auto& c : table) out.insert(std::string{c.name});
    return out;
}

}  // namespace

TEST(LessonSchema, EverySettingALessonTakesHasTheTablesRange) {
    const json s = schema();
    EXPECT_EQ(s["$schema"], "https://json-schema.org/draft/2020-12/schema");
    const json& settings = s["properties"]["settings"]["properties"];
    const json& network = settings["network"]["properties"];
    int lesson_settings = 0;
    for (const setting_spec& spec : ticklab::game::setting_table) {
        const std::string name{spec.name};
        if ((spec.readers & ticklab::game::read_by_lesson) != 0) {
            ++lesson_settings;
            expect_range(settings.contains(name) ? settings[name] : json{}, spec);
        } else if ((spec.readers & ticklab::game::read_in_network_block) != 0) {
            expect_range(network.contains(name) ? network[name] : json{}, spec);
        } else {
            EXPECT_FALSE(settings.contains(name)) << name << " is not a lesson setting";
        }
    }
    EXPECT_EQ(lesson_settings, 13);
}

TEST(LessonSchema, ChoicesAndNamesAreTheReaders) {
    const json s = schema();
    const json& settings = s["properties"]["settings"]["properties"];
    EXPECT_EQ(enum_of(settings["stepping"]), names_of(ticklab::game::stepping_choices));
    EXPECT_EQ(enum_of(settings["catch_up"]), names_of(ticklab::game::catch_up_choices));
    EXPECT_EQ(enum_of(settings["smoothing"]), names_of(ticklab::game::smoothing_choices));
    std::set<std::string> scenes;
    for (const auto& entry : ticklab::game::scene_registry()) scenes.insert(std::string{entry.name});
    EXPECT_EQ(enum_of(settings["scene"]), scenes);
    std::set<std::string> figures;
    for (const auto name : ticklab::game::hud_figure_names()) figures.insert(std::string{name});
    for (const auto name : ticklab::game::scene_figure_names()) figures.insert(std::string{name});
    EXPECT_EQ(enum_of(s["properties"]["hud"]["items"]), figures);
    const json& toggle = s["properties"]["toggle"]["anyOf"];
    std::set<std::string> loop_toggles;
    for (const auto name : ticklab::game::lesson_toggles()) loop_toggles.insert(std::string{name});
    EXPECT_EQ(enum_of(toggle[1]), loop_toggles);
    std::set<std::string> scene_toggles;
    for (const auto& entry : ticklab::game::scene_registry()) {
        for (const auto& c : entry.parts.controls) {
            if (c.kind == ticklab::game::control_kind::toggle) scene_toggles.insert(std::string{c.name});
        }
    }
    EXPECT_EQ(enum_of(toggle[2]), scene_toggles);
    EXPECT_EQ(s["properties"]["title"]["maxLength"], 200);
    EXPECT_EQ(s["properties"]["text"]["maxLength"], 4000);
}

TEST(LessonSchema, EveryShippedLessonsKeysAreInTheSchema) {
    const json s = schema();
    for (const auto& l : ticklab::game::lesson_table()) {
        std::string error;
        const auto path = ticklab::game::find_asset("lessons/" + l.name + ".json", error);
        ASSERT_TRUE(path) << error;
        std::ifstream in{*path};
        const json doc = json::parse(in);
        for (const auto& [key, value] : doc.items())
            EXPECT_TRUE(s["properties"].contains(key)) << l.name << ": " << key;
        if (!doc.contains("settings")) continue;
        for (const auto& [key, value] : doc["settings"].items()) {
            EXPECT_TRUE(s["properties"]["settings"]["properties"].contains(key)) << l.name << ": settings." << key;
        }
    }
}

TEST(LessonSchema, ALessonMayNameTheSchema) {
    ticklab::game::lesson l;
    EXPECT_EQ(
        ticklab::game::parse_lesson(
            R"({"$schema": "/usr/share/ticklab/lessons/lesson.schema.json", "name": "a", "title": "A", "text": "T"})",
            "t.json", l),
        "");
    EXPECT_EQ(ticklab::game::parse_lesson(R"({"$schema": 3, "name": "a", "title": "A", "text": "T"})", "t.json", l),
              "lesson 't.json': field '$schema': a string of at most 1000 characters");
}

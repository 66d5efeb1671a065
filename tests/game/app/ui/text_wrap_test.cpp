// Breaking text into lines (game/app/ui/text_wrap.cpp), measured here by a fixed width a byte so
// that each case can be worked out by hand.
#include "app/ui/text_wrap.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using ticklab::app::split_figure;
using ticklab::app::split_items;
using ticklab::app::wrap_text;

// 10 pixels a byte.
float bytes(const std::string& s) {
    return 10.0f * static_cast<float>(s.size());
}

TEST(TextWrap, BreaksAtSpacesAndKeepsEachLineWithinTheWidth) {
    const auto lines = wrap_text("the quick brown fox jumps", 110.0f, bytes);
    EXPECT_EQ(lines, (std::vector<std::string>{"the quick", "brown fox", "jumps"}));
    for (const std::string& line : lines) EXPECT_LE(bytes(line), 110.0f);
}

TEST(TextWrap, KeepsTheSpacesBetweenItemsWithinALine) {
    EXPECT_EQ(wrap_text("F1 keys  Space pause  B before/after", 220.0f, bytes),
              (std::vector<std::string>{"F1 keys  Space pause", "B before/after"}));
}

TEST(TextWrap, AWordWiderThanTheLineBreaksBetweenCharactersNeverInsideOne) {
    EXPECT_EQ(wrap_text("0a27c75f2e1f7b3d", 80.0f, bytes), (std::vector<std::string>{"0a27c75f", "2e1f7b3d"}));
    // Three-byte characters (CJK): 60 px takes two of them, never a part of one.
    const std::string han = "\u56fa\u5b9a\u65f6\u95f4\u6b65\u957f";  // six characters, 18 bytes
    const auto lines = wrap_text(han, 60.0f, bytes);
    ASSERT_EQ(lines.size(), 3u);
    for (const std::string& line : lines) EXPECT_EQ(line.size(), 6u);
}

TEST(TextWrap, ANewlineStartsALine) {
    EXPECT_EQ(wrap_text("one\ntwo three", 1000.0f, bytes), (std::vector<std::string>{"one", "two three"}));
}

TEST(TextWrap, AFigureSplitsIntoItsLabelAndItsValue) {
    EXPECT_EQ(split_figure("dropped 120 ms").label, "dropped");
    EXPECT_EQ(split_figure("dropped 120 ms").value, "120 ms");
    // A "(...)" tail after the value goes with the label.
    const auto alpha = split_figure("alpha 0.42 (render tick)");
    EXPECT_EQ(alpha.label, "alpha (render tick)");
    EXPECT_EQ(alpha.value, "0.42");
    // A figure that starts with its value has no label; "-" (no reading yet) is a value too.
    EXPECT_EQ(split_figure("12 ms behind tick").label, "");
    EXPECT_EQ(split_figure("12 ms behind tick").value, "12 ms behind tick");
    EXPECT_EQ(split_figure("speed - of 4.0x").value, "- of 4.0x");
}

TEST(TextWrap, ItemsAreTheRunsBetweenTwoOrMoreSpaces) {
    EXPECT_EQ(split_items("tick 60 Hz  FPS 60   frame 16.7 ms"),
              (std::vector<std::string>{"tick 60 Hz", "FPS 60", "frame 16.7 ms"}));
    EXPECT_TRUE(split_items("   ").empty());
}

}  // namespace

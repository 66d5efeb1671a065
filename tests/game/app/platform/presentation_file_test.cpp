#include "app/platform/presentation_file.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

using namespace ticklab::app;

namespace {

std::filesystem::path temp_file(const char* name) {
    return std::filesystem::temp_directory_path() / (std::string{"ticklab_"} + std::to_string(::getpid()) + name);
}

}  // namespace

TEST(PresentationFile, RoundTripsThroughTheFile) {
    const auto path = temp_file("_round_trip.txt");
    const presentation_settings saved{1.5f, true};
    ASSERT_EQ(save_presentation(path, saved), "");
    EXPECT_EQ(load_presentation(path), saved);
    std::filesystem::remove(path);
}

TEST(PresentationFile, AMissingFileGivesTheDefaults) {
    EXPECT_EQ(load_presentation(temp_file("_missing.txt")), presentation_settings{});
    EXPECT_EQ(load_presentation({}), presentation_settings{});
}

TEST(PresentationFile, ACorruptFileIsIgnoredWithTheDefaults) {
    const auto path = temp_file("_corrupt.txt");
    {
        std::ofstream out{path, std::ios::binary};
        out << "text_scale=1.5\n\x01\x02garbage\xff\n";
    }
    EXPECT_EQ(load_presentation(path), presentation_settings{});
    std::filesystem::remove(path);
}

TEST(PresentationFile, ParseNamesTheBadLineAndWhatIsAllowed) {
    std::string error;
    EXPECT_FALSE(parse_presentation("fullscreen=1\ntext_scale=9\n", error));
    EXPECT_EQ(error, "line 2 'text_scale=9': text_scale is a number from 0.75 to 2.5");
    EXPECT_FALSE(parse_presentation("fullscreen=yes", error));
    EXPECT_FALSE(parse_presentation("colour=red", error));
    EXPECT_FALSE(parse_presentation("text_scale=1.5x", error));
    const auto ok = parse_presentation("# comment\n\ntext_scale = 2\r\nfullscreen=0\n", error);
    ASSERT_TRUE(ok);
    EXPECT_FLOAT_EQ(ok->text_scale, 2.0f);
    EXPECT_FALSE(ok->fullscreen);
}

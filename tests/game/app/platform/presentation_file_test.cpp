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
    const presentation_settings saved{1.5f, true, {"lessons", "statistics", "replay"}, 5, {1024, 700}};
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
    EXPECT_FALSE(parse_presentation("timeline_span=7", error));
    EXPECT_EQ(error, "line 1 'timeline_span=7': timeline_span is a whole number from 0 to 6");
    EXPECT_FALSE(parse_presentation("panel_open=lessons,,clock", error));
    EXPECT_FALSE(parse_presentation("panel_open=Lessons", error));
    const auto layout = parse_presentation("panel_open=lessons, loop\ntimeline_span=0\n", error);
    ASSERT_TRUE(layout) << error;
    EXPECT_EQ(layout->panel_open, (std::vector<std::string>{"lessons", "loop"}));
    EXPECT_EQ(layout->timeline_span, 0);
    const auto ok = parse_presentation("# comment\n\ntext_scale = 2\r\nfullscreen=0\n", error);
    ASSERT_TRUE(ok);
    EXPECT_FLOAT_EQ(ok->text_scale, 2.0f);
    EXPECT_FALSE(ok->fullscreen);
}

TEST(PresentationFile, KeepsTheWindowSizeWhenThereIsOne) {
    presentation_settings settings;
    EXPECT_EQ(format_presentation(settings).find("window_size"), std::string::npos) << "none kept: no line";
    settings.window = {1600, 900};
    EXPECT_NE(format_presentation(settings).find("window_size=1600x900\n"), std::string::npos);
    std::string error;
    const auto read = parse_presentation(format_presentation(settings), error);
    ASSERT_TRUE(read) << error;
    EXPECT_EQ(read->window, (window_size{1600, 900}));
    for (const char* bad : {"window_size=639x400", "window_size=640x399", "window_size=7681x900",
                            "window_size=1280x4321", "window_size=1280", "window_size=x720", "window_size=1280x",
                            "window_size=1280x720x3", "window_size=-1280x720", "window_size=99999999999x720"}) {
        EXPECT_FALSE(parse_presentation(bad, error)) << bad;
        EXPECT_EQ(error, "line 1 '" + std::string{bad} + "': window_size is WIDTHxHEIGHT from 640x400 to 7680x4320");
    }
}

TEST(PresentationFile, AWindowOpensAtTheGivenSizeElseTheKeptOneFittedToTheScreen) {
    const window_size fallback{1280, 720};
    presentation_settings kept;
    EXPECT_EQ(opening_window_size(kept, std::nullopt, std::nullopt, fallback), fallback) << "nothing kept";
    kept.window = {1600, 900};
    EXPECT_EQ(opening_window_size(kept, std::nullopt, std::nullopt, fallback), (window_size{1600, 900}));
    EXPECT_EQ(opening_window_size(kept, window_size{800, 600}, std::nullopt, fallback), (window_size{800, 600}))
        << "--window-size wins";
    // Kept on a large screen, opened on a small one: as large as its usable part, never under the minimum.
    EXPECT_EQ(opening_window_size(kept, std::nullopt, SDL_Rect{0, 0, 1366, 740}, fallback), (window_size{1366, 740}));
    EXPECT_EQ(opening_window_size(kept, std::nullopt, SDL_Rect{0, 0, 600, 300}, fallback), (window_size{640, 400}));
    EXPECT_EQ(opening_window_size(kept, window_size{1920, 1080}, SDL_Rect{0, 0, 1366, 740}, fallback),
              (window_size{1920, 1080}))
        << "a given size is the user's, as given";
}

TEST(PresentationFile, KeepsTheColourBlindPalette) {
    presentation_settings settings;
    EXPECT_EQ(format_presentation(settings).find("palette"), std::string::npos) << "the default: no line";
    settings.palette = ticklab::game::palette_choice::colour_blind;
    std::string error;
    const auto read = parse_presentation(format_presentation(settings), error);
    ASSERT_TRUE(read) << error;
    EXPECT_EQ(read->palette, ticklab::game::palette_choice::colour_blind);
    EXPECT_FALSE(parse_presentation("palette=mauve", error));
    EXPECT_EQ(error, "line 1 'palette=mauve': palette is default or colour-blind");
}

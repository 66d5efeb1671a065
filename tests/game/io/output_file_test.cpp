// The atomic writes every output file goes through (game/io/output_file.cpp). The suite keeps the
// name it had when this lived in the report's file.
#include "io/output_file.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

TEST(Report, WritesAtomicallyAndLeavesNoTemporary) {
    const auto folder = std::filesystem::temp_directory_path() / ("ticklab_report_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder);
    const auto path = (folder / "report.json").string();
    ASSERT_EQ(ticklab::game::write_text_atomically(path, "{\"a\": 1}\n"), "");
    ASSERT_EQ(ticklab::game::write_text_atomically(path, "{\"b\": 2}\n"), "");
    std::ifstream in{path};
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_EQ(text.str(), "{\"b\": 2}\n");
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator{folder}, {}), 1);
    std::filesystem::remove_all(folder);
}

TEST(Report, RefusesMissingFoldersAndFolders) {
    EXPECT_NE(ticklab::game::check_output_path("/nonexistent-folder/x.json"), "");
    EXPECT_NE(ticklab::game::check_output_path("/tmp"), "");
    EXPECT_NE(ticklab::game::check_output_path(""), "");
    EXPECT_EQ(ticklab::game::check_output_path("-"), "");
    EXPECT_NE(ticklab::game::write_text_atomically("/nonexistent-folder/x.json", "{}"), "");
}

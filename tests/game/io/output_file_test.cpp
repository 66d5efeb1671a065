// The atomic writes every output file goes through (game/io/output_file.cpp). The suite keeps the
// name it had when this lived in the report's file.
#include "io/output_file.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
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

// `--report /dev/null` as root once replaced /dev/null with a regular file: the temporary was
// renamed over the device. A pipe stands in for the device here (no test can lose /dev/null).
TEST(Report, WritesADeviceOrPipeInPlaceAndLeavesItOne) {
    namespace fs = std::filesystem;
    const auto folder = fs::temp_directory_path() / ("ticklab_report_pipe_test_" + std::to_string(::getpid()));
    fs::create_directories(folder);
    const auto path = (folder / "pipe").string();
    ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
    // Opened first, without waiting for a writer, so the write below does not wait for a reader.
    const int reader = ::open(path.c_str(), O_RDONLY | O_NONBLOCK);
    ASSERT_GE(reader, 0);
    EXPECT_EQ(ticklab::game::check_output_path(path), "");
    ASSERT_EQ(ticklab::game::write_text_atomically(path, "{\"a\": 1}\n"), "");
    char read_back[64] = {};
    const ssize_t got = ::read(reader, read_back, sizeof read_back);
    EXPECT_EQ(std::string(read_back, got > 0 ? static_cast<std::size_t>(got) : 0), "{\"a\": 1}\n");
    EXPECT_TRUE(fs::is_fifo(path));
    EXPECT_EQ(std::distance(fs::directory_iterator{folder}, {}), 1);  // no temporary left
    ::close(reader);
    EXPECT_EQ(ticklab::game::check_output_path("/dev/null"), "");
    fs::remove_all(folder);
}

#include "app/render/png_file.hpp"

#include <gtest/gtest.h>
#include <stb_image.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <vector>

namespace fs = std::filesystem;

namespace {

fs::path fresh_dir(const char* name) {
    const fs::path dir = fs::temp_directory_path() / ("ticklab_png_test_" + std::to_string(::getpid())) / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

}  // namespace

TEST(PngFile, WritesADecodablePngAndNoTemporaryFile) {
    const fs::path dir = fresh_dir("write");
    const std::vector<std::uint8_t> rgba{255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 9, 9, 9, 255};
    ASSERT_EQ(ticklab::app::write_png(dir / "out.png", 2, 2, rgba.data()), "");
    int w = 0, h = 0, n = 0;
    stbi_uc* decoded = stbi_load((dir / "out.png").c_str(), &w, &h, &n, 4);
    ASSERT_NE(decoded, nullptr);
    EXPECT_EQ(w, 2);
    EXPECT_EQ(h, 2);
    EXPECT_EQ(decoded[4 + 1], 255);  // the second pixel is green
    stbi_image_free(decoded);
    EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator{}), 1);
}

TEST(PngFile, RejectsMissingFoldersAndDirectories) {
    const fs::path dir = fresh_dir("reject");
    EXPECT_NE(ticklab::app::check_png_path(dir / "missing" / "x.png"), "");
    EXPECT_NE(ticklab::app::check_png_path(dir), "");
    EXPECT_EQ(ticklab::app::check_png_path(dir / "ok.png"), "");
    const std::vector<std::uint8_t> rgba(4, 255);
    EXPECT_NE(ticklab::app::write_png(dir / "missing" / "x.png", 1, 1, rgba.data()), "");
    EXPECT_FALSE(fs::exists(dir / "missing"));
}

// A screenshot to a device or a pipe (/dev/null) is written in place, not renamed over it (a pipe
// stands in for the device, so no test can lose /dev/null).
TEST(PngFile, WritesADeviceOrPipeInPlaceAndLeavesItOne) {
    const fs::path dir = fresh_dir("pipe");
    const fs::path pipe = dir / "shot.png";
    ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
    const int reader = ::open(pipe.c_str(), O_RDONLY | O_NONBLOCK);
    ASSERT_GE(reader, 0);
    const std::vector<std::uint8_t> rgba(4 * 4, 200);
    ASSERT_EQ(ticklab::app::write_png(pipe, 2, 2, rgba.data()), "");
    unsigned char head[8] = {};
    ASSERT_EQ(::read(reader, head, sizeof head), 8);
    EXPECT_EQ(head[1], 'P');
    EXPECT_EQ(head[2], 'N');
    EXPECT_EQ(head[3], 'G');
    EXPECT_TRUE(fs::is_fifo(pipe));
    ::close(reader);
    fs::remove_all(dir);
}

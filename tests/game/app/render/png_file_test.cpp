#include "app/render/png_file.hpp"

#include <gtest/gtest.h>
#include <stb_image.h>

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

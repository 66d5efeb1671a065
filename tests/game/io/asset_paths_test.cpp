#include "io/asset_paths.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using ticklab::game::asset_search_dirs;
using ticklab::game::find_asset;

struct asset_folders : ::testing::Test {
    fs::path root = fs::temp_directory_path() / ("ticklab_assets_" + std::to_string(::getpid()));
    fs::path first = root / "first";
    fs::path second = root / "second";

    void SetUp() override {
        fs::create_directories(first / "lessons");
        fs::create_directories(second / "lessons");
    }
    void TearDown() override { fs::remove_all(root); }
    static void touch(const fs::path& path) { std::ofstream{path} << "{}"; }
};

}  // namespace

using AssetPaths = asset_folders;

TEST_F(AssetPaths, TheFirstFolderThatHasTheFileWins) {
    touch(second / "lessons" / "beat.json");
    std::string error;
    EXPECT_EQ(find_asset("lessons/beat.json", {first, second}, error), second / "lessons" / "beat.json");
    EXPECT_EQ(error, "");
    touch(first / "lessons" / "beat.json");
    EXPECT_EQ(find_asset("lessons/beat.json", {first, second}, error), first / "lessons" / "beat.json");
}

TEST_F(AssetPaths, FindsFolders) {
    std::string error;
    EXPECT_EQ(find_asset("lessons", {root, first}, error), first / "lessons");
}

TEST_F(AssetPaths, AMissingAssetIsOneLineNamingEveryPathTried) {
    std::string error;
    EXPECT_EQ(find_asset("lessons/nope.json", {first, second}, error), std::nullopt);
    EXPECT_EQ(error, "asset 'lessons/nope.json' not found: tried " + (first / "lessons/nope.json").string() + ", " +
                         (second / "lessons/nope.json").string());
    EXPECT_EQ(error.find('\n'), std::string::npos);
}

TEST_F(AssetPaths, PathsOutsideTheAssetsAreRefused) {
    touch(root / "secret.json");
    for (const char* bad : {"../secret.json", "lessons/../../secret.json", "/etc/passwd", ""}) {
        std::string error;
        EXPECT_EQ(find_asset(bad, {first}, error), std::nullopt) << bad;
        EXPECT_NE(error.find("is not allowed"), std::string::npos) << bad << ": " << error;
    }
}

TEST(AssetSearchDirs, NextToTheBinaryThenTheShareFolderBesideItsBinFolder) {
    const std::vector<fs::path> dirs = asset_search_dirs("/opt/ticklab/bin");
    ASSERT_GE(dirs.size(), 3U);
    EXPECT_EQ(dirs[0], fs::path{"/opt/ticklab/bin/assets"});
    EXPECT_EQ(dirs[1], fs::path{"/opt/ticklab/share/ticklab"});
}

TEST(AssetSearchDirs, WithoutTheBinarysFolderOnlyTheConfiguredFolders) {
    const std::vector<fs::path> dirs = asset_search_dirs(fs::path{});
    for (const fs::path& dir : dirs) EXPECT_TRUE(dir.is_absolute()) << dir;
    EXPECT_EQ(dirs.size(), 1U);
}

TEST(AssetSearchDirs, ABinaryInTheBuildTreeFindsTheCheckoutsAssets) {
    std::string error;
    const auto icon = find_asset("ticklab.svg", error);
    ASSERT_TRUE(icon.has_value()) << error;
    EXPECT_EQ(icon->parent_path().filename(), "assets");
}

TEST(AssetSearchDirs, NoFolderOfTheCheckoutOrTheBuildTreeIsCompiledIn) {
    // An installed binary looks beside itself and in its install prefix's share folder only: the
    // build tree's assets path made it look in (and carry) a folder of the machine it was built on.
    const std::vector<fs::path> dirs = asset_search_dirs("/opt/ticklab/bin");
    ASSERT_EQ(dirs.size(), 3U);
    EXPECT_EQ(dirs[2].filename(), "ticklab");
    EXPECT_EQ(dirs[2].parent_path().filename(), "share");
}

// Where F12's screenshots and the panel's replay file go (game/app/platform/user_paths.cpp): the
// pictures folder the user named with xdg-user-dirs, in any language (issue 26).
#include "app/platform/user_paths.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

fs::path scratch(const char* name) {
    const fs::path dir = fs::path{::testing::TempDir()} / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

void write(const fs::path& path, const char* text) {
    std::ofstream{path} << text;
}

TEST(UserPaths, UserDirsNamesThePicturesFolderRelativeToHomeOrAbsolute) {
    const fs::path dir = scratch("user_dirs");
    write(dir / "user-dirs.dirs",
          "# This file is written by xdg-user-dirs-update\n"
          "XDG_DESKTOP_DIR=\"$HOME/Schreibtisch\"\n"
          "XDG_PICTURES_DIR=\"$HOME/Bilder\"\n");
    EXPECT_EQ(ticklab::app::user_dir_from(dir / "user-dirs.dirs", "XDG_PICTURES_DIR", "/home/ola"),
              fs::path{"/home/ola/Bilder"});
    write(dir / "absolute.dirs", "XDG_PICTURES_DIR=\"/srv/class/pictures\"\n");
    EXPECT_EQ(ticklab::app::user_dir_from(dir / "absolute.dirs", "XDG_PICTURES_DIR", "/home/ola"),
              fs::path{"/srv/class/pictures"});
}

TEST(UserPaths, AMissingFileKeyOrTheHomeFolderItselfNamesNothing) {
    const fs::path dir = scratch("user_dirs_none");
    EXPECT_TRUE(ticklab::app::user_dir_from(dir / "missing.dirs", "XDG_PICTURES_DIR", "/home/ola").empty());
    write(dir / "other.dirs", "XDG_MUSIC_DIR=\"$HOME/Musik\"\nXDG_PICTURES_DIRX=\"$HOME/x\"\n");
    EXPECT_TRUE(ticklab::app::user_dir_from(dir / "other.dirs", "XDG_PICTURES_DIR", "/home/ola").empty());
    write(dir / "disabled.dirs", "XDG_PICTURES_DIR=\"$HOME/\"\n");
    EXPECT_TRUE(ticklab::app::user_dir_from(dir / "disabled.dirs", "XDG_PICTURES_DIR", "/home/ola").empty());
}

TEST(UserPaths, PicturesDirFollowsTheUsersDirsFile) {
    const fs::path home = scratch("user_dirs_home");
    fs::create_directories(home / ".config");
    fs::create_directories(home / "Obrazy");
    fs::create_directories(home / "Pictures");
    write(home / ".config" / "user-dirs.dirs", "XDG_PICTURES_DIR=\"$HOME/Obrazy\"\n");
    // The environment as it was, for the tests after this one in the same process.
    struct saved_env {
        const char* name;
        std::string value;
        bool set;
    };
    std::vector<saved_env> saved;
    for (const char* name : {"HOME", "XDG_CONFIG_HOME", "XDG_PICTURES_DIR"}) {
        const char* value = std::getenv(name);
        saved.push_back({name, value != nullptr ? value : "", value != nullptr});
    }
    ::setenv("HOME", home.c_str(), 1);
    ::unsetenv("XDG_CONFIG_HOME");
    ::unsetenv("XDG_PICTURES_DIR");
    const fs::path pictures = ticklab::app::pictures_dir();
    for (const saved_env& e : saved) {
        if (e.set) {
            ::setenv(e.name, e.value.c_str(), 1);
        } else {
            ::unsetenv(e.name);
        }
    }
    EXPECT_EQ(pictures, home / "Obrazy") << "not ~/Pictures";
}

}  // namespace

// The lessons found by name (issue 26): the built-in ones, the share folder's others and the user
// folder's, read from copied folders; a file that cannot be used is named with one line, never dropped quietly.
#include "io/asset_paths.hpp"
#include "run/lesson_library.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

namespace fs = std::filesystem;
using ticklab::game::lesson_catalogue;
using ticklab::game::lesson_folders;
using ticklab::game::lesson_origin;

struct copied_lessons : ::testing::Test {
    fs::path root = fs::temp_directory_path() / ("ticklab_lesson_catalogue_" + std::to_string(::getpid()));
    lesson_folders folders;

    void SetUp() override {
        std::string error;
        const auto shipped = ticklab::game::find_asset("lessons", error);
        ASSERT_TRUE(shipped) << error;
        fs::create_directories(root / "user");
        fs::copy(*shipped, root / "share", fs::copy_options::recursive);
        folders.share = root / "share";
        folders.user = root / "user";
    }
    void TearDown() override { fs::remove_all(root); }

    static void write(const fs::path& path, const std::string& text) { std::ofstream{path, std::ios::binary} << text; }
    static std::string own(const std::string& name, const std::string& title) {
        return R"({"name": ")" + name + R"(", "title": ")" + title + R"(", "text": "Look.", "toggle": "smoothing"})";
    }
};

}  // namespace

using LessonCatalogue = copied_lessons;

TEST_F(LessonCatalogue, TheCopiedFolderHoldsEveryBuiltInLessonAndNothingElse) {
    const lesson_catalogue c = read_lesson_catalogue(folders);
    EXPECT_EQ(c.built_in.size(), ticklab::game::lesson_table().size());
    EXPECT_TRUE(c.found.empty());
    EXPECT_TRUE(c.problems.empty()) << c.problems.front().line;
}

TEST_F(LessonCatalogue, LessonsInTheShareAndUserFoldersAreFoundByNameWithTheirOrigin) {
    write(root / "share" / "school.json", own("school", "The school's"));
    write(root / "user" / "mine.json", own("mine", "My own"));
    write(root / "user" / "notes.txt", "not a lesson");
    const lesson_catalogue c = read_lesson_catalogue(folders);
    ASSERT_EQ(c.found.size(), 2u);
    EXPECT_EQ(c.found[0].l.name, "school");
    EXPECT_EQ(c.found[0].origin, lesson_origin::share_folder);
    EXPECT_EQ(c.found[1].l.name, "mine");
    EXPECT_EQ(c.found[1].origin, lesson_origin::user_folder);
    EXPECT_EQ(c.found[1].file, root / "user" / "mine.json");
    EXPECT_TRUE(c.problems.empty());
}

TEST_F(LessonCatalogue, AUserLessonWithABuiltInsNameIsRefusedWithOneLine) {
    write(root / "user" / "copy.json", own("spiral", "My spiral"));
    write(root / "user" / "a.json", own("twice", "First"));
    write(root / "user" / "b.json", own("twice", "Second"));
    const lesson_catalogue c = read_lesson_catalogue(folders);
    ASSERT_EQ(c.found.size(), 1u);
    EXPECT_EQ(c.found[0].l.title, "First");
    ASSERT_EQ(c.problems.size(), 2u);
    EXPECT_EQ(c.problems[1].line, "lesson '" + (root / "user" / "copy.json").string() +
                                      "': name 'spiral' is a built-in lesson's: give it another name (or run it "
                                      "by its path)");
    EXPECT_EQ(c.problems[0].line, "lesson '" + (root / "user" / "b.json").string() + "': name 'twice' is taken by '" +
                                      (root / "user" / "a.json").string() +
                                      "': give it another name (or run it by its path)");
    const auto spiral =
        std::find_if(c.built_in.begin(), c.built_in.end(), [](const auto& l) { return l.name == "spiral"; });
    ASSERT_NE(spiral, c.built_in.end());
    EXPECT_NE(spiral->title, "My spiral") << "the built-in one runs";
}

TEST_F(LessonCatalogue, ABrokenBuiltInFileIsNamedNotDropped) {
    write(root / "share" / "spiral.json",
          R"({"name": "spiral", "title": "S", "text": "T", "settings": {"tick_rate": 0}})");
    write(root / "user" / "bad.json", "{");
    const lesson_catalogue c = read_lesson_catalogue(folders);
    EXPECT_EQ(c.built_in.size(), ticklab::game::lesson_table().size() - 1);
    ASSERT_EQ(c.problems.size(), 2u);
    EXPECT_EQ(c.problems[0].name, "spiral");
    EXPECT_EQ(c.problems[0].line, "lesson '" + (root / "share" / "spiral.json").string() +
                                      "': field 'settings.tick_rate': tick_rate 0 Hz is not allowed: use a whole "
                                      "number from 1 to 1000 Hz");
    EXPECT_EQ(c.problems[1].name, "bad");
    for (const auto& p : c.problems) EXPECT_EQ(p.line.find('\n'), std::string::npos) << p.line;
}

TEST_F(LessonCatalogue, AMissingLessonsFolderIsOneProblem) {
    folders.share.reset();
    folders.share_error = "asset 'lessons' not found: tried /x";
    const lesson_catalogue c = read_lesson_catalogue(folders);
    EXPECT_TRUE(c.built_in.empty());
    ASSERT_EQ(c.problems.size(), 1u);
    EXPECT_EQ(c.problems[0].line, "asset 'lessons' not found: tried /x");
}

TEST(LessonCatalogueFolders, TheUserFolderFollowsXdgDataHome) {
    const char* saved_xdg = std::getenv("XDG_DATA_HOME");
    const std::string saved = saved_xdg != nullptr ? saved_xdg : "";
    ::setenv("XDG_DATA_HOME", "/srv/data", 1);
    EXPECT_EQ(ticklab::game::user_lesson_folder(), fs::path{"/srv/data/ticklab/lessons"});
    ::setenv("XDG_DATA_HOME", "relative/data", 1);  // ignored, as the XDG rule says
    const char* home = std::getenv("HOME");
    if (home != nullptr && fs::path{home}.is_absolute()) {
        EXPECT_EQ(ticklab::game::user_lesson_folder(), fs::path{home} / ".local/share/ticklab/lessons");
    }
    if (saved_xdg != nullptr) {
        ::setenv("XDG_DATA_HOME", saved.c_str(), 1);
    } else {
        ::unsetenv("XDG_DATA_HOME");
    }
}

TEST_F(LessonCatalogue, AFoundLessonSaysWhereItComesFromInFull) {
    write(root / "user" / "mine.json", own("mine", "My own"));
    const lesson_catalogue c = read_lesson_catalogue(folders);
    ASSERT_EQ(c.found.size(), 1u);
    EXPECT_EQ(ticklab::game::source_text(c.found[0]), "user folder: " + (root / "user" / "mine.json").string());
}

// A network toggle flips a setting of the network game: a lesson without one is refused with one line.
TEST_F(LessonCatalogue, ATimeSyncToggleNeedsANetworkBlock) {
    write(root / "user" / "nosync.json",
          R"({"name": "nosync", "title": "No game", "text": "Look.", "toggle": "time-sync"})");
    const lesson_catalogue c = read_lesson_catalogue(folders);
    EXPECT_TRUE(c.found.empty());
    ASSERT_EQ(c.problems.size(), 1u);
    EXPECT_NE(c.problems[0].line.find("needs a \"network\" block"), std::string::npos) << c.problems[0].line;
}

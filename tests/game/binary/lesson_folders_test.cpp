// The program finds lessons by name in its share folder and the user's (issue 26), run as a user
// would: a copy of the binary beside a copied assets folder (io/asset_paths.hpp: the first place it
// looks), with XDG_DATA_HOME pointing at a user folder.
#include "run_ticklab.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace {

namespace fs = std::filesystem;
using ticklab_test::outcome;

struct lesson_folders : ticklab_test::folder_fixture {
    fs::path bin, user;

    void SetUp() override {
        folder_fixture::SetUp();
        bin = folder / "bin";
        user = folder / "data" / "ticklab" / "lessons";
        fs::create_directories(bin / "assets");
        fs::create_directories(user);
        fs::copy_file(TICKLAB_BINARY, bin / "ticklab");
        fs::copy(fs::path{TICKLAB_BINARY}.parent_path() / "assets" / "lessons", bin / "assets" / "lessons",
                 fs::copy_options::recursive);
    }
    static void write(const fs::path& path, const std::string& text) { std::ofstream{path, std::ios::binary} << text; }

    outcome run(const std::string& args) const {
        const std::string command = "cd '" + folder.string() + "' && SDL_VIDEODRIVER=offscreen XDG_DATA_HOME='" +
                                    (folder / "data").string() + "' timeout -k 5 60 '" + (bin / "ticklab").string() +
                                    "' " + args + " >out 2>err";
        const int status = std::system(command.c_str());
        outcome o;
        o.exited = WIFEXITED(status);
        o.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        o.out = ticklab_test::read_file(folder / "out");
        o.err = ticklab_test::read_file(folder / "err");
        return o;
    }
};

}  // namespace

using LessonFolders = lesson_folders;

namespace {

// The line of `list` that starts with `name` and a space, or "".
std::string line_of(const std::string& list, const std::string& name) {
    for (std::size_t at = 0; at < list.size(); at = list.find('\n', at) + 1) {
        const std::string line = list.substr(at, list.find('\n', at) - at);
        if (line.starts_with(name + " ")) return line;
        if (list.find('\n', at) == std::string::npos) break;
    }
    return {};
}

}  // namespace

TEST_F(LessonFolders, LessonListSaysWhereEachLessonCameFrom) {
    write(user / "mine.json",
          R"({"name": "mine", "title": "My own lesson", "text": "Look.", "settings": {"tick_rate": 30}})");
    write(bin / "assets" / "lessons" / "school.json",
          R"({"name": "school", "title": "The school's", "text": "Look."})");
    const outcome list = run("--lesson list");
    EXPECT_EQ(list.exit_code, 0) << list.err;
    EXPECT_EQ(list.err, "");
    EXPECT_TRUE(line_of(list.out, "spiral").starts_with("spiral ")) << list.out;
    EXPECT_NE(line_of(list.out, "spiral").find(" [built-in] "), std::string::npos) << list.out;
    EXPECT_NE(line_of(list.out, "school").find(" [share folder]  The school's  ("), std::string::npos) << list.out;
    EXPECT_NE(line_of(list.out, "mine").find(" [user folder]   My own lesson  (" + (user / "mine.json").string() + ")"),
              std::string::npos)
        << list.out;
    // A found lesson runs by its name, as a built-in one does.
    const outcome ran = run("--lesson mine --headless --frames 3 --report -");
    EXPECT_EQ(ran.exit_code, 0) << ran.err;
    EXPECT_NE(ran.out.find("\"tick_rate\": 30,"), std::string::npos) << ran.out.substr(0, 400);
}

TEST_F(LessonFolders, ABrokenBuiltInLessonIsNamedAndTheListExitsTwo) {
    write(bin / "assets" / "lessons" / "spiral.json", R"({"name": "spiral", "title": 3, "text": "T"})");
    write(user / "spiral.json", R"({"name": "spiral", "title": "Mine", "text": "T"})");
    const outcome list = run("--lesson list");
    EXPECT_EQ(list.exit_code, 2);
    EXPECT_EQ(list.out.find("spiral"), std::string::npos) << list.out;
    EXPECT_NE(list.out.find("basics"), std::string::npos) << "the others are still listed";
    EXPECT_EQ(list.err, "ticklab: lesson '" + (bin / "assets" / "lessons" / "spiral.json").string() +
                            "': field 'title': a string of at most 200 characters\nticklab: lesson '" +
                            (user / "spiral.json").string() +
                            "': name 'spiral' is a built-in lesson's: give it another name (or run it by its path)\n");
    const outcome named = run("--lesson spiral --headless --frames 1");
    EXPECT_EQ(named.exit_code, 2);
    EXPECT_NE(named.err.find("spiral.json': field 'title'"), std::string::npos) << named.err;
}

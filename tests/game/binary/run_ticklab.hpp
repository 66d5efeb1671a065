#pragma once
// Runs the real ticklab binary (its path is the TICKLAB_BINARY compile definition) as a user would,
// and collects how it ended and what it printed. Shared by the tests in this folder.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace ticklab_test {

// A fresh folder per test (in the system's temporary folder, named for the suite, the test and this
// process), removed after it: where a test's binary runs and writes.
struct folder_fixture : ::testing::Test {
    std::filesystem::path folder;

    void SetUp() override {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        std::string name =
            std::string{"ticklab_"} + info->test_suite_name() + "_" + info->name() + "_" + std::to_string(::getpid());
        for (char& c : name) c = c == '/' ? '_' : c;
        folder = std::filesystem::temp_directory_path() / name;
        std::filesystem::create_directories(folder);
    }
    void TearDown() override { std::filesystem::remove_all(folder); }
};

struct outcome {
    bool exited = false;  // false: killed by a signal (a crash, maybe a core dump)
    int exit_code = -1;
    std::string out;
    std::string err;
};

inline std::string read_file(const std::filesystem::path& path) {
    std::ifstream in{path, std::ios::binary};
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// `ticklab ARGS` started in `work_dir` under SDL's offscreen driver; stdout and stderr go to files in
// `log_dir` (which may be `work_dir`) and are read back.
// With `timeout_s` above 0 the run is killed after that many seconds (exit code 124, or 137 when it
// ignores SIGTERM), so a run that would never end fails its test instead of hanging the suite.
inline outcome run_ticklab(const std::string& args, const std::filesystem::path& work_dir,
                           const std::filesystem::path& log_dir, int timeout_s = 0) {
    const std::string limit = timeout_s > 0 ? "timeout -k 5 " + std::to_string(timeout_s) + " " : std::string{};
    // The user's own folders stay out of it: a lesson in ~/.local/share/ticklab/lessons or a window
    // size kept in ~/.config/ticklab would change what the binary does from machine to machine.
    const std::string user_dirs = "XDG_DATA_HOME='" + (log_dir / "xdg-data").string() + "' XDG_CONFIG_HOME='" +
                                  (log_dir / "xdg-config").string() + "' ";
    const std::string command = "cd '" + work_dir.string() + "' && SDL_VIDEODRIVER=offscreen " + user_dirs + limit +
                                "'" TICKLAB_BINARY "' " + args + " >'" + (log_dir / "out").string() + "' 2>'" +
                                (log_dir / "err").string() + "'";
    const int status = std::system(command.c_str());
    outcome o;
    o.exited = WIFEXITED(status);
    o.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    o.out = read_file(log_dir / "out");
    o.err = read_file(log_dir / "err");
    return o;
}

}  // namespace ticklab_test

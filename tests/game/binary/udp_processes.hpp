#pragma once
// Two ticklab processes at once, as two players on two machines would run them: each in the
// background under `timeout`, its output and exit code in files of the test's folder, the port a
// --listen 0 side picked read from its first line, its --report read back.
#include "run_ticklab.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <regex>
#include <string>
#include <thread>

namespace ticklab_test {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

struct udp_processes : folder_fixture {
    // `ticklab ARGS` in the background, killed after `timeout_s`; its stdout, stderr and exit code
    // go to NAME.out, NAME.err and NAME.code in the test's folder.
    // `timeout_flags`: e.g. "--preserve-status", so a window told to quit by the signal shows its own code.
    void start(const std::string& name, const std::string& args, int timeout_s = 120,
               const std::string& timeout_flags = "") const {
        const fs::path base = folder / name;
        const std::string command =
            "cd '" + folder.string() + "' && (SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software timeout " +
            timeout_flags + " -k 5 " + std::to_string(timeout_s) + " '" TICKLAB_BINARY "' " + args + " >'" +
            base.string() + ".out' 2>'" + base.string() + ".err'; echo $? >'" + base.string() + ".code.tmp'; mv '" +
            base.string() + ".code.tmp' '" + base.string() + ".code') &";
        ASSERT_EQ(std::system(command.c_str()), 0);
    }
    // The exit code of a process start() began, waiting up to `limit` for it.
    std::optional<int> exit_code(const std::string& name,
                                 std::chrono::seconds limit = std::chrono::seconds{150}) const {
        const fs::path code = folder / (name + ".code");
        for (auto waited = 0ms; waited < limit; waited += 50ms) {
            if (fs::exists(code)) return std::stoi(read_file(code));
            std::this_thread::sleep_for(50ms);
        }
        return std::nullopt;
    }
    std::string err(const std::string& name) const { return read_file(folder / (name + ".err")); }
    // The port a --listen 0 process printed ("listening on UDP port N").
    int listening_port(const std::string& name) const {
        const std::regex line{"listening on UDP port ([0-9]+)"};
        for (auto waited = 0ms; waited < 20s; waited += 20ms) {
            std::smatch m;
            const std::string text = err(name);
            if (std::regex_search(text, m, line)) return std::stoi(m[1]);
            std::this_thread::sleep_for(20ms);
        }
        return 0;
    }
    nlohmann::json report(const std::string& name) const {
        const fs::path path = folder / (name + ".json");
        return nlohmann::json::parse(fs::exists(path) ? read_file(path) : std::string{"{}"});
    }
    std::string out(const std::string& name) const { return read_file(folder / (name + ".out")); }
};

}  // namespace ticklab_test

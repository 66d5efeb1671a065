#pragma once
// A fuzz input as a ticklab command line: the bytes split at NUL into arguments after "ticklab",
// as a shell hands them over, with placeholders for files the fuzz target made, so seeds stay
// readable command lines and never name a real path:
//   @report @record @shot.png  files in a scratch folder (written by the run)
//   @folder                    the scratch folder itself (a path that is a folder)
//   @missing                   a file in a folder that does not exist
//   @balls.replay @lander.replay  valid recordings with input; @garbage.replay  not a replay
// A placeholder is replaced wherever it appears in an argument ("--report=@report" works too).
// headless_run_fuzz.dict lists the flags, values and placeholders for libFuzzer's mutations.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ticklab::fuzz {

struct scratch_files {
    std::string folder, report, record, trace, screenshot, missing, replay_balls, replay_lander, replay_garbage;
};

inline std::string expand_placeholders(std::string arg, const scratch_files& f) {
    // Longest names first, so "@record" never eats part of a longer placeholder.
    const std::array<std::pair<std::string_view, const std::string*>, 9> names{{
        {"@lander.replay", &f.replay_lander},
        {"@garbage.replay", &f.replay_garbage},
        {"@balls.replay", &f.replay_balls},
        {"@shot.png", &f.screenshot},
        {"@missing", &f.missing},
        {"@report", &f.report},
        {"@trace", &f.trace},
        {"@record", &f.record},
        {"@folder", &f.folder},
    }};
    for (const auto& [name, path] : names) {
        for (std::size_t at = arg.find(name); at != std::string::npos; at = arg.find(name, at + path->size())) {
            arg.replace(at, name.size(), *path);
        }
    }
    return arg;
}

inline std::vector<std::string> command_line_from(const std::uint8_t* data, std::size_t size,
                                                  const scratch_files& files) {
    std::vector<std::string> args{"ticklab"};
    std::string current;
    for (std::size_t i = 0; i < size; ++i) {
        if (data[i] == 0) {
            args.push_back(expand_placeholders(std::move(current), files));
            current.clear();
        } else {
            current += static_cast<char>(data[i]);
        }
    }
    if (!current.empty()) args.push_back(expand_placeholders(std::move(current), files));
    return args;
}

}  // namespace ticklab::fuzz

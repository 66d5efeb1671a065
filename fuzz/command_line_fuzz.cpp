// Fuzzes the command line: the bytes are split at NUL into arguments after "ticklab", as a shell
// would hand them over. parse_command_line must never crash or hang, and its outcome must keep the
// program's contract: help (exit 0, nothing on stderr), or one line on stderr naming the problem
// (exit 2), or options that are all inside their allowed ranges.
#include "cli/command_line.hpp"
#include "scenes/scene_registry.hpp"

#include <ticklab/fixed_loop.hpp>
#include <ticklab/frame_pacer.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

// A broken contract is a crash, so libFuzzer saves the input that broke it.
void require(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "command_line_fuzz: contract broken: %s\n", what);
        std::abort();
    }
}

std::size_t count_lines(const std::string& text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    // Real command lines are short; long inputs only slow the search down.
    if (size > 4096) return -1;
    std::vector<std::string> args{"ticklab"};
    std::string current;
    for (std::size_t i = 0; i < size; ++i) {
        if (data[i] == 0) {
            args.push_back(current);
            current.clear();
        } else {
            current += static_cast<char>(data[i]);
        }
    }
    if (!current.empty()) args.push_back(current);
    std::vector<const char*> argv;
    for (const std::string& arg : args) argv.push_back(arg.c_str());

    // Capture what the parser prints (it writes to std::cout and std::cerr), so the messages can be
    // checked and the fuzzer's own output stays readable.
    std::ostringstream out, err;
    std::streambuf* const old_out = std::cout.rdbuf(out.rdbuf());
    std::streambuf* const old_err = std::cerr.rdbuf(err.rdbuf());
    const ticklab::game::parse_result result =
        ticklab::game::parse_command_line(static_cast<int>(argv.size()), argv.data());
    std::cout.rdbuf(old_out);
    std::cerr.rdbuf(old_err);

    if (result.exit_code) {
        require(*result.exit_code == 0 || *result.exit_code == 2, "exit code is 0 (help) or 2 (bad input)");
        if (*result.exit_code == 2) {
            require(count_lines(err.str()) == 1, "a bad input gets exactly one line on stderr");
            require(err.str().rfind("ticklab: ", 0) == 0, "the error line starts with 'ticklab: '");
        } else {
            require(err.str().empty(), "help prints nothing on stderr");
        }
        return 0;
    }
    require(err.str().empty(), "accepted options print nothing on stderr");
    const ticklab::game::launch_options& o = result.options;
    require(ticklab::check_tick_rate(o.loop.tick_rate_hz).empty(), "tick rate in range");
    require(ticklab::check_max_loops(o.loop.max_loops).empty(), "max loops in range");
    require(ticklab::check_time_scale(o.loop.time_scale).empty(), "time scale in range");
    require(ticklab::check_fps_cap(o.loop.fps_cap).empty(), "fps cap in range");
    require(o.scene_settings.balls <= ticklab::game::max_scene_balls(), "ball count in range");
    require(std::isfinite(o.frame_ms) && o.frame_ms > 0.0 && o.frame_ms <= 1000.0, "frame time in range");
    require(!o.frames || (*o.frames >= 1 && *o.frames <= 1'000'000'000), "frame count in range");
    require(!o.ticks || *o.ticks <= 1'000'000'000, "tick count in range");
    require(ticklab::game::find_scene(o.scene) != nullptr, "scene is known");
    return 0;
}

#pragma once
// The command line: flags in, validated launch_options out. The only code that knows CLI11.
//
// Usage:
//   auto parsed = ticklab::game::parse_command_line(argc, argv);
//   if (parsed.exit_code) return *parsed.exit_code;   // --help (0) or a bad value (2), already printed
//   run(parsed.options);

#include "run/launch_options.hpp"

#include <optional>

namespace ticklab::game {

struct parse_result {
    launch_options options;
    std::optional<int> exit_code;  // set when the program should exit now (help printed, or an error)
};

// Prints help to stdout, or one line naming a bad value and what is allowed to stderr (exit code 2).
[[nodiscard]] parse_result parse_command_line(int argc, const char* const* argv);

}  // namespace ticklab::game

#pragma once
// The one way the program reports a problem: one line "ticklab: ..." on standard error, and an
// exit code that says whose fault it was.
//
// Usage:
//   return fail(exit_bad_input, "--ticks 5 is past the replay's end");   // prints, returns 2
//   note("paused: no tick can run");                                     // prints, run goes on

#include <string_view>

namespace ticklab::game {

inline constexpr int exit_ok = 0;
inline constexpr int exit_write_failed = 1;  // a report, recording or screenshot could not be written
inline constexpr int exit_bad_input = 2;     // a flag, file or setting was refused, or nothing could start

// "ticklab: " + `message` as one line on stderr (line breaks in it become spaces).
void note(std::string_view message);

// note(message), then returns `exit_code`.
[[nodiscard]] int fail(int exit_code, std::string_view message);

}  // namespace ticklab::game

#pragma once
// Output files written whole or not at all: reports, recordings, anything a run leaves behind.
//
// Usage:
//   if (auto error = check_output_path(path); !error.empty()) { ... }   // before the run: exit 2
//   if (auto error = write_text_atomically(path, text); !error.empty()) { ... }   // after it: exit 1
//
// "-" means standard output for both. Nothing here knows what the text is.

#include <string>
#include <string_view>

namespace ticklab::game {

// Empty when `path` can be written ("-" is standard output): its folder exists and is writable,
// and the path is not a folder. Else one line naming the path and the problem.
[[nodiscard]] std::string check_output_path(const std::string& path);

// Writes `text` to `path` atomically (a temporary file in the same folder, then a rename), or to
// standard output for "-". Returns an empty string, or one line describing the failure.
[[nodiscard]] std::string write_text_atomically(const std::string& path, std::string_view text);

}  // namespace ticklab::game

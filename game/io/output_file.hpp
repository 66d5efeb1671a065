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
// and the path is not a folder (or it is a device or pipe that is writable). Else one line naming
// the path and the problem.
[[nodiscard]] std::string check_output_path(const std::string& path);

// Writes `text` to `path` atomically (a temporary file in the same folder, then a rename), or to
// standard output for "-". A path that is neither a file nor a folder (/dev/null, /dev/stdout, a
// pipe) is written in place. Returns an empty string, or one line describing the failure.
[[nodiscard]] std::string write_text_atomically(const std::string& path, std::string_view text);

// Whether `path` exists and is neither a regular file nor a folder: a device or a pipe. Such a
// target is written in place: a temporary renamed over /dev/null replaced the device with a file
// when run as root, and failed otherwise (/dev is not writable).
[[nodiscard]] bool is_special_file(const std::string& path);

}  // namespace ticklab::game

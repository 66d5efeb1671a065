#pragma once
// Writes PNG files all or nothing: to a temporary file in the same folder, then renamed into place,
// so a reader never sees half a PNG and a failed write leaves nothing behind. A device or a pipe
// (/dev/null) is written in place.
//
// Usage:
//   if (auto error = check_png_path(path); !error.empty()) { print(error); return 2; }   // before work
//   ...
//   if (auto error = write_png(path, w, h, rgba.data()); !error.empty()) { ... }

#include <cstdint>
#include <filesystem>
#include <string>

namespace ticklab::app {

// Empty when `path` names a file that can be created or replaced; otherwise one line saying why not.
[[nodiscard]] std::string check_png_path(const std::filesystem::path& path);

// `rgba` is width * height * 4 bytes, rows top to bottom. Returns empty on success, else one line.
[[nodiscard]] std::string write_png(const std::filesystem::path& path, int width, int height, const std::uint8_t* rgba);

}  // namespace ticklab::app

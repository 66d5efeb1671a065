#pragma once
// Finds the DejaVu fonts at run time: next to the executable, in the source tree's assets folder,
// then where Debian's fonts-dejavu-core puts them.
//
// Usage:
//   font_files fonts = find_fonts();   // throws startup_error naming where it looked

#include <filesystem>
#include <string>
#include <vector>

namespace ticklab::app {

struct font_files {
    std::filesystem::path mono;  // HUD figures: columns line up as numbers change
    std::filesystem::path bold;  // HUD title and PAUSED; the mono font when no bold one is found
    std::filesystem::path sans;  // the control panel; the mono font when no sans one is found
};

// The folders searched, in order.
[[nodiscard]] std::vector<std::filesystem::path> font_search_dirs();
[[nodiscard]] font_files find_fonts();

}  // namespace ticklab::app

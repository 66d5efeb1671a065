#pragma once
// printf-style formatting into a std::string for the HUD's short lines (at most 159 characters;
// longer text is cut, never overrun).
//
// Usage:
//   const std::string line = format_text("ticks/frame %2u", ticks);

#include <cstdio>
#include <string>

namespace ticklab::app {

template <typename... Args>
[[nodiscard]] std::string format_text(const char* pattern, Args... args) {
    char buffer[160];
    std::snprintf(buffer, sizeof buffer, pattern, args...);
    return buffer;
}

}  // namespace ticklab::app

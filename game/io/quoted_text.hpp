#pragma once
// A value from a file or the command line, quoted in an error message: bytes outside printable
// ASCII (a line end, a tab, UTF-8) become '?', and it is cut to `max_chars` with "...", so the
// message stays one printable line whatever the input holds.
//
// Usage: return "toggle " + quoted_value(value) + " is not allowed";   // toggle 'smooth?ing' is not allowed

#include <cstddef>
#include <string>
#include <string_view>

namespace ticklab::game {

[[nodiscard]] inline std::string quoted_value(std::string_view text, std::size_t max_chars = 40) {
    std::string out{'\''};
    for (std::size_t i = 0; i < text.size() && i < max_chars; ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        out += byte >= 0x20 && byte < 0x7f ? text[i] : '?';
    }
    if (text.size() > max_chars) out += "...";
    out += '\'';
    return out;
}

}  // namespace ticklab::game

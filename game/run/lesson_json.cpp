#include "run/lesson_json.hpp"

#include "io/quoted_text.hpp"

#include <algorithm>
#include <set>
#include <vector>

namespace ticklab::game {

namespace {

using json = nlohmann::json;

bool continuation(unsigned char byte) {
    return (byte & 0xC0U) == 0x80U;
}

// The length of the well-formed sequence starting at `i`, or 0 (RFC 3629's table).
std::size_t sequence_length(std::string_view text, std::size_t i) {
    const auto at = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = at(i);
    if (lead < 0x80U) return 1;
    std::size_t length = 0;
    unsigned char low = 0x80U;
    unsigned char high = 0xBFU;
    if (lead >= 0xC2U && lead <= 0xDFU) {
        length = 2;
    } else if (lead >= 0xE0U && lead <= 0xEFU) {
        length = 3;
        if (lead == 0xE0U) low = 0xA0U;   // no overlong forms
        if (lead == 0xEDU) high = 0x9FU;  // no surrogates
    } else if (lead >= 0xF0U && lead <= 0xF4U) {
        length = 4;
        if (lead == 0xF0U) low = 0x90U;
        if (lead == 0xF4U) high = 0x8FU;  // nothing past U+10FFFF
    } else {
        return 0;
    }
    if (i + length > text.size()) return 0;
    if (at(i + 1) < low || at(i + 1) > high) return 0;
    for (std::size_t k = 2; k < length; ++k) {
        if (!continuation(at(i + k))) return 0;
    }
    return length;
}

// Thrown from the parser's callback: what it found, already worded.
struct refused {
    std::string why;
};

// nlohmann's reason without its "[json.exception...] parse error at line L, column C: " prefix (its
// column counts bytes), kept printable.
std::string reason_of(const json::parse_error& e) {
    std::string_view what = e.what();
    if (const auto colon = what.find(": "); colon != std::string_view::npos) what.remove_prefix(colon + 2);
    const std::string quoted = quoted_value(what, 160);
    return quoted.substr(1, quoted.size() - 2);
}

}  // namespace

std::optional<std::size_t> invalid_utf8_at(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t length = sequence_length(text, i);
        if (length == 0) return i;
        i += length;
    }
    return std::nullopt;
}

std::size_t utf8_chars(std::string_view text) {
    return static_cast<std::size_t>(
        std::count_if(text.begin(), text.end(), [](char c) { return !continuation(static_cast<unsigned char>(c)); }));
}

std::string line_column(std::string_view text, std::size_t offset) {
    offset = std::min(offset, text.size());
    const std::string_view before = text.substr(0, offset);
    const std::size_t line_start = before.rfind('\n') == std::string_view::npos ? 0 : before.rfind('\n') + 1;
    const auto line = 1 + std::count(before.begin(), before.end(), '\n');
    return "line " + std::to_string(line) + ", column " + std::to_string(1 + utf8_chars(before.substr(line_start)));
}

std::string read_lesson_json(std::string_view text, json& out) {
    if (const auto bad = invalid_utf8_at(text)) {
        return "not valid UTF-8 at " + line_column(text, *bad) + ": a lesson file is UTF-8 text";
    }
    // The keys of each object being read, innermost last.
    std::vector<std::set<std::string>> open;
    const json::parser_callback_t check = [&](int, json::parse_event_t event, json& parsed) {
        if (event == json::parse_event_t::object_start) {
            open.emplace_back();
        } else if (event == json::parse_event_t::object_end) {
            open.pop_back();
        } else if (event == json::parse_event_t::key && !open.back().insert(parsed.get<std::string>()).second) {
            throw refused{"key " + quoted_value(parsed.get<std::string>(), 64) +
                          " is given twice in one object: give each key once"};
        }
        return true;
    };
    try {
        out = json::parse(text.begin(), text.end(), check);
    } catch (const refused& r) {
        return r.why;
    } catch (const json::parse_error& e) {
        // e.byte counts from 1 and points at the last byte read: the one that did not fit.
        return "not valid JSON at " + line_column(text, e.byte == 0 ? 0 : e.byte - 1) + ": " + reason_of(e);
    } catch (const json::out_of_range& e) {
        // Only a number past a double's range gets here: "number overflow parsing '1e400'".
        const std::string_view what = e.what();
        const auto quote = what.find('\'');
        const std::string_view number = quote == std::string_view::npos ? "" : what.substr(quote + 1);
        return "number " + quoted_value(number.substr(0, number.find('\'')), 64) + " is too large: use at most 1.8e308";
    } catch (const json::exception& e) {
        // Anything else the parser refuses: its own words, kept to one printable line.
        const std::string quoted = quoted_value(e.what(), 160);
        return "not valid JSON: " + quoted.substr(1, quoted.size() - 2);
    }
    return {};
}

}  // namespace ticklab::game

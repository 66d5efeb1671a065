#pragma once
// A lesson file's text as JSON, checked more strictly than a JSON parser must (issue 26): the text is
// UTF-8, no object names a key twice, and no number is too large for a double. Every refusal is one
// line, with the line and column (counted in characters, from 1) where one can be given:
//
//   not valid JSON at line 3, column 6: syntax error while parsing object separator - ...
//   not valid UTF-8 at line 2, column 12: a lesson file is UTF-8 text
//   key 'title' is given twice in one object: give each key once
//   number '1e400' is too large: use at most 1.8e308
//
// Usage:
//   nlohmann::json doc;
//   if (std::string error = read_lesson_json(text, doc); !error.empty()) return where + ": " + error;

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace ticklab::game {

[[nodiscard]] std::string read_lesson_json(std::string_view text, nlohmann::json& out);

// The byte offset of the first byte that is not part of well-formed UTF-8 (overlong forms,
// surrogates and code points past U+10FFFF are not), or nullopt for good text.
[[nodiscard]] std::optional<std::size_t> invalid_utf8_at(std::string_view text);

// How many characters (code points) well-formed UTF-8 `text` holds: the unit of a lesson's limits.
[[nodiscard]] std::size_t utf8_chars(std::string_view text);

// "line L, column C" of byte `offset` in `text`, both from 1, the column in characters.
[[nodiscard]] std::string line_column(std::string_view text, std::size_t offset);

}  // namespace ticklab::game

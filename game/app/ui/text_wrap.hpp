#pragma once
// Breaks text into lines no wider than a width, as a measuring function says: at spaces, and
// inside a word only where the word alone is wider than the line (then at any character, never
// inside a UTF-8 sequence). Pure, so a test can give it any measure.
//
// Usage:
//   const auto lines = wrap_text(claim, width, [&](const std::string& s) { return hud.text_width(style, s); });

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace ticklab::app {

using text_measure = std::function<float(const std::string&)>;

[[nodiscard]] std::vector<std::string> wrap_text(std::string_view text, float width, const text_measure& measure);

// A figure line ("dropped 120 ms", "alpha 0.42 (render tick)") as a label and a value, for a
// narrow column: the label is the words before the first with a digit, with any "(...)" tail
// after the value moved to it ("alpha (render tick)", "0.42"). A line that starts with its value
// gives an empty label.
struct label_value {
    std::string label;
    std::string value;
};
[[nodiscard]] label_value split_figure(std::string_view line);

// "tick 60 Hz  FPS 60" as its items, split at runs of two or more spaces.
[[nodiscard]] std::vector<std::string> split_items(std::string_view line);

}  // namespace ticklab::app

#include "app/ui/text_wrap.hpp"

#include <algorithm>
#include <cctype>

namespace ticklab::app {

namespace {

// The length of the UTF-8 sequence that starts with `lead` (1 for a stray continuation byte).
std::size_t sequence_length(unsigned char lead) {
    if (lead >= 0xF0) return 4;
    if (lead >= 0xE0) return 3;
    if (lead >= 0xC0) return 2;
    return 1;
}

// `word` cut into pieces no wider than `width` (each at least one character).
void break_word(const std::string& word, float width, const text_measure& measure, std::vector<std::string>& out,
                std::string& line) {
    std::size_t at = 0;
    while (at < word.size()) {
        const std::size_t n = std::min(sequence_length(static_cast<unsigned char>(word[at])), word.size() - at);
        const std::string grown = line + word.substr(at, n);
        if (!line.empty() && measure(grown) > width) {
            out.push_back(line);
            line = word.substr(at, n);
        } else {
            line = grown;
        }
        at += n;
    }
}

bool has_digit(std::string_view s) {
    return std::any_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
}

std::string trimmed(std::string_view s) {
    const auto first = s.find_first_not_of(' ');
    if (first == std::string_view::npos) return {};
    const auto last = s.find_last_not_of(' ');
    return std::string{s.substr(first, last - first + 1)};
}

}  // namespace

std::vector<std::string> wrap_text(std::string_view text, float width, const text_measure& measure) {
    std::vector<std::string> out;
    std::string line;
    std::string gap;  // the spaces before the next word, as the text has them ("  " between items)
    std::size_t at = 0;
    while (at < text.size()) {
        if (text[at] == '\n') {
            out.push_back(line);
            line.clear();
            gap.clear();
            ++at;
            continue;
        }
        if (text[at] == ' ') {
            gap += ' ';
            ++at;
            continue;
        }
        const std::size_t end = std::min(text.find_first_of(" \n", at), text.size());
        const std::string word{text.substr(at, end - at)};
        at = end;
        const std::string joined = line.empty() ? word : line + gap + word;
        gap.clear();
        if (measure(joined) <= width) {
            line = joined;
            continue;
        }
        if (!line.empty()) out.push_back(line);
        line.clear();
        if (measure(word) <= width) {
            line = word;
        } else {
            break_word(word, width, measure, out, line);
        }
    }
    if (!line.empty()) out.push_back(line);
    return out;
}

label_value split_figure(std::string_view line) {
    std::string label;
    std::size_t at = 0;
    while (at < line.size()) {
        const std::size_t end = std::min(line.find(' ', at), line.size());
        const std::string_view word = line.substr(at, end - at);
        if (has_digit(word) || word == "-") break;
        if (!word.empty()) label += (label.empty() ? "" : " ") + std::string{word};
        at = end + 1;
    }
    if (at >= line.size()) return {"", trimmed(line)};
    std::string value = trimmed(line.substr(at));
    if (const auto open = value.find(" ("); open != std::string::npos && value.back() == ')') {
        label += (label.empty() ? "" : " ") + value.substr(open + 1);
        value = trimmed(value.substr(0, open));
    }
    return {label, value};
}

std::vector<std::string> split_items(std::string_view line) {
    std::vector<std::string> out;
    std::size_t at = 0;
    while (at < line.size()) {
        std::size_t end = line.find("  ", at);
        if (end == std::string_view::npos) end = line.size();
        if (std::string item = trimmed(line.substr(at, end - at)); !item.empty()) out.push_back(std::move(item));
        at = line.find_first_not_of(' ', end);
        if (at == std::string_view::npos) break;
    }
    return out;
}

}  // namespace ticklab::app

#include "app/platform/presentation_file.hpp"

#include "app/platform/user_paths.hpp"
#include "io/output_file.hpp"

#include <charconv>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace ticklab::app {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

}  // namespace

std::string format_presentation(const presentation_settings& settings) {
    char text[96];
    std::snprintf(text, sizeof text, "text_scale=%.2f\nfullscreen=%d\n", static_cast<double>(settings.text_scale),
                  settings.fullscreen ? 1 : 0);
    return text;
}

std::optional<presentation_settings> parse_presentation(std::string_view text, std::string& error) {
    presentation_settings settings;
    int line_number = 0;
    while (!text.empty()) {
        const auto end = text.find('\n');
        const std::string_view line = trim(text.substr(0, end));
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        ++line_number;
        if (line.empty() || line.front() == '#') continue;
        const auto eq = line.find('=');
        const std::string_view key = eq == std::string_view::npos ? line : trim(line.substr(0, eq));
        const std::string_view value = eq == std::string_view::npos ? std::string_view{} : trim(line.substr(eq + 1));
        const auto bad = [&](const char* allowed) {
            error = "line " + std::to_string(line_number) + " '" + std::string{line} + "': " + allowed;
            return std::nullopt;
        };
        if (key == "text_scale") {
            float scale = 0.0f;
            const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), scale);
            if (ec != std::errc{} || ptr != value.data() + value.size() ||
                !(scale >= min_text_scale && scale <= max_text_scale))
                return bad("text_scale is a number from 0.75 to 2.5");
            settings.text_scale = scale;
        } else if (key == "fullscreen") {
            if (value != "0" && value != "1") return bad("fullscreen is 0 or 1");
            settings.fullscreen = value == "1";
        } else {
            return bad("the keys are text_scale and fullscreen");
        }
    }
    return settings;
}

std::filesystem::path presentation_path() {
    const auto dir = config_dir();
    return dir.empty() ? std::filesystem::path{} : dir / "presentation.txt";
}

presentation_settings load_presentation(const std::filesystem::path& path) {
    if (path.empty()) return {};
    std::ifstream in{path, std::ios::binary};
    if (!in) return {};  // no file yet: the defaults
    std::ostringstream text;
    text << in.rdbuf();
    std::string error;
    if (auto settings = parse_presentation(text.str(), error)) return *settings;
    std::fprintf(stderr, "ticklab: ignoring %s (%s); using the defaults\n", path.string().c_str(), error.c_str());
    return {};
}

std::string save_presentation(const std::filesystem::path& path, const presentation_settings& settings) {
    if (path.empty()) return {};
    return game::write_text_atomically(path.string(), format_presentation(settings));
}

}  // namespace ticklab::app

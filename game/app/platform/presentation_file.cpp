#include "app/platform/presentation_file.hpp"

#include "app/platform/user_paths.hpp"
#include "io/output_file.hpp"

#include <algorithm>
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

// "1920x1080"; nullopt unless it is two whole numbers joined by an x.
std::optional<window_size> parse_size(std::string_view text) {
    const auto x = text.find('x');
    if (x == std::string_view::npos) return std::nullopt;
    window_size size;
    const char* end = text.data() + text.size();
    const auto width = std::from_chars(text.data(), text.data() + x, size.width);
    const auto height = std::from_chars(text.data() + x + 1, end, size.height);
    if (width.ec != std::errc{} || width.ptr != text.data() + x || height.ec != std::errc{} || height.ptr != end)
        return std::nullopt;
    return size;
}

}  // namespace

std::string format_presentation(const presentation_settings& settings) {
    char text[96];
    std::snprintf(text, sizeof text, "text_scale=%.2f\nfullscreen=%d\ntimeline_span=%d\n",
                  static_cast<double>(settings.text_scale), settings.fullscreen ? 1 : 0, settings.timeline_span);
    std::string out = text;
    if (settings.window.width > 0 && settings.window.height > 0) {
        out += "window_size=" + std::to_string(settings.window.width) + "x" + std::to_string(settings.window.height) +
               "\n";
    }
    if (settings.palette != game::palette_choice::standard) {
        out += "palette=" + std::string{game::choice_name(game::palette_choices, settings.palette)} + "\n";
    }
    if (!settings.panel_open.empty()) {
        out += "panel_open=";
        for (std::size_t i = 0; i < settings.panel_open.size(); ++i) out += (i ? "," : "") + settings.panel_open[i];
        out += '\n';
    }
    return out;
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
        } else if (key == "timeline_span") {
            int span = -1;
            const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), span);
            if (ec != std::errc{} || ptr != value.data() + value.size() || span < 0 || span >= timeline_spans)
                return bad("timeline_span is a whole number from 0 to 6");
            settings.timeline_span = span;
        } else if (key == "window_size") {
            const auto size = parse_size(value).value_or(window_size{});
            if (size.width < min_window_size.width || size.width > max_window_size.width ||
                size.height < min_window_size.height || size.height > max_window_size.height)
                return bad("window_size is WIDTHxHEIGHT from 640x400 to 7680x4320");
            settings.window = size;
        } else if (key == "palette") {
            const auto palette = game::find_choice(game::palette_choices, value);
            if (!palette) return bad("palette is default or colour-blind");
            settings.palette = *palette;
        } else if (key == "panel_open") {
            settings.panel_open.clear();
            std::string_view rest = value;
            while (!rest.empty()) {
                const auto comma = rest.find(',');
                const std::string_view name = trim(rest.substr(0, comma));
                rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
                const bool word = !name.empty() && name.size() <= 32 &&
                                  name.find_first_not_of("abcdefghijklmnopqrstuvwxyz_") == std::string_view::npos;
                if (!word) return bad("panel_open is a comma-separated list of section names (a-z, _)");
                settings.panel_open.emplace_back(name);
            }
        } else {
            return bad("the keys are text_scale, fullscreen, timeline_span, window_size, palette and panel_open");
        }
    }
    return settings;
}

window_size opening_window_size(const presentation_settings& kept, std::optional<window_size> given,
                                std::optional<SDL_Rect> screen, window_size fallback) {
    if (given) return *given;
    if (kept.window.width <= 0 || kept.window.height <= 0) return fallback;
    window_size size = kept.window;
    // A window kept on a larger screen than this one opens as large as this one's usable part, but
    // never under the window's minimum.
    if (screen && screen->w > 0 && screen->h > 0) {
        size.width = std::max(std::min(size.width, screen->w), min_window_size.width);
        size.height = std::max(std::min(size.height, screen->h), min_window_size.height);
    }
    return size;
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

#pragma once
// The presentation settings kept between window runs (text size, fullscreen, the window's size, the panel's layout)
// in the user's config
// folder, as a small "key=value" file written atomically. A file that cannot be read is ignored
// with one line on stderr: the window starts with the defaults, never fails.
//
// Usage:
//   presentation_settings s = load_presentation(presentation_path());    // defaults if absent
//   s.text_scale = 1.5f;
//   save_presentation(presentation_path(), s);                            // "" or one error line
//   window_size opening = opening_window_size(s, given, screen);          // where the next window starts

#include "run/launch_options.hpp"

#include <SDL.h>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ticklab::app {

inline constexpr float min_text_scale = game::min_text_scale;
inline constexpr float max_text_scale = game::max_text_scale;

inline constexpr int timeline_spans = 7;  // the timeline section's spans, 50 ms to 4 s

// A window's size in points, as --window-size takes it: from the window's minimum to an 8K screen.
struct window_size {
    int width = 0;
    int height = 0;
    bool operator==(const window_size&) const = default;
};
inline constexpr window_size min_window_size{640, 400};
inline constexpr window_size max_window_size{7680, 4320};

struct presentation_settings {
    float text_scale = 1.0f;  // the HUD's and the panel's text, 0.75 to 2.5
    bool fullscreen = false;
    // The panel's own layout (runs without a lesson; a lesson opens its sections): the open sections
    // by name, as control_panel names them (names it does not know are skipped), and the
    // timeline's span, 0 to timeline_spans - 1. Empty `panel_open`: the panel's defaults.
    std::vector<std::string> panel_open;
    int timeline_span = 3;
    // The window's size when last seen neither fullscreen, maximised nor minimised; 0 x 0 when none
    // was kept (the default size).
    window_size window;
    game::palette_choice palette = game::palette_choice::standard;  // the timeline's colours
    bool operator==(const presentation_settings&) const = default;
};

// The file's text, and back. parse_presentation returns nullopt and sets `error` to one line
// naming the bad line and what is allowed.
[[nodiscard]] std::string format_presentation(const presentation_settings& settings);
[[nodiscard]] std::optional<presentation_settings> parse_presentation(std::string_view text, std::string& error);

// The size a window opens at: `given` (--window-size) when there is one; else the size `kept` from
// the last run, made to fit `screen` (the screen's usable part, when known); else `fallback`.
[[nodiscard]] window_size opening_window_size(const presentation_settings& kept, std::optional<window_size> given,
                                              std::optional<SDL_Rect> screen, window_size fallback);

// config_dir()/presentation.txt; empty when there is no config folder.
[[nodiscard]] std::filesystem::path presentation_path();

// Defaults when `path` is empty or missing; defaults and one line on stderr when it is corrupt.
[[nodiscard]] presentation_settings load_presentation(const std::filesystem::path& path);
// "" or one line naming the failure; nothing is written for an empty path.
[[nodiscard]] std::string save_presentation(const std::filesystem::path& path, const presentation_settings& settings);

}  // namespace ticklab::app

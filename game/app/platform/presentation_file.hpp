#pragma once
// The presentation settings kept between window runs (text size, fullscreen, the panel's layout) in the user's config
// folder, as a small "key=value" file written atomically. A file that cannot be read is ignored
// with one line on stderr: the window starts with the defaults, never fails.
//
// Usage:
//   presentation_settings s = load_presentation(presentation_path());    // defaults if absent
//   s.text_scale = 1.5f;
//   save_presentation(presentation_path(), s);                            // "" or one error line

#include "run/launch_options.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ticklab::app {

inline constexpr float min_text_scale = game::min_text_scale;
inline constexpr float max_text_scale = game::max_text_scale;

inline constexpr int timeline_spans = 7;  // the timeline section's spans, 50 ms to 4 s

struct presentation_settings {
    float text_scale = 1.0f;  // the HUD's and the panel's text, 0.75 to 2.5
    bool fullscreen = false;
    // The panel's own layout (runs without a lesson; a lesson opens its sections): the open sections
    // by name, as control_panel names them (names it does not know are skipped), and the
    // timeline's span, 0 to timeline_spans - 1. Empty `panel_open`: the panel's defaults.
    std::vector<std::string> panel_open;
    int timeline_span = 3;
    bool operator==(const presentation_settings&) const = default;
};

// The file's text, and back. parse_presentation returns nullopt and sets `error` to one line
// naming the bad line and what is allowed.
[[nodiscard]] std::string format_presentation(const presentation_settings& settings);
[[nodiscard]] std::optional<presentation_settings> parse_presentation(std::string_view text, std::string& error);

// config_dir()/presentation.txt; empty when there is no config folder.
[[nodiscard]] std::filesystem::path presentation_path();

// Defaults when `path` is empty or missing; defaults and one line on stderr when it is corrupt.
[[nodiscard]] presentation_settings load_presentation(const std::filesystem::path& path);
// "" or one line naming the failure; nothing is written for an empty path.
[[nodiscard]] std::string save_presentation(const std::filesystem::path& path, const presentation_settings& settings);

}  // namespace ticklab::app

#pragma once
// The control panel's font in ImGui's atlas, with the scripts a teacher's own lesson may be written
// in: Latin with its extensions (Polish, Czech, Turkish, Romanian ...), Greek and Cyrillic, and the
// typographic punctuation (dashes, quotes, the ellipsis) people type.
//
// Usage:
//   add_panel_font(*ImGui::GetIO().Fonts, fonts.sans, 15.0f);   // then build the atlas as usual

#include <imgui.h>

#include <filesystem>

namespace ticklab::app {

// Zero-terminated pairs of first and last code point, as ImFontConfig::GlyphRanges takes them. Static:
// ImGui keeps the pointer for as long as the font lives.
[[nodiscard]] const ImWchar* panel_glyph_ranges();

// Clears `atlas` and adds the font at `sans` at `pixel_size` with panel_glyph_ranges(); ImGui's
// built-in font (ASCII and Latin-1 only) when the file cannot be read. Returns the font added.
ImFont* add_panel_font(ImFontAtlas& atlas, const std::filesystem::path& sans, float pixel_size);

}  // namespace ticklab::app

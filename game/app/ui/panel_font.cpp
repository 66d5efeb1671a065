#include "app/ui/panel_font.hpp"

#include <array>

namespace ticklab::app {

const ImWchar* panel_glyph_ranges() {
    // DejaVu Sans (fonts-dejavu-core) has every glyph of these blocks that is assigned; ImGui skips
    // the code points a font lacks, so a block listed whole costs nothing for its gaps.
    static constexpr std::array<ImWchar, 13> ranges{
        0x0020, 0x024F,  // Basic Latin, Latin-1 Supplement, Latin Extended-A and -B
        0x0370, 0x03FF,  // Greek and Coptic
        0x0400, 0x052F,  // Cyrillic and Cyrillic Supplement
        0x2010, 0x205E,  // General Punctuation: dashes, quotes, the ellipsis
        0x20AC, 0x20AC,  // the euro sign
        0x2116, 0x2116,  // the numero sign, common in Russian text
        0,
    };
    return ranges.data();
}

ImFont* add_panel_font(ImFontAtlas& atlas, const std::filesystem::path& sans, float pixel_size) {
    atlas.Clear();
    ImFontConfig config;
    config.OversampleH = 2;
    config.GlyphRanges = panel_glyph_ranges();
    if (ImFont* font = atlas.AddFontFromFileTTF(sans.string().c_str(), pixel_size, &config); font != nullptr) {
        return font;
    }
    return atlas.AddFontDefault();
}

}  // namespace ticklab::app

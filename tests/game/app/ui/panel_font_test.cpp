#include "app/ui/panel_font.hpp"

#include "app/ui/font_files.hpp"

#include <gtest/gtest.h>
#include <imgui.h>

#include <cstdio>
#include <string>
#include <string_view>

using namespace ticklab::app;

namespace {

// One ImGui context whose atlas holds the panel's font, built as the panel builds it.
struct PanelFont : ::testing::Test {
    void SetUp() override {
        ImGui::CreateContext();
        font = add_panel_font(*ImGui::GetIO().Fonts, find_fonts().sans, 15.0f);
        unsigned char* pixels = nullptr;
        int width = 0;
        int height = 0;
        ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
    }
    void TearDown() override { ImGui::DestroyContext(); }

    // The code points of `text` the font draws as "?" (no glyph of their own), as U+XXXX.
    [[nodiscard]] std::string missing(std::u32string_view text) const {
        std::string out;
        for (const char32_t c : text) {
            if (font->FindGlyphNoFallback(static_cast<ImWchar>(c)) == nullptr) {
                char name[16];
                std::snprintf(name, sizeof name, "U+%04X ", static_cast<unsigned>(c));
                out += name;
            }
        }
        return out;
    }

    ImFont* font = nullptr;
};

}  // namespace

TEST_F(PanelFont, DrawsLatinExtendedGreekAndCyrillicLessonTitles) {
    ASSERT_NE(font, nullptr);
    EXPECT_EQ(missing(U"Pętla ćwiczenie: źle, żółw, Łódź"), "");  // Polish: Latin Extended-A
    EXPECT_EQ(missing(U"Čas běží, şiş, ğ, Ř"), "");               // Czech, Turkish: Extended-A
    EXPECT_EQ(missing(U"Bucureşti, București, ǅ, ȘȚ"), "");       // Romanian: Latin Extended-B
    EXPECT_EQ(missing(U"Βρόχος παιχνιδιού, ΑΩ αω ϊ ΰ"), "");      // Greek
    EXPECT_EQ(missing(U"Цикл игры: ёЁ, ЙЩЪЫЭЮЯ, ї є ґ ў, ӑ ԑ"),
              "");                                                                     // Cyrillic and its supplement
    EXPECT_EQ(missing(U"\u201cquoted\u201d \u2013 \u2014 \u2026 \u20ac \u2116"), "");  // punctuation people type
}

TEST_F(PanelFont, TheFontIsTheSansFileNotImGuisBuiltIn) {
    ASSERT_NE(font, nullptr);
    ASSERT_NE(font->ConfigData, nullptr);
    EXPECT_EQ(std::string{font->ConfigData->Name}.rfind("DejaVuSans", 0), 0u) << font->ConfigData->Name;
}

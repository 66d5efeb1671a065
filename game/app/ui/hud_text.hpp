#pragma once
// What the HUD says this frame: the scene, the loop's figures, PAUSED, and the scene's own lines.
// Two blocks, so the scene's readouts sit apart from the loop's and cover less of the scene.

#include "app/ui/hud.hpp"
#include "app/ui/hud_figures.hpp"
#include "session/session.hpp"

#include <string>
#include <vector>

namespace ticklab::app {

// Frames per second averaged over a quarter second, so the figure is readable rather than a blur
// (and the HUD's cached text changes four times a second, not every frame).
class fps_meter {
public:
    void add_frame(ticklab::nanoseconds real);
    // False until the first quarter second is over: fps() and frame_ms() are 0 until then, and the
    // HUD says "-" rather than a window running at "FPS 0".
    [[nodiscard]] bool measured() const noexcept { return frame_ms_ > 0.0; }
    [[nodiscard]] double fps() const noexcept { return fps_; }
    [[nodiscard]] double frame_ms() const noexcept { return frame_ms_; }
    // "FPS 60" and "frame 16.7 ms", or "FPS -" and "frame - ms" before the first reading.
    [[nodiscard]] std::string fps_text() const;
    [[nodiscard]] std::string frame_ms_text() const;

private:
    ticklab::nanoseconds window_{0};
    int frames_ = 0;
    double fps_ = 0.0;
    double frame_ms_ = 0.0;
};

// The loop's block (top-left: the title, `figures` large, then the rest of the loop's figures) and
// the scene's own lines (top-right block). `notice` is a transient message (where F12 saved the
// screenshot, "Press Escape again to quit"); empty for none.
void build_hud_lines(const game::session& session, const fps_meter& fps, std::span<const hud_figure> figures,
                     const std::string& notice, std::vector<hud_line>& loop_lines, std::vector<hud_line>& scene_lines);

// A block for a column `width` pixels wide beside the world: a figure on one line where it fits,
// else its label (small) over its value (large); the other lines' items packed and wrapped to the
// width, in `items` (the loop's figures in the monospaced body, so digits stay in columns; the
// scene's sentences in prose). `drop_title` leaves the block's title out (the strip names the lesson).
void to_column_form(std::vector<hud_line>& lines, float width, const hud& measure, bool drop_title,
                    hud_style items = hud_style::body);

// Every line wider than `width` pixels wrapped onto lines of its own style.
void wrap_lines(std::vector<hud_line>& lines, float width, const hud& measure);

// What the strip along the bottom says: the lesson's title and B's two states, its claim or its
// questions, and the keys, or a notice in the keys' place.
struct strip_text {
    std::string lesson;              // lesson_line(), "" for none
    std::string figures;             // a network game's figures, large, in one paragraph ("" for none)
    std::vector<std::string> prose;  // paragraphs: the claim, or the questions
    bool keys_expanded = false;      // F1: every key
    std::string notice;              // "" for none
    std::size_t notice_lines = 1;    // the most lines a notice takes (a longer one over the prose)
};
// The strip's lines, wrapped to `width` pixels as `hud` measures them.
void build_strip_lines(const strip_text& text, float width, const hud& measure, std::vector<hud_line>& out);
// The strip's height when it holds `lesson_lines` title lines, `figure_lines` figure lines,
// `prose_lines` prose lines and a notice or the `key_lines` lines of the key hint (the tallest it
// gets for those): what the layout keeps for it.
[[nodiscard]] float strip_height(const hud& measure, std::size_t lesson_lines, std::size_t figure_lines,
                                 std::size_t prose_lines, std::size_t key_lines);
// How many lines `paragraphs` take in `style` at `width` pixels.
[[nodiscard]] std::size_t wrapped_lines(const std::vector<std::string>& paragraphs, hud_style style, float width,
                                        const hud& measure);
// The key hint's one line.
[[nodiscard]] std::string key_hint();

// The bottom-left block: one line of the main keys, or with `expanded` (F1) every key; above them
// `lesson` (the lesson's title and B's two states, shown while the panel that names them is
// hidden; "" for none).
void build_key_lines(bool expanded, const std::string& lesson, std::vector<hud_line>& out);
// "Lesson: <title>   B: ..." for the active lesson, "" for none.
[[nodiscard]] std::string lesson_line(std::string_view lesson, const game::loop_settings& running);
// The same for the session that runs it: a lesson's scene toggle reads its running scene.
[[nodiscard]] std::string lesson_line(std::string_view lesson, const game::session& session);

}  // namespace ticklab::app

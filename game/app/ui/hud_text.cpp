#include "app/ui/hud_text.hpp"

#include "app/input/action.hpp"
#include "app/ui/text_format.hpp"
#include "run/lesson_library.hpp"

#include <cstdio>

namespace ticklab::app {
void fps_meter::add_frame(ticklab::nanoseconds real) {
    using namespace std::chrono_literals;
    window_ += real;
    ++frames_;
    if (window_ < 250ms) return;
    const double seconds = ticklab::to_seconds(window_);
    fps_ = frames_ / seconds;
    frame_ms_ = seconds * 1000.0 / frames_;
    window_ = {};
    frames_ = 0;
}

std::string fps_meter::fps_text() const {
    return measured() ? format_text("FPS %.0f", fps_) : std::string{"FPS -"};
}

std::string fps_meter::frame_ms_text() const {
    return measured() ? format_text("frame %.1f ms", frame_ms_) : std::string{"frame - ms"};
}

void build_hud_lines(const game::session& session, const fps_meter& fps, std::span<const hud_figure> figures,
                     const std::string& notice, std::vector<hud_line>& loop_lines, std::vector<hud_line>& scene_lines) {
    auto& out = loop_lines;
    out.clear();
    const auto& loop = session.loop();
    out.push_back({std::string(session.current_entry().title), hud_style::title});
    for (hud_figure figure : figures) out.push_back(figure_line(figure, session, fps));
    out.push_back(
        {format_text("tick %u Hz  ", loop.tick_rate()) + fps.fps_text() + "  " + fps.frame_ms_text(), hud_style::body});
    out.push_back(
        {format_text("virtual %.3f s  scale %.2fx", ticklab::to_seconds(loop.virtual_now()), loop.clock().time_scale()),
         hud_style::body});
    if (loop.clock().paused()) out.push_back({"PAUSED", hud_style::alert});
    if (!notice.empty()) out.push_back({notice, hud_style::alert});

    std::vector<std::string> text;
    session.current_scene().hud_lines(text);
    scene_lines.clear();
    for (auto& line : text) scene_lines.push_back({std::move(line), hud_style::body});
}

std::string lesson_line(std::string_view lesson, const game::loop_settings& running) {
    const game::lesson* l = game::find_lesson(lesson);
    if (l == nullptr) return {};
    return "Lesson: " + l->title + "   " + game::before_after_text(*l, running);
}

std::string lesson_line(std::string_view lesson, const game::session& session) {
    const game::lesson* l = game::find_lesson(lesson);
    if (l == nullptr) return {};
    return "Lesson: " + l->title + "   " +
           game::before_after_text(*l, session.settings(), session.current_entry().parts.controls,
                                   session.current_scene());
}

void build_key_lines(bool expanded, const std::string& lesson, std::vector<hud_line>& out) {
    out.clear();
    if (!lesson.empty()) out.push_back({lesson, hud_style::title});
    if (!expanded) {
        out.push_back(
            {"F1 keys  Space pause  . step  +/- speed  Tab scene  B before/after  F2 panel", hud_style::body});
        return;
    }
    // The key table's rows (app/input/action.hpp): the keyboard reads the same table.
    out.push_back({"Keys (F1 closes)", hud_style::title});
    for (const key_binding& key : key_table()) {
        if (key.keys_label.empty()) continue;
        out.push_back({format_text("%-16.*s %.*s", static_cast<int>(key.keys_label.size()), key.keys_label.data(),
                                   static_cast<int>(key.meaning.size()), key.meaning.data()),
                       hud_style::body});
    }
}

}  // namespace ticklab::app

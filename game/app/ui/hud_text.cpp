#include "app/ui/hud_text.hpp"

#include "app/input/action.hpp"
#include "app/ui/text_format.hpp"
#include "app/ui/text_wrap.hpp"
#include "run/lesson_library.hpp"

#include <algorithm>
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
    // The loop's other figures, less those a large figure above already shows.
    const auto shown = [&](std::string_view name) {
        return std::find(figures.begin(), figures.end(), name) != figures.end();
    };
    std::string rates;
    const auto item = [&](const std::string& text) { rates += (rates.empty() ? "" : "  ") + text; };
    if (!shown("tick_rate")) item(format_text("tick %u Hz", loop.tick_rate()));
    if (!shown("fps")) item(fps.fps_text());
    if (!shown("frame_ms")) item(fps.frame_ms_text());
    if (!rates.empty()) out.push_back({rates, hud_style::body});
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
    return "Lesson: " + l->title + " | " + game::before_after_text(*l, running);
}

std::string lesson_line(std::string_view lesson, const game::session& session) {
    const game::lesson* l = game::find_lesson(lesson);
    if (l == nullptr) return {};
    return "Lesson: " + l->title + " | " +
           game::before_after_text(*l, session.settings(), session.current_entry().parts.controls,
                                   session.current_scene());
}

void to_column_form(std::vector<hud_line>& lines, float width, const hud& measure, bool drop_title, hud_style items) {
    std::vector<hud_line> column;
    std::string packed;  // body items gathered into one line while they fit
    const auto flush = [&] {
        if (!packed.empty()) column.push_back({std::move(packed), items});
        packed.clear();
    };
    for (hud_line& line : lines) {
        const bool figure = line.style == hud_style::figure || line.style == hud_style::figure_alert;
        if (line.style == hud_style::body) {
            for (std::string& item : split_items(line.text)) {
                const std::string joined = packed.empty() ? item : packed + "  " + item;
                if (measure.text_width(items, joined) <= width) {
                    packed = joined;
                    continue;
                }
                flush();
                // An item wider than the column wraps; its last line may gather the items after it.
                const text_measure m = [&](const std::string& t) { return measure.text_width(items, t); };
                std::vector<std::string> parts = wrap_text(item, width, m);
                if (parts.empty()) continue;
                packed = std::move(parts.back());
                parts.pop_back();
                for (std::string& part : parts) column.push_back({std::move(part), items});
            }
            continue;
        }
        flush();
        if (line.style == hud_style::title && drop_title) continue;
        if (!figure) {
            const text_measure m = [&](const std::string& t) { return measure.text_width(line.style, t); };
            for (std::string& part : wrap_text(line.text, width, m)) column.push_back({std::move(part), line.style});
            continue;
        }
        if (measure.text_width(line.style, line.text) > width) {
            const label_value parts = split_figure(line.text);
            const text_measure label_width = [&](const std::string& t) {
                return measure.text_width(hud_style::body, t);
            };
            const text_measure value_width = [&](const std::string& t) { return measure.text_width(line.style, t); };
            for (std::string& part : wrap_text(parts.label, width, label_width)) {
                column.push_back({std::move(part), hud_style::body});
            }
            for (std::string& part : wrap_text(parts.value, width, value_width))
                column.push_back({std::move(part), line.style});
            continue;
        }
        column.push_back(std::move(line));
    }
    flush();
    lines = std::move(column);
}

void wrap_lines(std::vector<hud_line>& lines, float width, const hud& measure) {
    std::vector<hud_line> out;
    for (hud_line& line : lines) {
        if (line.text.empty() || measure.text_width(line.style, line.text) <= width) {
            out.push_back(std::move(line));
            continue;
        }
        const text_measure m = [&](const std::string& s) { return measure.text_width(line.style, s); };
        for (std::string& part : wrap_text(line.text, width, m)) out.push_back({std::move(part), line.style});
    }
    lines = std::move(out);
}

std::string key_hint() {
    return "F1 keys  Space pause  . step  +/- speed  Tab scene  B before/after  Q questions  F2 panel";
}

std::size_t wrapped_lines(const std::vector<std::string>& paragraphs, hud_style style, float width,
                          const hud& measure) {
    const text_measure m = [&](const std::string& s) { return measure.text_width(style, s); };
    std::size_t n = 0;
    for (const std::string& p : paragraphs) n += wrap_text(p, width, m).size();
    return n;
}

void build_strip_lines(const strip_text& text, float width, const hud& measure, std::vector<hud_line>& out) {
    out.clear();
    const auto add = [&](const std::string& paragraph, hud_style style) {
        const text_measure m = [&](const std::string& s) { return measure.text_width(style, s); };
        for (std::string& line : wrap_text(paragraph, width, m)) out.push_back({std::move(line), style});
    };
    if (!text.lesson.empty()) add(text.lesson, hud_style::title);
    if (!text.figures.empty()) add(text.figures, hud_style::figure);
    if (!text.notice.empty()) {
        // In the keys' line; a notice of more lines takes the prose's place while it shows, and is
        // cut to the strip's room.
        const text_measure m = [&](const std::string& s) { return measure.text_width(hud_style::notice, s); };
        std::vector<std::string> lines = wrap_text(text.notice, width, m);
        if (lines.size() == 1) {
            for (const std::string& p : text.prose) add(p, hud_style::prose);
        }
        const std::size_t room = std::max<std::size_t>(1, text.notice_lines);
        if (lines.size() > room) {
            lines.resize(room);
            std::string& last = lines.back();
            while (!last.empty() && m(last + "...") > width) last.pop_back();
            while (!last.empty() && (static_cast<unsigned char>(last.back()) & 0xC0) == 0x80) last.pop_back();
            last += "...";
        }
        for (std::string& line : lines) out.push_back({std::move(line), hud_style::notice});
        return;
    }
    for (const std::string& p : text.prose) add(p, hud_style::prose);
    std::vector<hud_line> keys;
    build_key_lines(text.keys_expanded, "", keys);
    wrap_lines(keys, width, measure);
    out.insert(out.end(), keys.begin(), keys.end());
}

float strip_height(const hud& measure, std::size_t lesson_lines, std::size_t figure_lines, std::size_t prose_lines,
                   std::size_t key_lines) {
    std::vector<hud_style> styles(lesson_lines, hud_style::title);
    styles.insert(styles.end(), figure_lines, hud_style::figure);
    styles.insert(styles.end(), prose_lines, hud_style::prose);
    // The last line: a notice, or the key hint (which may wrap), whichever is taller.
    std::vector<hud_style> with_keys = styles;
    with_keys.insert(with_keys.end(), key_lines, hud_style::body);
    styles.push_back(hud_style::notice);
    return std::max(measure.block_height(styles), measure.block_height(with_keys));
}

void build_key_lines(bool expanded, const std::string& lesson, std::vector<hud_line>& out) {
    out.clear();
    if (!lesson.empty()) out.push_back({lesson, hud_style::title});
    if (!expanded) {
        out.push_back({key_hint(), hud_style::body});
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

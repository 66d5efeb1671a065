#include "app/hud_plan.hpp"

#include "app/ui/text_wrap.hpp"
#include "run/lesson_library.hpp"

#include <algorithm>

namespace ticklab::app {

std::vector<std::string> lesson_prose(const game::lesson& l, bool questions) {
    if (!questions || l.questions.empty()) return {"Claim: " + l.claim};
    std::vector<std::string> out;
    for (std::size_t i = 0; i < l.questions.size(); ++i) out.push_back(std::to_string(i + 1) + ". " + l.questions[i]);
    return out;
}

void hud_plan::for_each_lesson_of_scene(const std::function<void(const game::lesson&)>& visit) const {
    const std::string_view scene = session_.current_entry().name;
    const bool network = session_.network() != nullptr;
    const auto consider = [&](const game::lesson& l) {
        if (l.setup.scene == scene && l.setup.network.has_value() == network) visit(l);
    };
    for (const game::lesson& l : game::lesson_table()) consider(l);
    for (const game::found_lesson& f : game::lessons_found().found) consider(f.l);
    // A teacher's file given by path is in neither list.
    const game::lesson* active = game::find_lesson(control_.active_lesson());
    if (active != nullptr && !game::built_in_index(active)) {
        bool found = false;
        for (const game::found_lesson& f : game::lessons_found().found) found = found || f.l.name == active->name;
        if (!found) consider(*active);
    }
}

float hud_plan::strip_width(const where& at) const {
    // The strip's lines inside its backdrop's padding, with the margins on both sides.
    return std::max(0.0f, static_cast<float>(at.output.x) - at.panel_width - 4.0f * 8.0f * at.pixel_scale);
}

void hud_plan::reserve_strip(const where& at) {
    prose_lines_ = 0;
    std::size_t lesson_lines = 0;
    const float width = strip_width(at);
    const auto consider = [&](const game::lesson& l) {
        game::loop_settings before = l.name == control_.active_lesson() ? session_.settings() : l.setup.loop;
        game::loop_settings after = before;
        (void)game::apply_toggle(l, after);
        for (const game::loop_settings& side : {before, after}) {
            lesson_lines =
                std::max(lesson_lines, wrapped_lines({lesson_line(l.name, side)}, hud_style::title, width, text_));
        }
        for (const bool questions : {false, true}) {
            prose_lines_ =
                std::max(prose_lines_, wrapped_lines(lesson_prose(l, questions), hud_style::prose, width, text_));
        }
    };
    // With the panel shown, the panel names the lesson and shows its claim.
    if (!control_.view().panel_visible && !control_.active_lesson().empty()) for_each_lesson_of_scene(consider);
    // A network game's figures, with room for each to grow by four characters.
    std::size_t figure_lines = 0;
    if (const std::string figures = network_figures("0000"); !figures.empty()) {
        figure_lines = wrapped_lines({figures}, hud_style::figure, width, text_);
    }
    const std::size_t key_lines = wrapped_lines({key_hint()}, hud_style::body, width, text_);
    strip_reserve_ = strip_height(text_, lesson_lines, figure_lines, prose_lines_, key_lines);
}

std::string hud_plan::network_figures(const std::string& room) const {
    // A network game's two blocks stand below their worlds; the lesson's figures, which measure the
    // run itself, go in the strip where they cost no world.
    if (session_.network() == nullptr || control_.active_lesson().empty()) return {};
    std::string out;
    for (const hud_figure& f : hud_figures_for(control_.active_lesson(), session_.current_entry().name)) {
        out += (out.empty() ? "" : " | ") + figure_line(f, session_, fps_).text + room;
    }
    return out;
}

strip_text hud_plan::strip(const where& at) const {
    strip_text out;
    out.figures = network_figures("");
    out.keys_expanded = control_.view().keys_expanded;
    out.notice = control_.notice();
    // A notice of more lines takes the prose's room: as many of its lines as fit there.
    const float pad = 16.0f * at.pixel_scale;
    const float prose = text_.block_height(std::array{hud_style::prose}) - pad;
    const float notice = text_.block_height(std::array{hud_style::notice}) - pad;
    out.notice_lines = 1 + static_cast<std::size_t>(static_cast<float>(prose_lines_) * prose / std::max(1.0f, notice));
    if (control_.view().panel_visible) return out;
    out.lesson = lesson_line(control_.active_lesson(), session_);
    if (const game::lesson* l = game::find_lesson(control_.active_lesson()))
        out.prose = lesson_prose(*l, control_.view().questions_shown);
    return out;
}

void hud_plan::fit_strip(std::vector<hud_line>& lines) const {
    // So nothing the strip says can push the world; the F1 list is a help sheet over the world.
    if (control_.view().keys_expanded) return;
    const auto height = [&] {
        std::vector<hud_style> styles;
        for (const hud_line& line : lines) styles.push_back(line.style);
        return text_.block_height(styles);
    };
    while (height() > strip_reserve_ + 0.5f) {
        auto last = lines.end();
        for (auto it = lines.begin(); it != lines.end(); ++it) {
            if (it->style == hud_style::prose || it->style == hud_style::notice) last = it;
        }
        if (last == lines.end()) break;
        lines.erase(last);
    }
}

void hud_plan::shape(const form& f, std::vector<hud_line>& loop_lines, std::vector<hud_line>& scene_lines) const {
    if (!f.column) return;
    to_column_form(loop_lines, f.width, text_, !control_.active_lesson().empty());
    to_column_form(scene_lines, f.width, text_, false, hud_style::prose);
}

void hud_plan::shape(std::vector<hud_line>& loop_lines, std::vector<hud_line>& scene_lines) const {
    shape(form_, loop_lines, scene_lines);
}

std::array<SDL_FPoint, 2> hud_plan::choose_form(const where& at, layout_input in) {
    form_ = {};
    kept_.reset();
    in.keep.reset();
    std::array<SDL_FPoint, 2> chosen{in.top_left, in.top_right};
    if (session_.network() != nullptr) return chosen;
    const std::string_view scene = session_.current_entry().name;
    std::vector<std::vector<hud_line>> loops;
    std::vector<hud_line> readouts;
    const auto add = [&](std::string_view lesson) {
        std::vector<hud_line> loop;
        build_hud_lines(session_, fps_, hud_figures_for(lesson, scene), {}, loop, readouts);
        loops.push_back(std::move(loop));
    };
    if (control_.active_lesson().empty()) {
        add("");
    } else {
        for_each_lesson_of_scene([&](const game::lesson& l) { add(l.name); });
    }
    // The narrowest column holds a figure of ten characters ("12345.6 ms"); a longer value wraps.
    const float narrowest = std::max(1.0f, text_.text_width(hud_style::figure, "12345.6 ms"));
    const float widest = (static_cast<float>(at.output.x) - at.panel_width) * 0.36f;
    std::vector<form> forms{{false, 0.0f}};
    for (float width = narrowest; width <= widest; width *= 1.05f) forms.push_back({true, width});
    const float pad = 16.0f * at.pixel_scale;
    float most = -1.0f;
    form best;
    for (const form& f : forms) {
        SDL_FPoint left{};
        for (const auto& loop : loops) {
            std::vector<hud_line> lines = loop;
            std::vector<hud_line> none;
            shape(f, lines, none);
            const SDL_FPoint size = text_.block_size(lines);
            left = {std::max(left.x, size.x), std::max(left.y, size.y)};
        }
        std::vector<hud_line> right = readouts;
        std::vector<hud_line> none;
        shape(f, none, right);
        in.top_left = left;
        in.top_right = text_.block_size(right);
        if (f.column) {
            // Every line of a column is at most its width (to_column_form): the blocks are kept
            // that wide, so a line that grows within it never moves the world; and with room for
            // a figure's line more (a value that grows past the column wraps).
            in.top_left.x = std::max(in.top_left.x, f.width + pad);
            in.top_right.x = std::max(in.top_right.x, f.width + pad);
            in.top_left.y += text_.block_height(std::array{hud_style::figure}) - pad;
        }
        const screen_layout l = lay_out(in);
        if (l.hud_fit < 1.0f) continue;
        // A column must give the world clearly more than the form before it to be worth its narrowness.
        const float pixels = world_pixels(l, at.world_aspect);
        if (pixels > most * 1.005f) {
            most = pixels;
            chosen = {in.top_left, in.top_right};
            best = f;
            kept_ = l.kind;
        }
    }
    form_ = best;
    return chosen;
}

}  // namespace ticklab::app

#include "app/ui/hud_figures.hpp"

#include "app/ui/text_format.hpp"

#include "app/ui/hud_text.hpp"
#include "run/lesson_library.hpp"
#include "scenes/scene_registry.hpp"
#include "sim/lessons.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>

namespace ticklab::app {
namespace {

// The loop's figures, in game::hud_figure_names' order (HudFigures.EveryLoopFigureHasItsLine checks).
enum class loop_figure : std::uint8_t {
    ticks_per_frame,
    alpha,
    dropped_ms,
    debt_ms,
    fps,
    sim_speed,
    frame_ms,
    picture_age_ms,    // how old the drawn picture is (session::lag_of_picture)
    behind_tick_ms,    // how far it is behind the latest tick's state
    task_runs,         // the budget lesson's task: which of the last frames it ran in
    tick_rate,         // the loop's tick rate and tick length
    state_hash,        // the state the ticks left (session::state_hash), with the tick it is after
    ticks_per_second,  // ticks run over real time, across the speed window
    count
};

std::optional<loop_figure> loop_figure_named(std::string_view name) {
    const auto names = game::hud_figure_names();
    const auto at = std::find(names.begin(), names.end(), name);
    if (at == names.end() || at - names.begin() >= static_cast<std::ptrdiff_t>(loop_figure::count)) return std::nullopt;
    return static_cast<loop_figure>(at - names.begin());
}

using enum loop_figure;

// The speed figure averages the newest frames covering this much real time (or all the history
// keeps): a single frame swings, and the first frame after a change reads 4.1x of 4.0x.
constexpr double speed_window_ms = 500.0;

// The newest frames covering speed_window_ms of real time: their real time, the virtual time their
// ticks covered, and how many ticks they ran.
struct recent_frames {
    double real_ms = 0.0;
    double ticked_ms = 0.0;
    double ticks = 0.0;
};
recent_frames recent(const game::frame_history& history) {
    recent_frames sum;
    for (std::size_t i = history.size(); i-- > 0 && sum.real_ms < speed_window_ms;) {
        sum.real_ms += history.at(i).frame_ms;
        sum.ticked_ms += history.at(i).ticked_ms;
        sum.ticks += history.at(i).ticks;
    }
    return sum;
}

// Virtual time the ticks covered over real time, across the window; nullopt before any frame.
std::optional<double> recent_speed(const game::frame_history& history) {
    const recent_frames sum = recent(history);
    if (sum.real_ms <= 0.0) return std::nullopt;
    return sum.ticked_ms / sum.real_ms;
}

// Ticks run a real second, across the same window; nullopt before any frame.
std::optional<double> recent_tick_rate(const game::frame_history& history) {
    const recent_frames sum = recent(history);
    if (sum.real_ms <= 0.0) return std::nullopt;
    return 1000.0 * sum.ticks / sum.real_ms;
}

// A figure the running scene offers, in its words; another scene's shows that figure's absent text.
hud_line scene_figure_line(std::string_view name, const game::session& session) {
    const auto offered = session.current_entry().parts.figures;
    if (std::any_of(offered.begin(), offered.end(), [&](const game::scene_figure& f) { return f.name == name; })) {
        game::scene_text line = session.current_scene().figure(name);
        return {std::move(line.text), line.alert ? hud_style::figure_alert : hud_style::figure};
    }
    if (const game::scene_figure* other = game::find_scene_figure(name))
        return {std::string{other->absent}, hud_style::figure};
    return {"?", hud_style::figure};
}

}  // namespace

bool known_hud_figure(std::string_view name) {
    return loop_figure_named(name).has_value() || game::find_scene_figure(name) != nullptr;
}

std::vector<hud_figure> hud_figures_for(std::string_view lesson, std::string_view scene) {
    // A lesson's figures are its file's "hud" list: what its explanation asks the learner to watch.
    if (const game::lesson* l = game::find_lesson(lesson); l != nullptr && !l->hud_figures.empty()) {
        std::vector<hud_figure> figures;
        for (const std::string& name : l->hud_figures) {
            if (known_hud_figure(name)) figures.push_back(name);
        }
        return figures;
    }
    if (const game::scene_entry* entry = game::find_scene(scene); entry && !entry->parts.default_figures.empty())
        return {entry->parts.default_figures.begin(), entry->parts.default_figures.end()};
    return {"ticks_per_frame", "alpha", "dropped_ms", "debt_ms"};
}

hud_line figure_line(std::string_view name, const game::session& session, const fps_meter& meter) {
    const auto figure = loop_figure_named(name);
    if (!figure) return scene_figure_line(name, session);
    const auto& loop = session.loop();
    const auto& frame = loop.stats();
    switch (*figure) {
        case ticks_per_frame:
            return {format_text("ticks/frame %2u", frame.ticks), hud_style::figure};
        case alpha:
            if (session.settings().strategy.smoothing_mode == game::smoothing::none)
                return {format_text("alpha %.2f (off)", frame.alpha), hud_style::figure};
            if (session.settings().strategy.smoothing_mode == game::smoothing::render_tick)
                return {format_text("alpha %.2f (render tick)", frame.alpha), hud_style::figure};
            return {format_text("alpha %.2f", frame.alpha), hud_style::figure};
        case dropped_ms:
            return {format_text("dropped %.0f ms", ticklab::to_milliseconds(frame.total_dropped)),
                    frame.dropped.count() > 0 ? hud_style::figure_alert : hud_style::figure};
        case debt_ms:
            return {format_text("debt %.1f ms", ticklab::to_milliseconds(frame.debt)),
                    frame.debt.count() > 0 ? hud_style::figure_alert : hud_style::figure};
        case fps:
            return {meter.fps_text(), hud_style::figure};
        case sim_speed: {
            // Ticks run over real time: 3x when MAX_LOOPS caps a 4x scale at 60 fps.
            const double scale = loop.clock().time_scale();
            if (const auto speed = recent_speed(session.history())) {
                return {format_text("speed %.1fx of %.1fx", *speed, scale), hud_style::figure};
            }
            return {format_text("speed - of %.1fx", scale), hud_style::figure};
        }
        case frame_ms:
            return {meter.frame_ms_text(), hud_style::figure};
        case picture_age_ms:
            return {format_text("picture %.0f ms old", session.lag_of_picture().age_ms), hud_style::figure};
        case behind_tick_ms: {
            const double behind = session.lag_of_picture().behind_tick_ms;
            if (behind < 0.0) return {format_text("%.0f ms ahead of tick", -behind), hud_style::figure};
            return {format_text("%.0f ms behind tick", behind), hud_style::figure};
        }
        case task_runs: {
            // The last 12 frames as a beat ('#' ran, '-' skipped), and the count over the last 60.
            const game::budgeted_task& task = session.budget_task();
            if (!task.active()) return {"task off", hud_style::figure};
            const auto beat = task.recent(12);
            const auto count = task.recent(60);
            return {format_text("task %s in %zu/%zu frames", beat.pattern.c_str(), count.runs, count.frames),
                    count.runs < count.frames ? hud_style::figure_alert : hud_style::figure};
        }
        case tick_rate:
            return {format_text("tick rate %u Hz (%.1f ms)", loop.tick_rate(), 1000.0 / loop.tick_rate()),
                    hud_style::figure};
        case state_hash: {
            // All 16 hex digits, in two groups of 8 that a class can read aloud: the same ticks end
            // in the same state bit for bit, whatever the frames.
            const auto hash = static_cast<unsigned long long>(session.state_hash());
            return {format_text("hash %08llx %08llx (tick %llu)", hash >> 32U, hash & 0xffffffffULL,
                                static_cast<unsigned long long>(session.ticks())),
                    hud_style::figure};
        }
        case ticks_per_second:
            if (const auto rate = recent_tick_rate(session.history())) {
                return {format_text("%.0f of %u ticks/s", *rate, loop.tick_rate()), hud_style::figure};
            }
            return {format_text("- of %u ticks/s", loop.tick_rate()), hud_style::figure};
        case count:
            break;
    }
    return {"?", hud_style::figure};
}

}  // namespace ticklab::app

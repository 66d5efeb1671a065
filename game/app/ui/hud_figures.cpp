#include "app/ui/hud_figures.hpp"

#include "app/ui/text_format.hpp"

#include "app/ui/hud_text.hpp"
#include "run/lesson_library.hpp"
#include "scenes/balls_scene.hpp"
#include "scenes/lander_scene.hpp"

#include <array>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>

namespace ticklab::app {
namespace {

constexpr std::array<std::pair<hud_figure, std::string_view>, 17> names{{
    {hud_figure::ticks_per_frame, "ticks_per_frame"},
    {hud_figure::alpha, "alpha"},
    {hud_figure::dropped_ms, "dropped_ms"},
    {hud_figure::debt_ms, "debt_ms"},
    {hud_figure::fps, "fps"},
    {hud_figure::sim_speed, "sim_speed"},
    {hud_figure::frame_ms, "frame_ms"},
    {hud_figure::lander_fall, "lander_fall"},
    {hud_figure::lander_drift, "lander_drift"},
    {hud_figure::picture_age_ms, "picture_age_ms"},
    {hud_figure::behind_tick_ms, "behind_tick_ms"},
    {hud_figure::task_runs, "task_runs"},
    {hud_figure::tick_rate, "tick_rate"},
    {hud_figure::wall, "wall"},
    {hud_figure::calls_completed, "calls_completed"},
    {hud_figure::calls_target_gone, "calls_target_gone"},
    {hud_figure::calls_wrong_target, "calls_wrong_target"},
}};

using enum hud_figure;

}  // namespace

std::string_view hud_figure_name(hud_figure figure) {
    for (const auto& [f, name] : names) {
        if (f == figure) return name;
    }
    return "?";
}

std::optional<hud_figure> hud_figure_from_name(std::string_view name) {
    for (const auto& [f, n] : names) {
        if (n == name) return f;
    }
    return std::nullopt;
}

std::vector<hud_figure> hud_figures_for(std::string_view lesson, std::string_view scene) {
    // A lesson's figures are its file's "hud" list: what its explanation asks the learner to watch.
    if (const game::lesson* l = game::find_lesson(lesson); l != nullptr && !l->hud_figures.empty()) {
        std::vector<hud_figure> figures;
        for (const std::string& name : l->hud_figures) {
            if (const auto figure = hud_figure_from_name(name)) figures.push_back(*figure);
        }
        return figures;
    }
    if (scene == "lander") return {lander_fall, lander_drift};
    return {ticks_per_frame, alpha, dropped_ms, debt_ms};
}

hud_line figure_line(hud_figure figure, const game::session& session, const fps_meter& meter) {
    const auto& loop = session.loop();
    const auto& frame = loop.stats();
    switch (figure) {
        case ticks_per_frame:
            return {format_text("ticks/frame %2u", frame.ticks), hud_style::figure};
        case alpha:
            if (session.settings.strategy.smoothing_mode == game::smoothing::none)
                return {format_text("alpha %.2f (off)", frame.alpha), hud_style::figure};
            if (session.settings.strategy.smoothing_mode == game::smoothing::render_tick)
                return {format_text("alpha %.2f (render tick)", frame.alpha), hud_style::figure};
            return {format_text("alpha %.2f", frame.alpha), hud_style::figure};
        case dropped_ms:
            return {format_text("dropped %.0f ms", ticklab::to_milliseconds(frame.total_dropped)),
                    frame.dropped.count() > 0 ? hud_style::figure_alert : hud_style::figure};
        case debt_ms:
            return {format_text("debt %.1f ms", ticklab::to_milliseconds(frame.debt)),
                    frame.debt.count() > 0 ? hud_style::figure_alert : hud_style::figure};
        case fps:
            return {format_text("FPS %.0f", meter.fps()), hud_style::figure};
        case sim_speed: {
            // Ticks run over real time this frame: 3x when MAX_LOOPS caps a 4x scale at 60 fps.
            const double real = ticklab::to_seconds(frame.real);
            const double ran = static_cast<double>(frame.ticks) / static_cast<double>(loop.tick_rate());
            const double speed = real > 0.0 ? ran / real : 0.0;
            return {format_text("speed %.1fx of %.1fx", speed, loop.clock().time_scale()), hud_style::figure};
        }
        case frame_ms:
            return {format_text("frame %.1f ms", meter.frame_ms()), hud_style::figure};
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
            return {format_text("task %s %zu/%zu", beat.pattern.c_str(), count.runs, count.frames),
                    count.runs < count.frames ? hud_style::figure_alert : hud_style::figure};
        }
        case lander_fall:
        case lander_drift: {
            const auto* lander = dynamic_cast<const game::lander_scene*>(&session.current_scene());
            if (lander == nullptr) return {"speed -", hud_style::figure};
            using limits = game::lander_physics;
            const bool fall = figure == lander_fall;
            const double speed = std::abs(fall ? lander->body().vy : lander->body().vx);
            const double limit = fall ? limits::max_landing_vy : limits::max_landing_vx;
            return {format_text("%s %.1f / %.1f m/s", fall ? "fall" : "drift", speed, limit),
                    speed > limit ? hud_style::figure_alert : hud_style::figure};
        }
        case tick_rate:
            return {format_text("tick rate %u Hz (%.1f ms)", loop.tick_rate(), 1000.0 / loop.tick_rate()),
                    hud_style::figure};
        case wall: {
            const auto* balls = dynamic_cast<const game::balls_scene*>(&session.current_scene());
            if (balls == nullptr || !balls->wall_on()) return {"no wall", hud_style::figure};
            return {format_text("through %llu / bounced %llu", static_cast<unsigned long long>(balls->through_wall()),
                                static_cast<unsigned long long>(balls->off_wall())),
                    balls->through_wall() > 0 ? hud_style::figure_alert : hud_style::figure};
        }
        case calls_completed:
        case calls_target_gone:
        case calls_wrong_target: {
            const auto* lander = dynamic_cast<const game::lander_scene*>(&session.current_scene());
            if (lander == nullptr || !lander->options().beacons) return {"calls -", hud_style::figure};
            const game::lander_beacons& b = lander->beacons();
            if (figure == calls_completed) return {format_text("pings done %u", b.completed()), hud_style::figure};
            if (figure == calls_target_gone) {
                return {format_text("target gone %u (reused %u)", b.target_gone(), b.gone_slot_reused()),
                        hud_style::figure};
            }
            return {format_text("wrong target %u", b.wrong_target()),
                    b.wrong_target() > 0 ? hud_style::figure_alert : hud_style::figure};
        }
    }
    return {"?", hud_style::figure};
}

}  // namespace ticklab::app

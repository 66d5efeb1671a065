#include "app/ui/hud_figures.hpp"

#include "app/ui/text_format.hpp"

#include "app/ui/hud_text.hpp"
#include "run/lesson_library.hpp"
#include "scenes/balls_scene.hpp"
#include "scenes/lander_scene.hpp"

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
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

// The speed figure averages the newest frames covering this much real time (or all the history
// keeps): a single frame swings, and the first frame after a change reads 4.1x of 4.0x.
constexpr double speed_window_ms = 500.0;

// Virtual time the ticks covered over real time, across the window; nullopt before any frame.
std::optional<double> recent_speed(const game::frame_history& history) {
    double real_ms = 0.0;
    double ticked_ms = 0.0;
    for (std::size_t i = history.size(); i-- > 0 && real_ms < speed_window_ms;) {
        real_ms += history.at(i).frame_ms;
        ticked_ms += history.at(i).ticked_ms;
    }
    if (real_ms <= 0.0) return std::nullopt;
    return ticked_ms / real_ms;
}

// The lander's vertical (fall) or horizontal (drift) speed against its landing limit. Once down,
// the speeds at touchdown (the body rests at 0 m/s) after the verdict, "crashed: fall 5.3 / 2.5",
// without the unit: the line stays about as wide as in flight. Upwards is "rise", which no limit
// applies to.
hud_line lander_speed_line(const game::lander_scene& lander, bool vertical) {
    using limits = game::lander_physics;
    const bool down = lander.state() != game::lander_state::flying;
    const game::lander_body& body = down ? lander.touchdown() : lander.body();
    const std::string verdict = down ? std::string{to_string(lander.state())} + ": " : std::string{};
    const char* unit = down ? "" : " m/s";
    if (vertical && body.vy > 0.0) {
        return {format_text("%srise %.1f%s", verdict.c_str(), body.vy, unit), hud_style::figure};
    }
    const double speed = std::abs(vertical ? body.vy : body.vx);
    const double limit = vertical ? limits::max_landing_vy : limits::max_landing_vx;
    return {format_text("%s%s %.1f / %.1f%s", verdict.c_str(), vertical ? "fall" : "drift", speed, limit, unit),
            speed > limit ? hud_style::figure_alert : hud_style::figure};
}

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
            // Ticks run over real time: 3x when MAX_LOOPS caps a 4x scale at 60 fps.
            const double scale = loop.clock().time_scale();
            if (const auto speed = recent_speed(session.history())) {
                return {format_text("speed %.1fx of %.1fx", *speed, scale), hud_style::figure};
            }
            return {format_text("speed - of %.1fx", scale), hud_style::figure};
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
            return lander_speed_line(*lander, figure == lander_fall);
        }
        case tick_rate:
            return {format_text("tick rate %u Hz (%.1f ms)", loop.tick_rate(), 1000.0 / loop.tick_rate()),
                    hud_style::figure};
        case wall: {
            const auto* balls = dynamic_cast<const game::balls_scene*>(&session.current_scene());
            if (balls == nullptr || !balls->wall_on()) return {"no wall", hud_style::figure};
            // Since the lesson's figures last restarted (B from 10 to 120 Hz starts them at 0).
            const std::uint64_t through = balls->through_wall_shown();
            return {format_text("through %llu / bounced %llu", static_cast<unsigned long long>(through),
                                static_cast<unsigned long long>(balls->off_wall_shown())),
                    through > 0 ? hud_style::figure_alert : hud_style::figure};
        }
        case calls_completed:
        case calls_target_gone:
        case calls_wrong_target: {
            const auto* lander = dynamic_cast<const game::lander_scene*>(&session.current_scene());
            if (lander == nullptr || !lander->options().beacons) return {"calls -", hud_style::figure};
            const game::lander_scene::ping_counts b = lander->pings_shown();
            if (figure == calls_completed) return {format_text("pings done %u", b.completed), hud_style::figure};
            if (figure == calls_target_gone) {
                return {format_text("target gone %u (reused %u)", b.target_gone, b.gone_slot_reused),
                        hud_style::figure};
            }
            return {format_text("wrong target %u", b.wrong_target),
                    b.wrong_target > 0 ? hud_style::figure_alert : hud_style::figure};
        }
    }
    return {"?", hud_style::figure};
}

}  // namespace ticklab::app

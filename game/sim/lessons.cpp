#include "sim/lessons.hpp"

#include "sim/strategy_names.hpp"

#include <array>
#include <cstdio>
#include <type_traits>

namespace ticklab::game {

namespace {

constexpr std::array<std::string_view, 9> toggles{"smoothing",   "catch-up",      "max-loops",
                                                  "frame-load",  "extrapolation", "render-tick",
                                                  "task-budget", "tick-rate",     "time-sync"};
// The loop's figures; the scenes' own are in their scene_parts.
constexpr std::array<std::string_view, 13> figures{
    "ticks_per_frame", "alpha",          "dropped_ms", "debt_ms",   "fps",        "sim_speed",       "frame_ms",
    "picture_age_ms",  "behind_tick_ms", "task_runs",  "tick_rate", "state_hash", "ticks_per_second"};

// The value `toggle` has in `s`, in the words the lessons' texts use.
std::string toggle_value(std::string_view toggle, const loop_settings& s) {
    char text[64];
    if (toggle == "smoothing" || toggle == "extrapolation" || toggle == "render-tick") {
        return std::string{find_named(smoothing_choices, s.strategy.smoothing_mode).label};
    }
    if (toggle == "catch-up") return "catch-up " + std::string{choice_name(catch_up_choices, s.strategy.catch_up_mode)};
    if (toggle == "max-loops") {
        std::snprintf(text, sizeof text, "MAX_LOOPS %u", s.max_loops);
    } else if (toggle == "tick-rate") {
        std::snprintf(text, sizeof text, "%u Hz", s.tick_rate_hz);
    } else if (toggle == "frame-load") {
        if (s.frame_load_ms <= 0.0) return "no frame load";
        std::snprintf(text, sizeof text, "frame load %g ms", s.frame_load_ms);
    } else if (toggle == "task-budget") {
        if (s.task_budget_ms <= 0.0) return "no budget";
        std::snprintf(text, sizeof text, "budget %g ms", s.task_budget_ms);
    } else {
        return {};
    }
    return text;
}

}  // namespace

// A network toggle's value in `n`, in the lessons' words.
std::string network_toggle_value(std::string_view toggle, const network_settings& n) {
    if (toggle == "time-sync") return n.time_sync ? "time sync on" : "time sync off";
    return {};
}

std::string before_after_text(const lesson& l, const loop_settings& settings) {
    if (is_network_toggle(l.toggle)) {
        // Which one runs is the network game's to say (the overload that is handed its settings).
        network_settings off;
        network_settings on;
        apply_network_toggle(l.toggle, on);
        return "B: " + network_toggle_value(l.toggle, off) + " / " + network_toggle_value(l.toggle, on);
    }
    loop_settings other = settings;
    if (!apply_toggle(l, other)) return std::string{no_before_after_text};
    return "B: " + toggle_value(l.toggle, settings) + " (now) / " + toggle_value(l.toggle, other);
}

namespace {

const scene_control* scene_toggle(std::string_view toggle, std::span<const scene_control> controls) {
    const scene_control* c = find_control(controls, toggle);
    return c != nullptr && c->kind == control_kind::toggle ? c : nullptr;
}

}  // namespace

bool apply_scene_toggle(std::string_view toggle, std::span<const scene_control> controls, scene& running) {
    const scene_control* c = scene_toggle(toggle, controls);
    if (c == nullptr) return false;
    running.set_control(c->name, running.control_value(c->name) != 0.0 ? 0.0 : 1.0);
    return true;
}

std::string before_after_text(const lesson& l, const loop_settings& settings, std::span<const scene_control> controls,
                              const scene& running) {
    const scene_control* c = scene_toggle(l.toggle, controls);
    if (c == nullptr) return before_after_text(l, settings);
    const std::string label{c->label};
    const bool on = running.control_value(c->name) != 0.0;
    return "B: " + label + (on ? " on" : " off") + " (now) / " + label + (on ? " off" : " on");
}

std::string before_after_text(const lesson& l, const loop_settings& settings, std::span<const scene_control> controls,
                              const scene& running, const network_settings* network) {
    if (!is_network_toggle(l.toggle) || network == nullptr) return before_after_text(l, settings, controls, running);
    network_settings other = *network;
    apply_network_toggle(l.toggle, other);
    return "B: " + network_toggle_value(l.toggle, *network) + " (now) / " + network_toggle_value(l.toggle, other);
}

bool is_network_toggle(std::string_view toggle) {
    return toggle == "time-sync";
}

bool apply_network_toggle(std::string_view toggle, network_settings& settings) {
    if (toggle != "time-sync") return false;
    settings.time_sync = !settings.time_sync;
    return true;
}

std::span<const std::string_view> toggles_with_other_value() {
    static constexpr std::array<std::string_view, 4> numeric{"tick-rate", "max-loops", "frame-load", "task-budget"};
    return numeric;
}

bool apply_toggle(const lesson& l, loop_settings& settings) {
    if (!l.toggle_other) return apply_toggle(l.toggle, l.setup.loop, settings);
    // Between the lesson's value and the one it names: anything else (a slider moved) goes back to the lesson's.
    const loop_settings& own = l.setup.loop;
    const double other = *l.toggle_other;
    const auto flip = [](auto& value, auto lesson_value, double to) {
        value = value == lesson_value ? static_cast<std::remove_reference_t<decltype(value)>>(to) : lesson_value;
    };
    if (l.toggle == "tick-rate") {
        flip(settings.tick_rate_hz, own.tick_rate_hz, other);
    } else if (l.toggle == "max-loops") {
        flip(settings.max_loops, own.max_loops, other);
    } else if (l.toggle == "frame-load") {
        flip(settings.frame_load_ms, own.frame_load_ms, other);
    } else if (l.toggle == "task-budget") {
        flip(settings.task_budget_ms, own.task_budget_ms, other);
    } else {
        return apply_toggle(l.toggle, own, settings);
    }
    return true;
}

std::span<const std::string_view> lesson_toggles() {
    return toggles;
}

std::span<const std::string_view> hud_figure_names() {
    return figures;
}

bool apply_toggle(std::string_view toggle, const loop_settings& lesson_value, loop_settings& settings) {
    if (toggle == "smoothing") {
        const bool smooth = settings.strategy.smoothing_mode != smoothing::none;
        settings.strategy.smoothing_mode = smooth ? smoothing::none : smoothing::interpolate;
        return true;
    }
    if (toggle == "extrapolation") {
        const bool ahead = settings.strategy.smoothing_mode == smoothing::extrapolate;
        settings.strategy.smoothing_mode = ahead ? smoothing::interpolate : smoothing::extrapolate;
        return true;
    }
    if (toggle == "render-tick") {
        const bool partial = settings.strategy.smoothing_mode == smoothing::render_tick;
        settings.strategy.smoothing_mode = partial ? smoothing::interpolate : smoothing::render_tick;
        return true;
    }
    if (toggle == "catch-up") {
        const bool uncapped = settings.strategy.catch_up_mode == ticklab::catch_up::uncapped;
        settings.strategy.catch_up_mode = uncapped ? ticklab::catch_up::drop_backlog : ticklab::catch_up::uncapped;
        return true;
    }
    if (toggle == "max-loops") {
        const std::uint32_t other = lesson_value.max_loops == 8 ? 3 : 8;
        settings.max_loops = settings.max_loops == lesson_value.max_loops ? other : lesson_value.max_loops;
        return true;
    }
    if (toggle == "task-budget") {
        settings.task_budget_ms = settings.task_budget_ms > 0.0 ? 0.0 : lesson_value.task_budget_ms;
        return true;
    }
    if (toggle == "tick-rate") {
        const std::uint32_t other = lesson_value.tick_rate_hz == high_tick_rate_hz ? 10 : high_tick_rate_hz;
        settings.tick_rate_hz = settings.tick_rate_hz == lesson_value.tick_rate_hz ? other : lesson_value.tick_rate_hz;
        return true;
    }
    if (toggle == "frame-load") {
        settings.frame_load_ms = settings.frame_load_ms > 0.0 ? 0.0 : lesson_value.frame_load_ms;
        return true;
    }
    return false;
}

}  // namespace ticklab::game

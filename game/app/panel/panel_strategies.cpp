// The panel's Strategies section: the loop's strategy choices, live, and the comparison ghost.
#include "app/panel/panel_sections.hpp"
#include "sim/setting_table.hpp"
#include "sim/strategy_names.hpp"

#include <imgui.h>

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <string>

namespace ticklab::app::panel_sections {
namespace {

// A combo over one choice table, in command-line words; hovering shows what the choice does.
template <typename Enum, std::size_t N>
bool choice_combo(const char* id, const std::array<game::named_choice<Enum>, N>& table, Enum& value) {
    bool changed = false;
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::BeginCombo(id, game::find_named(table, value).name.data())) {
        for (const auto& choice : table) {
            if (ImGui::Selectable(choice.name.data(), choice.value == value)) {
                value = choice.value;
                changed = true;
            }
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", choice.hint.data());
        }
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", game::find_named(table, value).hint.data());
    return changed;
}

// One table row: the choice's name, then main's and the ghost's combo side by side.
template <typename Enum, std::size_t N>
void strategy_row(const char* name, const char* id, const std::array<game::named_choice<Enum>, N>& table, Enum& main,
                  Enum& ghost, bool& main_changed) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(name);
    ImGui::TableNextColumn();
    ImGui::PushID(id);
    main_changed = choice_combo("##main", table, main);
    ImGui::TableNextColumn();
    choice_combo("##ghost", table, ghost);
    ImGui::PopID();
}

void strategy_table(game::loop_settings& settings) {
    constexpr ImGuiTableFlags flags = ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("strategies", 3, flags)) return;
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, points(92.0f));
    ImGui::TableSetupColumn("main", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("ghost", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableHeadersRow();
    auto& main = settings.strategy;
    auto& ghost = settings.ghost_strategy;
    bool changed = false;
    strategy_row("Stepping", "stepping", game::stepping_choices, main.step_mode, ghost.step_mode, changed);
    strategy_row("Catch-up", "catch_up", game::catch_up_choices, main.catch_up_mode, ghost.catch_up_mode, changed);
    strategy_row("Smoothing", "smoothing", game::smoothing_choices, main.smoothing_mode, ghost.smoothing_mode, changed);
    strategy_row("Time scale by", "scaling", game::time_scaling_choices, main.scaling, ghost.scaling, changed);
    ImGui::EndTable();
}

// The session's own real-time clock, not SDL's: a --screenshot run's manual clock then shows the
// same refreshed hash on every run, so its pictures can be compared pixel for pixel.
std::uint64_t clock_ms(const game::session& session) {
    return static_cast<std::uint64_t>(session.time_source().now().count() / 1'000'000);
}

void loop_state(const game::session& session) {
    const ticklab::frame_stats& frame = session.loop().stats();
    if (frame.safety_stop) {
        ImGui::TextColored({1.0f, 0.35f, 0.35f, 1.0f}, "Safety limit hit: stopped after %u ticks this frame",
                           frame.ticks);
    }
    if (frame.debt.count() > 0) {
        ImGui::Text("Debt carried: %.1f ms", ticklab::to_milliseconds(frame.debt));
        explain(terms::debt);
    }
}

void ghost_state(const game::session& session, const game::ghost_run& ghost, const game::comparison_reading& r) {
    // Ticks counted from the ghost's start, where main's scene was reset: with the same tick rate
    // both counts are the same, and the hashes are compared at that one moment.
    ImGui::Text("main   %016" PRIx64 "  %" PRIu64 " ticks", r.main_hash, r.main_ticks_since);
    ImGui::Text("ghost  %016" PRIx64 "  %" PRIu64 " ticks", r.ghost_hash, r.ghost_ticks);
    ImGui::TextDisabled("counted from main's tick %" PRIu64, r.start_tick);
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip(
            "Turning the ghost on reset main's scene on a tick boundary and started the ghost\n"
            "from the same initial state there: both run from the same start, so the same\n"
            "strategy gives the same state, bit for bit.");
    }
    if (r.verdict == game::ghost_verdict::agree) {
        ImGui::TextColored({0.4f, 0.9f, 0.6f, 1.0f}, "same state, bit for bit");
    } else {
        ImGui::TextColored({1.0f, 0.75f, 0.3f, 1.0f}, "states differ");
        if (r.same_strategy) {
            // Same strategy now, so something else set them apart: an earlier strategy or a
            // change made to main's scene alone.
            ImGui::TextDisabled("apart since an earlier change; R resets both");
        }
    }
    const double drift = session.current_scene().divergence(ghost.current_scene());
    if (std::isfinite(drift)) {
        const std::string unit{session.current_entry().parts.divergence_unit};
        ImGui::Text("divergence %.3f %s", drift, unit.c_str());
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip(
                "How far the ghost has drifted from main: balls, the mean distance between\n"
                "each ball and its twin (world units); lander, the distance between the landers.");
        }
    }
}

}  // namespace

void strategies(controller& control, state_hashes& hashes) {
    const game::session& session = control.session();
    // Edited as a copy and sent as one action, as every widget's change is (app/input/controller.hpp).
    game::loop_settings settings = session.settings();
    ImGui::Checkbox("Compare with a ghost", &settings.compare);
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip(
            "Runs the same scene from the same start with the ghost column's strategy and\n"
            "draws it translucent over the main one. Turning it on resets the scene.");
    }
    strategy_table(settings);
    ImGui::Checkbox("Ring where the latest tick put each ball", &settings.latest_tick_marks);
    explain(terms::lag);
    if (settings.strategy.catch_up_mode == ticklab::catch_up::clamp_frame_time ||
        settings.ghost_strategy.catch_up_mode == ticklab::catch_up::clamp_frame_time) {
        label("Clamp");
        // The table's slider range; a typed value may be anything the setting allows.
        const game::setting_range range = game::setting_of(game::setting::frame_time_clamp_ms).slider;
        float clamp_ms = static_cast<float>(settings.frame_time_clamp_ms);
        if (ImGui::SliderFloat("##frame_clamp", &clamp_ms, static_cast<float>(range.low),
                               static_cast<float>(range.high), "%.0f ms", ImGuiSliderFlags_Logarithmic)) {
            settings.frame_time_clamp_ms = game::clamp_setting(game::setting::frame_time_clamp_ms, clamp_ms);
        }
    }
    if (!(settings == session.settings())) {
        action edit = action::of(action_kind::set_loop);
        edit.loop = settings;
        control.perform(edit);
    }
    loop_state(session);
    const game::comparison_reading& reading = hashes.readout.read(session, clock_ms(session));
    if (const game::ghost_run* ghost = session.ghost(); ghost != nullptr && reading.has_ghost) {
        ghost_state(session, *ghost, reading);
    } else {
        ImGui::TextDisabled("state hash %016" PRIx64 "  %" PRIu64 " ticks", reading.main_hash, reading.main_ticks);
    }
}

}  // namespace ticklab::app::panel_sections

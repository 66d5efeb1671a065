#include "app/panel/panel_sections.hpp"

#include <imgui.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>

namespace ticklab::app::panel_sections {

namespace {

bool same_settings(const game::network_settings& a, const game::network_settings& b) {
    return a.mode == b.mode && a.link.latency_ms == b.link.latency_ms && a.link.jitter_ms == b.link.jitter_ms &&
           a.link.loss_percent == b.link.loss_percent && a.input_delay == b.input_delay &&
           a.peer_drops == b.peer_drops && a.peer_hitch_ms == b.peer_hitch_ms && a.time_sync == b.time_sync &&
           a.max_prediction == b.max_prediction && a.peer_clock_ppm == b.peer_clock_ppm &&
           a.peer_frame_ms == b.peer_frame_ms && a.bots == b.bots;
}

// What one frame of editing did: a change to apply now (a button, a box, a slider let go), or a
// slider still held (its value is the user's until let go, not the running game's).
struct edit_result {
    bool commit = false;
    bool held = false;
};

void slider(const char* text, const char* id, double& value, double high, const char* format, edit_result& out) {
    label(text);
    float v = static_cast<float>(value);
    if (ImGui::SliderFloat(id, &v, 0.0f, static_cast<float>(high), format, ImGuiSliderFlags_AlwaysClamp)) value = v;
    // Applied when let go: every change starts the game again, so not on every step of a drag.
    out.commit = out.commit || ImGui::IsItemDeactivatedAfterEdit();
    out.held = out.held || ImGui::IsItemActive();
}

edit_result edit(game::network_settings& s) {
    edit_result out;
    label("Mode");
    int mode = s.mode == game::net_mode::rollback ? 1 : 0;
    bool switched = ImGui::RadioButton("lockstep", &mode, 0);
    ImGui::SameLine();
    switched = ImGui::RadioButton("rollback", &mode, 1) || switched;
    if (switched) {
        // The new mode's own delay (rollback 0, lockstep 2) unless the user chose one.
        s = game::with_mode(s, mode == 1 ? game::net_mode::rollback : game::net_mode::lockstep);
        out.commit = true;
    }
    slider("Latency", "##latency", s.link.latency_ms, game::network_settings::max_latency_ms, "%.0f ms one way", out);
    slider("Jitter", "##jitter", s.link.jitter_ms, game::network_settings::max_jitter_ms, "+0..%.0f ms", out);
    slider("Loss", "##loss", s.link.loss_percent, game::network_settings::max_loss_percent, "%.0f %%", out);
    label("Input delay");
    const int lowest = s.mode == game::net_mode::lockstep ? 1 : 0;  // lockstep cannot run without one
    int delay = std::max(static_cast<int>(s.input_delay), lowest);
    ImGui::SliderInt("##delay", &delay, lowest, static_cast<int>(game::network_settings::max_input_delay), "%d ticks",
                     ImGuiSliderFlags_AlwaysClamp);
    s.input_delay = static_cast<std::uint32_t>(delay);
    out.commit = out.commit || ImGui::IsItemDeactivatedAfterEdit();
    out.held = out.held || ImGui::IsItemActive();
    slider("Peer 2 hitch", "##hitch", s.peer_hitch_ms, game::network_settings::max_hitch_ms, "%.0f ms every 5 s", out);
    out.commit = ImGui::Checkbox("Peer 2 drops time (breaks the rule)", &s.peer_drops) || out.commit;
    // The same setting as --time-sync and B in the time-sync lesson.
    out.commit = ImGui::Checkbox("Time sync (the peer ahead slows down)", &s.time_sync) || out.commit;
    return out;
}

void readouts(const game::network_game& game) {
    if (!ImGui::BeginTable("peers", 3, ImGuiTableFlags_SizingStretchSame)) return;
    ImGui::TableSetupColumn("");
    ImGui::TableSetupColumn("peer 1 (you)");
    ImGui::TableSetupColumn("peer 2");
    ImGui::TableHeadersRow();
    const auto row = [&](const char* name, auto value) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(name);
        for (std::size_t p = 0; p < 2; ++p) {
            ImGui::TableNextColumn();
            char text[48];
            value(game.peer_at(p), text, sizeof text);
            ImGui::TextUnformatted(text);
        }
    };
    using game::peer;
    row("tick", [](const peer& p, char* t, std::size_t n) { std::snprintf(t, n, "%" PRIu64, p.tick()); });
    row("confirmed",
        [](const peer& p, char* t, std::size_t n) { std::snprintf(t, n, "to tick %" PRIu64, p.stats().confirmed); });
    row("waiting", [](const peer& p, char* t, std::size_t n) {
        std::snprintf(t, n, "%s, %" PRIu64 " frames", p.stats().waiting ? "yes" : "no", p.stats().stall_frames);
    });
    row("rolled back", [](const peer& p, char* t, std::size_t n) {
        std::snprintf(t, n, "%u ticks now, %" PRIu64 " in all", p.stats().rollback_this_frame,
                      p.stats().rollback_ticks);
    });
    row("input lag", [](const peer& p, char* t, std::size_t n) {
        const auto& s = p.stats();
        const double mean = s.input_lags == 0 ? 0.0 : ticklab::to_milliseconds(s.input_lag_total) / s.input_lags;
        std::snprintf(t, n, "%.0f ms", mean);
    });
    row("skipped", [](const peer& p, char* t, std::size_t n) {
        std::snprintf(t, n, "%" PRIu64 " ticks", p.stats().skipped_ticks);
    });
    row("desync", [](const peer& p, char* t, std::size_t n) {
        if (p.stats().desync_tick) {
            std::snprintf(t, n, "at tick %" PRIu64, *p.stats().desync_tick);
        } else {
            std::snprintf(t, n, "none in %" PRIu64 " hashes", p.stats().hashes_compared);
        }
    });
    ImGui::EndTable();
    const auto& sent = game.network().stats(0);
    const auto& back = game.network().stats(1);
    ImGui::TextDisabled("messages lost: %" PRIu64 " of %" PRIu64 ", %" PRIu64 " of %" PRIu64, sent.lost, sent.sent,
                        back.lost, back.sent);
}

}  // namespace

void network(controller& control, network_panel_state& state) {
    const game::session& session = control.session();
    const auto start = [&control](const game::network_settings& settings) {
        action a = action::of(action_kind::start_network);
        a.network = settings;
        control.perform(a);  // a refused setting becomes the HUD's notice
    };
    const game::network_game* running = session.network();
    // A running game's settings are what the section shows, whoever started it (this section, a
    // lesson, the command line), but for a slider the user still holds.
    if (running && !state.editing) state.settings = running->config().network;
    bool on = running != nullptr;
    if (ImGui::Checkbox("Two peers over a simulated network", &on)) {
        if (on) {
            start(state.settings);
        } else {
            control.perform(action::of(action_kind::stop_network));
        }
        running = session.network();
    }
    ImGui::TextDisabled(running ? "A change starts the game again at once." : "Settings for the next start.");
    ImGui::BeginDisabled(session.replay_state().recording || session.replay_state().player.has_value());
    const edit_result edited = edit(state.settings);
    ImGui::EndDisabled();
    state.editing = edited.held;
    if (running && edited.commit && !same_settings(state.settings, running->config().network)) {
        start(state.settings);
        running = session.network();
    }
    if (running) readouts(*running);
}

}  // namespace ticklab::app::panel_sections

#pragma once
// The control panel: an ImGui window docked to the right edge of the window, in sections for the
// lessons, the clock, the network game, the timeline, strategies, the loop, statistics, the scheduler, the scene,
// record and replay, and the keys.
//
// Usage, between imgui_layer::begin_frame() and render():
//   control_panel panel;
//   panel.draw(control, {.renderer_name = win.renderer_name(), .vsync_refused = refused});
//   float scene_width = output_width - control_panel::width_pixels(pixel_scale, text_scale);
//
// What a widget changes goes through `control` (app/input/controller.hpp) as an action, as a key's does.

#include "app/input/controller.hpp"
#include "app/panel/panel_state.hpp"
#include "session/session.hpp"

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ticklab::app {

// The panel's sections, and a set of them (which are open).
enum class section : std::uint8_t {
    lessons,
    clock,
    network,
    timeline,
    strategies,
    loop,
    statistics,
    scheduler,
    scene,
    replay,
    help
};
class section_set {
public:
    section_set(std::initializer_list<section> open) {
        for (section s : open) bits_ |= 1u << static_cast<unsigned>(s);
    }
    [[nodiscard]] bool contains(section s) const noexcept { return (bits_ >> static_cast<unsigned>(s)) & 1u; }
    void insert(section s) noexcept { bits_ |= 1u << static_cast<unsigned>(s); }
    bool operator==(const section_set&) const = default;

private:
    std::uint32_t bits_ = 0;
};

// The sections open for `lesson` ("" or unknown: the lessons, the clock and the timeline). The network
// game's section is also open whenever one runs.
[[nodiscard]] section_set sections_for(std::string_view lesson);

// A section's name in the presentation file ("lessons", "clock", ..., "help"), and back.
[[nodiscard]] std::string_view section_name(section s);
[[nodiscard]] std::optional<section> section_from_name(std::string_view name);

class control_panel {
public:
    static constexpr float width_points = 370.0f;

    // The panel grows with the text scale, so its rows fit at any text size.
    [[nodiscard]] static float width_pixels(float pixel_scale, float text_scale) {
        return width_points * pixel_scale * text_scale;
    }
    void draw(controller& control, const panel_context& context);

    // The user's own layout, kept between runs (presentation_settings): the sections open while no
    // lesson runs (unknown names are skipped; none known: the defaults) and the timeline's span.
    void restore_layout(const std::vector<std::string>& open, int timeline_span);
    // What to keep: the sections open in the last drawn frame, by name, and the timeline's span.
    [[nodiscard]] std::vector<std::string> open_section_names() const;
    [[nodiscard]] int timeline_span() const noexcept { return timeline_.span_index; }
    void set_palette(game::palette_choice palette) noexcept { timeline_.palette = palette; }

private:
    timeline_panel_state timeline_;
    state_hashes hashes_;
    loop_panel_state loop_;
    scheduler_panel_state scheduler_;
    scene_panel_state scene_;
    replay_panel_state replay_;
    network_panel_state network_;
    std::string open_for_;  // the lesson the sections were last opened for
    bool laid_out_ = false;
    std::optional<section_set> own_layout_;  // restore_layout's, for runs without a lesson
    section_set open_now_{};                 // the sections open in the last drawn frame
};

}  // namespace ticklab::app

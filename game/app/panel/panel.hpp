#pragma once
// The control panel: an ImGui window docked to the right edge of the window, in sections for the
// lessons, the clock, the timeline, strategies, the loop, statistics, the scheduler, the scene,
// record and replay, and the keys.
//
// Usage, between imgui_layer::begin_frame() and render():
//   control_panel panel{options.lesson};
//   panel.draw(session, {.renderer_name = win.renderer_name(), .vsync_refused = refused});
//   float scene_width = output_width - control_panel::width_pixels(pixel_scale);

#include "app/input/keyboard.hpp"
#include "app/panel/panel_state.hpp"
#include "session/session.hpp"

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

namespace ticklab::app {

// The panel's sections, and a set of them (which are open).
enum class section : std::uint8_t {
    lessons,
    clock,
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

private:
    std::uint32_t bits_ = 0;
};

// The sections open for `lesson` ("" or unknown: the lessons, the clock and the timeline).
[[nodiscard]] section_set sections_for(std::string_view lesson);

class control_panel {
public:
    static constexpr float width_points = 370.0f;

    // `lesson`: the lesson the run started with ("" for none), shown until another is applied.
    explicit control_panel(std::string lesson = {});

    // The panel grows with the text scale, so its rows fit at any text size.
    [[nodiscard]] static float width_pixels(float pixel_scale, float text_scale) {
        return width_points * pixel_scale * text_scale;
    }
    // The lesson applied last ("" for none): the HUD shows its figures.
    [[nodiscard]] const std::string& active_lesson() const noexcept { return lessons_.active; }

    panel_requests draw(game::session& session, const panel_context& context);
    // The lesson keys (PageDown, PageUp, B), which work with the panel hidden too.
    void lesson_keys(game::session& session, const keyboard_requests& requests);

private:
    lessons_state lessons_;
    timeline_panel_state timeline_;
    state_hashes hashes_;
    loop_panel_state loop_;
    scheduler_panel_state scheduler_;
    scene_panel_state scene_;
    replay_panel_state replay_;
    std::string open_for_;  // the lesson the sections were last opened for
    bool laid_out_ = false;
};

}  // namespace ticklab::app

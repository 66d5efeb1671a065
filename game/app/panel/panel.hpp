#pragma once
// The control panel: an ImGui window docked to the right edge of the window, in sections for the
// lessons, the clock, the timeline, strategies, the loop, statistics, the scheduler, the scene,
// record and replay, and the keys.
//
// Usage, between imgui_layer::begin_frame() and render():
//   control_panel panel{options.lesson};
//   panel.draw(session, {.renderer_name = win.renderer_name(), .vsync_refused = refused});
//   float scene_width = output_width - control_panel::width_pixels(pixel_scale);

#include "app/panel/panel_state.hpp"
#include "session/session.hpp"

#include <string>

namespace ticklab::app {

class control_panel {
public:
    static constexpr float width_points = 370.0f;

    // `lesson`: the lesson the run started with ("" for none), shown until another is applied.
    explicit control_panel(std::string lesson = {});

    [[nodiscard]] static float width_pixels(float pixel_scale) { return width_points * pixel_scale; }

    panel_requests draw(game::session& session, const panel_context& context);

private:
    lessons_state lessons_;
    timeline_panel_state timeline_;
    state_hashes hashes_;
    loop_panel_state loop_;
    scheduler_panel_state scheduler_;
    scene_panel_state scene_;
    replay_panel_state replay_;
};

}  // namespace ticklab::app

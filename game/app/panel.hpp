#pragma once
// The control panel: an ImGui window docked to the right edge of the window, in sections for the
// clock, the loop, statistics, the scheduler, the scene, and the keys.
//
// Usage, between imgui_layer::begin_frame() and render():
//   panel.draw(session, {.renderer_name = win.renderer_name(), .vsync_refused = refused});
//   float scene_width = output_width - panel.width_pixels(pixel_scale);

#include "app/throttled_value.hpp"
#include "sim/session.hpp"

#include <ticklab/scheduler.hpp>

#include <cstdint>
#include <string>

namespace ticklab::app {

struct panel_context {
    std::string renderer_name;
    bool vsync_refused = false;           // the renderer said no to the last vsync change
    std::string last_screenshot;          // where F12 last saved, for the help section
    ticklab::scheduler* tasks = nullptr;  // for the tasks table; null while the session exposes none
};

// The state hashes the strategies section shows: main and ghost, read 10 times a second.
struct state_hashes {
    static constexpr std::uint64_t interval_ms = 100;
    throttled_value main{interval_ms};
    throttled_value ghost{interval_ms};
};

struct panel_requests {
    bool screenshot = false;
};

class control_panel {
public:
    static constexpr float width_points = 370.0f;

    [[nodiscard]] static float width_pixels(float pixel_scale) { return width_points * pixel_scale; }

    panel_requests draw(game::session& session, const panel_context& context);

private:
    double custom_fps_cap_ = 90.0;  // remembered while another cap is chosen
    state_hashes hashes_;
};

}  // namespace ticklab::app

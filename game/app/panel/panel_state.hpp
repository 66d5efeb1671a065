#pragma once
// What the control panel keeps between frames, section by section. All of it lives in the one
// control_panel object (no function statics), so two panels, or a panel made again, start fresh.

#include "app/platform/presentation_file.hpp"
#include "session/comparison_readout.hpp"
#include "sim/network_settings.hpp"

#include <ticklab/scheduler.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ticklab::app {

// What the window tells the panel each frame.
struct panel_context {
    std::string renderer_name;
    bool vsync_refused = false;   // the renderer said no to the last vsync change
    std::string last_screenshot;  // where F12 last saved, for the help section
    float text_scale = 1.0f;      // the HUD's and the panel's text size
    bool fullscreen = false;
};

// The state hashes the strategies section shows: main's and the ghost's, read together (never on
// two timers: see comparison_readout.hpp) 10 times a second.
struct state_hashes {
    static constexpr std::uint64_t interval_ms = 100;
    game::comparison_readout readout{interval_ms};
};

struct replay_panel_state {
    std::array<char, 512> path{};  // filled with pictures_dir()/ticklab.replay when first shown
    std::string message;           // the last save or load, or its error
};

struct timeline_panel_state {
    int span_index = 3;                                             // into the section's list of spans (0.5 s)
    game::palette_choice palette = game::palette_choice::standard;  // --palette, kept by the window
    int network_peer = 0;  // whose frames the network strip shows: 0 (you) or 1
};

struct loop_panel_state {
    double custom_fps_cap = 90.0;  // remembered while another cap is chosen
};

struct scheduler_panel_state {
    std::vector<ticklab::task_info> snapshot;  // reused frame after frame
};

// The network game's section: the settings shown, applied as they are changed.
struct network_panel_state {
    game::network_settings settings;  // the running game's, or those the next start takes
    bool editing = false;             // a slider is held: its value is the user's until let go
};

// The running scene's section (scene_section.cpp).
struct scene_panel_state {
    // The on_reset values typed in (the ball count), by control name, applied by the scene's button;
    // back to the scene's own at every scene start.
    std::map<std::string, double> pending;
    std::optional<std::uint64_t> synced_start;  // session::scene_starts() when `pending` was taken
};

}  // namespace ticklab::app

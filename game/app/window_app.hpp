#pragma once
// One SDL window running one session: the scene on the left, the HUD over it, the control panel on
// the right. Built in dependency order and torn down in reverse.
//
// Usage (run_window.cpp does this, under a runner that decides when to stop):
//   capture_output out;                                  // or live_output
//   window_app app{options, clock.source(), out};        // throws startup_error
//   while (...) app.frame();
//   app.capture(path);                                   // a capture's last frame, as a PNG

#include "app/frame_output.hpp"
#include "app/hud_plan.hpp"
#include "app/input/controller.hpp"
#include "app/input/pointer.hpp"
#include "app/panel/panel.hpp"
#include "app/partial_redraw.hpp"
#include "app/platform/presentation_file.hpp"
#include "app/platform/sdl_runtime.hpp"
#include "app/platform/window.hpp"
#include "app/render/scene_renderer.hpp"
#include "app/screen_layout.hpp"
#include "app/ui/font_files.hpp"
#include "app/ui/hud.hpp"
#include "app/ui/hud_text.hpp"
#include "app/ui/imgui_layer.hpp"
#include "run/launch_options.hpp"
#include "session/session.hpp"

#include <ticklab/fixed_loop.hpp>
#include <ticklab/time_source.hpp>

#include <SDL.h>

#include <array>
#include <string>
#include <vector>

namespace ticklab::app {

class window_app {
public:
    // `source` and `output` must outlive the app.
    window_app(const game::launch_options& options, const ticklab::time_source& source, frame_output& output);
    // Saves the window's last size when it changed since the presentation file was last written.
    ~window_app();
    window_app(const window_app&) = delete;
    window_app& operator=(const window_app&) = delete;

    [[nodiscard]] game::session& session() noexcept { return session_; }
    // Where every key, click and panel widget ends up; tests send actions here too.
    [[nodiscard]] app::controller& controller() noexcept { return control_; }
    [[nodiscard]] bool quit_requested() const noexcept { return control_.view().quit; }
    [[nodiscard]] SDL_Window* sdl_window() const noexcept { return window_.sdl_window(); }

    // A live window's start state, drawn and shown once before its clock starts (after the runner has
    // started the session: a network game draws its two peers).
    void show_first_picture();
    // One frame of the game loop this demo teaches (README.md, "The loop, in one frame").
    const ticklab::frame_stats& frame();

    // The frame just drawn, before anything presents it, as a PNG: "" or one error line.
    [[nodiscard]] std::string capture(const std::string& path) const;
    // Which parts of frames were drawn (a live software window redraws only what changed).
    [[nodiscard]] const partial_redraw& redraw() const noexcept { return redraw_; }
    // Where the last frame put the panel, the HUD's blocks and the world (screen_layout.hpp); the
    // world as drawn, letterboxed inside its area; the HUD's and the panel's text scales.
    [[nodiscard]] const screen_layout& last_layout() const noexcept { return last_layout_; }
    [[nodiscard]] SDL_FRect world_drawn() const noexcept;
    [[nodiscard]] float hud_text_scale() const noexcept { return hud_scale_; }
    // Every HUD line the last frame drew, with its rectangle and font size (a legibility test reads them).
    [[nodiscard]] const std::vector<text_item>& drawn_text() const noexcept { return hud_.drawn(); }
    // The pixels one world covers (both, in a network game), as the last frame laid them out.
    [[nodiscard]] float world_pixels_laid_out() const;
    [[nodiscard]] float panel_text_scale() const noexcept { return context_.text_scale; }

private:
    // Where the scene goes this frame: the window left of the panel (all of it without the panel).
    struct layout {
        float pixel_scale;
        SDL_Point output;
        float scene_width;
        screen_layout place;  // the panel, the HUD's band and strip, and the world between them
    };

    // At start, the balls' box as wide as the scene area's aspect (90 units tall), unless a lesson,
    // a replay, a network game or --box-width fixed it; recorded and reported like any option.
    void fit_balls_box(const game::launch_options& options);

    // Sub-steps of frame().
    void read_events();                                   // keys, mouse, window events
    void window_work(const ticklab::frame_stats& frame);  // FPS meter, vsync and FPS cap
    bool draw();              // scene, HUD, panel, present: what changed; false when nothing was new to present
    bool draw_and_present();  // draw() without its timing for the report
    // This frame's HUD lines (as partial_redraw lets them change), measured and laid out; the HUD's
    // text shrinks until every block fits (screen_layout.hpp).
    [[nodiscard]] layout frame_layout();
    void build_hud();
    void measure_world();  // the world's aspect, and this frame's draw list
    [[nodiscard]] hud_plan::where where_now() const;
    [[nodiscard]] layout_input measure_hud(const layout& base);
    void fit_panel_text(SDL_Point output);
    // Each draws (and returns true) only when what it shows changed (partial_redraw).
    bool draw_scene_and_hud(const layout& area);
    bool draw_panel(const layout& area, bool scene_drawn);
    // The panel's column in full, or only `parts` of it (when SDL's software renderer can keep to them).
    void rasterise_panel(const layout& area, const scene_parts& parts);
    // A network game: the two peers one above the other, each with its HUD, drawn in full.
    void draw_peers(const layout& area);
    void draw_network_hud(const layout& area);
    void keep_panel_layout();  // the open sections and the timeline's span, saved when they change
    void present();

    // What actions changed in view_state, applied to the window: the text size and fullscreen,
    // saved for the next run. Called after the events and after the panel (never mid-frame in ImGui).
    void apply_view();
    void apply_text_scale(float scale);
    void apply_fullscreen(bool on);
    void save_presentation_settings();
    void keep_window_size();  // the window's size as it is now, unless fullscreen, maximised or minimised
    void save_user_screenshot();

    frame_output& output_;
    sdl_runtime sdl_;
    std::filesystem::path presentation_path_;  // empty for runs that keep nothing (screenshots)
    presentation_settings kept_;               // what the presentation file holds: the window opens at its size
    font_files fonts_;
    window window_;
    scene_renderer scene_view_;
    hud hud_;
    imgui_layer imgui_;
    game::session session_;
    app::controller control_;
    control_panel panel_;
    panel_context context_;
    pointer_tracker pointer_;
    fps_meter fps_;
    const ticklab::time_source& source_;
    partial_redraw redraw_;
    game::draw_list list_;
    hud_blocks fresh_hud_lines_;                       // this frame's, by corner (top left, top right, bottom left)
    hud_blocks hud_lines_;                             // on show (readouts throttled)
    std::vector<std::uint64_t> panel_bands_;           // this frame's panel, hashed per band (partial_redraw)
    std::array<std::vector<hud_line>, 2> peer_lines_;  // a network game's, one block per peer
    screen_layout last_layout_;
    // The HUD's text scale: the user's, or less while the user's would not fit (screen_layout).
    // The fit starts again from the user's when what is laid out changes (layout_key_).
    float hud_scale_ = 1.0f;
    std::string layout_key_;
    // The blocks' sizes since layout_key_ changed (top left, top right, a peer's): never smaller.
    std::array<SDL_FPoint, 3> kept_blocks_{};
    float world_aspect_ = 16.0f / 9.0f;  // the world's width over its height
    hud_plan plan_;                      // the strip's height and the blocks' form for this layout
    std::vector<hud_figure> figures_;
    presentation_settings presentation_;  // as the window shows them now
    bool layout_seen_ = false;            // keep_panel_layout has seen the first drawn frame
    bool panel_input_ = false;            // an input event reached ImGui since the panel was last built
};

}  // namespace ticklab::app

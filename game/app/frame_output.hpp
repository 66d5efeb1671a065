#pragma once
// Where a window's frames go: onto the screen (a live window), or nowhere but the back buffer,
// which a screenshot run then saves (capture). Everything that differs between the two lives here,
// so window_app has no branch on the kind of run.
//
// Usage (window_app does this):
//   live_output out;   // or capture_output
//   sdl_runtime sdl{out.offscreen_if_no_display()};
//   window win{out.window_settings(settings)};
//   ...each frame: out.apply_settings(win, session.settings(), context); if (out.skip_drawing(win)) return;
//   ...draw...; out.present(win); out.pace(presented);

#include "app/panel/panel_state.hpp"
#include "app/platform/animation_frame_pacer.hpp"
#include "app/platform/window.hpp"
#include "sim/loop_settings.hpp"

#include <ticklab/frame_pacer.hpp>

namespace ticklab::app {

class frame_output {
public:
    virtual ~frame_output() = default;

    // Whether SDL may fall back to its offscreen driver when there is no display.
    [[nodiscard]] virtual bool offscreen_if_no_display() const = 0;
    [[nodiscard]] virtual window_config window_settings(const game::loop_settings& settings) const = 0;
    // Whether ImGui reads and writes imgui.ini (never in a capture: every run draws the same panel).
    [[nodiscard]] virtual bool persist_layout() const = 0;

    // VSync and the FPS cap as the session's settings ask, where they mean anything.
    virtual void apply_settings(window& win, const game::loop_settings& settings, panel_context& context) = 0;
    // True when this frame draws nothing (a minimised window); the call then waits a little for an
    // event instead, so the frame neither spins nor stops the ticks.
    [[nodiscard]] virtual bool skip_drawing(const window& win) = 0;
    virtual void present(window& win) = 0;
    // Whether the window keeps a frame's pixels for the next one, so that a frame may draw only
    // what changed (partial_redraw): a shown window on SDL's software renderer.
    [[nodiscard]] virtual bool keeps_pixels(const window& win) const = 0;
    // Waits until the next frame is due (the FPS cap).
    // `presented`: this frame put something new on screen. A frame that did not was not held
    // by vsync either.
    virtual void pace(bool presented) = 0;
    // The frame's length pace() holds it to (the FPS cap's interval), for the spare time at its end
    // (session::use_spare_time); 0 without a cap.
    [[nodiscard]] virtual ticklab::nanoseconds frame_budget() const = 0;
};

// A window on the screen, at the speed of the hardware clock, vsync and the FPS cap.
class live_output final : public frame_output {
public:
    explicit live_output(bool vsync) : applied_vsync_{vsync} {}

    [[nodiscard]] bool offscreen_if_no_display() const override { return false; }
    [[nodiscard]] window_config window_settings(const game::loop_settings& settings) const override;
    [[nodiscard]] bool persist_layout() const override { return true; }
    void apply_settings(window& win, const game::loop_settings& settings, panel_context& context) override;
    [[nodiscard]] bool skip_drawing(const window& win) override;
    void present(window& win) override;
    [[nodiscard]] bool keeps_pixels(const window& win) const override;
    void pace(bool presented) override;
    [[nodiscard]] ticklab::nanoseconds frame_budget() const override;
    // Where the browser owns the frame (app/platform/frame_driver.hpp), pace() cannot wait: the FPS
    // cap runs a frame only on the animation frames when one is due, and this says whether this
    // one is. Always true on the desktop, where pace() waits instead.
    [[nodiscard]] bool frame_due();

private:
    ticklab::frame_pacer pacer_;
    animation_frame_pacer animation_pacer_;
    bool applied_vsync_;
};

// A hidden window on the software renderer (identical pixels everywhere), never presented: the
// back buffer of the last frame is the screenshot. Its clock is manual, so it never waits.
class capture_output final : public frame_output {
public:
    [[nodiscard]] bool offscreen_if_no_display() const override { return true; }
    [[nodiscard]] window_config window_settings(const game::loop_settings& settings) const override;
    [[nodiscard]] bool persist_layout() const override { return false; }
    void apply_settings(window&, const game::loop_settings&, panel_context&) override {}
    [[nodiscard]] bool skip_drawing(const window&) override { return false; }
    // Nowhere on the desktop. In a web page the window is the page's canvas, which shows each frame
    // (SDL's software renderer keeps the frame in its surface, so the capture still reads it).
    void present(window& win) override;
    // Every frame drawn in full: a screenshot run's frames are the same on every machine.
    [[nodiscard]] bool keeps_pixels(const window&) const override { return false; }
    void pace(bool) override {}
    // A screenshot models its frames on a manual clock: no real spare time to use.
    [[nodiscard]] ticklab::nanoseconds frame_budget() const override { return ticklab::nanoseconds{0}; }
};

}  // namespace ticklab::app

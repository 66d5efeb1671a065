#pragma once
// What the HUD is while one layout holds (one text size, window size, panel, scene, lesson or none):
// the strip's height, kept for the tallest of the scene's lessons (claim or questions, B either
// way), and the form of the loop's and the scene's blocks: a figure a line, or a column of the width
// that leaves the world the most pixels for every lesson of the scene. With both fixed, another
// lesson of the scene, B, Q or a notice never move the world.
//
// Usage (window_app does this):
//   hud_plan plan{text, session, control, fps};
//   on a new layout: plan.reserve_strip(where); ...measure...; plan.choose_form(where, input);
//   each frame:     plan.shape(loop_lines, scene_lines); build_strip_lines(plan.strip(where), ...);
//                   plan.fit_strip(strip_lines);

#include "app/input/controller.hpp"
#include "app/screen_layout.hpp"
#include "app/ui/hud.hpp"
#include "app/ui/hud_text.hpp"
#include "session/session.hpp"

#include <SDL.h>

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ticklab::app {

class hud_plan {
public:
    // Where the HUD goes this frame.
    struct where {
        SDL_Point output{};
        float pixel_scale = 1.0f;
        float panel_width = 0.0f;  // 0 without the panel
        float world_aspect = 16.0f / 9.0f;
    };

    // Each argument outlives the plan.
    hud_plan(const hud& text, const game::session& session, const controller& control, const fps_meter& fps)
        : text_{text}, session_{session}, control_{control}, fps_{fps} {}

    // The strip's height for this scene's lessons (first, on a new layout).
    void reserve_strip(const where& at);
    // The blocks' form: `in` is the layout's input as measured now (its top blocks are replaced
    // by each form's). Returns the top blocks' sizes to keep (top left, top right).
    std::array<SDL_FPoint, 2> choose_form(const where& at, layout_input in);

    // The loop's and the scene's blocks in the chosen form.
    void shape(std::vector<hud_line>& loop_lines, std::vector<hud_line>& scene_lines) const;
    // What the strip says now, and the width its lines wrap to.
    [[nodiscard]] strip_text strip(const where& at) const;
    [[nodiscard]] float strip_width(const where& at) const;
    // Never taller than its reserve (the F1 list aside): the prose's last lines give way.
    void fit_strip(std::vector<hud_line>& lines) const;
    [[nodiscard]] float strip_reserve() const noexcept { return strip_reserve_; }
    // The arrangement choose_form found best (layout_input::keep); nullopt for a network game.
    [[nodiscard]] std::optional<arrangement> arrangement_kept() const noexcept { return kept_; }

private:
    struct form {
        bool column = false;
        float width = 0.0f;  // pixels, for a column
    };
    void shape(const form& f, std::vector<hud_line>& loop_lines, std::vector<hud_line>& scene_lines) const;
    // A network lesson's figures in one paragraph, each followed by `room` ("" for none).
    [[nodiscard]] std::string network_figures(const std::string& room) const;
    // The lessons of the running scene (built in, found, or the teacher's file that runs).
    void for_each_lesson_of_scene(const std::function<void(const game::lesson&)>& visit) const;

    const hud& text_;
    const game::session& session_;
    const controller& control_;
    const fps_meter& fps_;
    form form_;
    std::optional<arrangement> kept_;
    float strip_reserve_ = 0.0f;
    std::size_t prose_lines_ = 0;  // of the strip's reserve, the claim's or the questions' lines
};

// A lesson's prose for the strip: its claim, or with `questions` its numbered questions.
[[nodiscard]] std::vector<std::string> lesson_prose(const game::lesson& l, bool questions);

}  // namespace ticklab::app

// The window's layout (game/app/screen_layout.cpp) holds at every text size (issue 22, findings 3
// and 7): the panel, the HUD's blocks, the key hint and the world never overlap and never leave the
// window, at 1280x720 and 1920x1080, text scales 1.0 to 2.5, with and without the panel, in
// lessons whose HUD is tallest. Measured on the real window_app (offscreen, software renderer),
// with the real fonts.
#include "app/screen_layout.hpp"
#include "app/frame_output.hpp"
#include "app/window_app.hpp"
#include "run/lesson_library.hpp"
#include "run/runner.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

namespace {

namespace app = ticklab::app;
namespace game = ticklab::game;

std::string show(const SDL_FRect& r) {
    std::ostringstream out;
    out << "(" << r.x << ", " << r.y << ", " << r.w << " x " << r.h << ")";
    return out.str();
}

struct named_rect {
    const char* name;
    SDL_FRect rect;
};

// Every pair that must not overlap, and every rectangle that must stay in the window: "" or what is wrong.
std::string check(const app::window_app& window, SDL_Point output, bool panel, bool network) {
    const app::screen_layout& l = window.last_layout();
    const SDL_FRect screen{0.0f, 0.0f, static_cast<float>(output.x), static_cast<float>(output.y)};
    const SDL_FRect scene{0.0f, 0.0f, l.scene_width, static_cast<float>(output.y)};
    std::vector<named_rect> blocks{{"HUD top-left", l.top_left},
                                   {"scene readouts", l.top_right},
                                   {"key hint", l.bottom},
                                   {"world", window.world_drawn()}};
    if (panel) blocks.push_back({"panel", l.panel});
    for (const named_rect& b : blocks) {
        if (!app::inside(b.rect, screen)) return std::string{b.name} + " leaves the window: " + show(b.rect);
        if (std::string{b.name} != "panel" && !app::inside(b.rect, scene)) {
            return std::string{b.name} + " reaches the panel: " + show(b.rect) + " scene width " +
                   std::to_string(l.scene_width);
        }
    }
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        for (std::size_t j = i + 1; j < blocks.size(); ++j) {
            if (app::overlap(blocks[i].rect, blocks[j].rect)) {
                return std::string{blocks[i].name} + " " + show(blocks[i].rect) + " overlaps " + blocks[j].name + " " +
                       show(blocks[j].rect);
            }
        }
    }
    // A network game shows two worlds, one above the other.
    const float least = (network ? 0.15f : 0.25f) * static_cast<float>(output.y);
    if (window.world_drawn().h < least) return "the world is squeezed to " + show(window.world_drawn());
    return "";
}

struct layout_case {
    int width;
    int height;
    float text_scale;
    bool panel;
    std::string lesson;
};

std::string run_case(const layout_case& c) {
    game::launch_options options;
    options.window_width = c.width;
    options.window_height = c.height;
    options.text_scale = c.text_scale;
    options.panel = c.panel;
    options.frames = 8;
    if (!c.lesson.empty()) {
        const game::lesson* l = game::find_lesson(c.lesson);
        if (l == nullptr) return "no lesson " + c.lesson;
        game::lesson_setup setup;
        l->configure(setup);
        options.scene = setup.scene;
        options.scene_settings = setup.options;
        options.loop = setup.loop;
        options.network = setup.network;
        options.lesson = c.lesson;
    }
    app::capture_output output;
    game::runner runner{options, game::run_kind::screenshot};
    app::window_app window{options, runner.clock().source(), output};
    runner.start(window.session());
    runner.run_frames(window.session(), [&window]() -> const ticklab::frame_stats& { return window.frame(); });
    return check(window, {c.width, c.height}, c.panel, options.network.has_value());
}

TEST(ScreenLayout, NothingOverlapsAtAnyTextSizeOrWindowSize) {
    int cases = 0;
    for (const SDL_Point size : {SDL_Point{1280, 720}, SDL_Point{1920, 1080}}) {
        for (const float scale : {1.0f, 1.25f, 1.56f, 1.95f, 2.5f}) {
            for (const bool panel : {true, false}) {
                for (const char* lesson : {"", "spiral", "tunnelling", "autopilot-5hz", "lockstep-waits"}) {
                    const layout_case c{size.x, size.y, scale, panel, lesson};
                    EXPECT_EQ(run_case(c), "") << size.x << "x" << size.y << " text " << scale
                                               << (panel ? " panel " : " no panel ") << "lesson '" << lesson << "'";
                    ++cases;
                }
            }
        }
    }
    EXPECT_EQ(cases, 100);
}

TEST(ScreenLayout, ThePanelTakesAtMostItsShareAndItsTextStopsGrowing) {
    EXPECT_FLOAT_EQ(app::panel_text_scale(1920, 1.0f, 1.0f), 1.0f);
    const float capped = app::panel_text_scale(1280, 1.0f, 2.5f);
    EXPECT_LT(capped, 2.5f);
    EXPECT_LE(app::control_panel::width_pixels(1.0f, capped), app::max_panel_share * 1280.0f + 0.01f);
}

TEST(ScreenLayout, TheWorldLiesBetweenTheBandAndTheStrip) {
    app::layout_input in;
    in.output = {1280, 720};
    in.panel_width = 370.0f;
    in.top_left = {300.0f, 230.0f};
    in.top_right = {370.0f, 100.0f};
    in.top_left_reserve = 30.0f;
    in.bottom = {700.0f, 40.0f};
    in.bottom_reserve = 40.0f;
    const app::screen_layout l = app::lay_out(in);
    EXPECT_FLOAT_EQ(l.scene_width, 910.0f);
    EXPECT_GE(l.world_area.y, l.top_left.y + l.top_left.h + 30.0f) << "PAUSED's line is kept free";
    EXPECT_LE(l.world_area.y + l.world_area.h, l.bottom.y);
    EXPECT_FALSE(app::overlap(l.top_left, l.top_right));
    EXPECT_FLOAT_EQ(l.hud_fit, 1.0f);
    in.top_left.x = 700.0f;  // the two top blocks no longer fit side by side
    EXPECT_LT(app::lay_out(in).hud_fit, 1.0f);
}

}  // namespace

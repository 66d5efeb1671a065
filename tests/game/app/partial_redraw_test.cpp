// A window that draws only what changed (game/app/partial_redraw.cpp) ends up with the same pixels
// as one that draws every frame in full: the same run, frame for frame, on SDL's software renderer.
#include "app/frame_output.hpp"
#include "app/platform/sdl_runtime.hpp"
#include "app/window_app.hpp"
#include "run/runner.hpp"

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

namespace app = ticklab::app;
namespace game = ticklab::game;

// A screenshot run's output, except that the window keeps its pixels from frame to frame, so that
// window_app draws only what changed, as a live software window does.
class kept_pixels_output final : public app::frame_output {
public:
    [[nodiscard]] bool offscreen_if_no_display() const override { return true; }
    [[nodiscard]] app::window_config window_settings(const game::loop_settings&) const override {
        return {.hidden = true, .software = true, .vsync = false};
    }
    [[nodiscard]] bool persist_layout() const override { return false; }
    void apply_settings(app::window&, const game::loop_settings&, app::panel_context&) override {}
    [[nodiscard]] bool skip_drawing(const app::window&) override { return false; }
    void present(app::window&) override {}
    [[nodiscard]] bool keeps_pixels(const app::window&) const override { return true; }
    void pace(bool) override {}
    [[nodiscard]] ticklab::nanoseconds frame_budget() const override { return ticklab::nanoseconds{0}; }
};

std::string read_file(const std::filesystem::path& path) {
    std::ifstream in{path, std::ios::binary};
    return {std::istreambuf_iterator<char>{in}, std::istreambuf_iterator<char>{}};
}

struct run_result {
    std::string png;
    std::uint64_t scenes_drawn = 0;
    std::uint64_t panels_drawn = 0;
    std::uint64_t panels_drawn_in_parts = 0;
};

// Runs `options` for its frames with `output` and returns the last frame's pixels as a PNG.
run_result run(const game::launch_options& options, app::frame_output& output, const std::string& name) {
    const std::filesystem::path path = std::filesystem::path{::testing::TempDir()} / (name + ".png");
    game::runner runner{options, game::run_kind::screenshot};
    app::window_app window{options, runner.clock().source(), output};
    runner.start(window.session());
    runner.run_frames(window.session(), [&window]() -> const ticklab::frame_stats& { return window.frame(); });
    EXPECT_EQ(window.capture(path.string()), "");
    return {read_file(path), window.redraw().scenes_drawn(), window.redraw().panels_drawn(),
            window.redraw().panels_drawn_in_parts()};
}

// Frames of 120 ms: every frame is past the HUD's and panel's readout interval, so both show the
// same lines as a frame drawn in full; what is drawn in parts is what the balls left and reached.
void expect_same_pixels(game::launch_options options, const std::string& name) {
    options.frame_ms = 120.0;
    app::capture_output full;
    kept_pixels_output kept;
    const run_result expected = run(options, full, name + "_full");
    const run_result got = run(options, kept, name + "_kept");
    ASSERT_FALSE(expected.png.empty());
    EXPECT_TRUE(got.png == expected.png) << name << ": the last frame differs from one drawn in full";
    EXPECT_GT(got.scenes_drawn, 0u);
}

TEST(PartialRedraw, BallsSplashLooksTheSameAsFramesDrawnInFull) {
    game::launch_options options;
    options.scene_settings.balls = 300;
    options.frames = 40;  // the splash, the pile settling, the first wave
    expect_same_pixels(options, "splash");
}

// The panel's timeline and readouts change every readout; the rest of its column does not, so it
// is drawn again only in the bands that changed, and ends up as a panel drawn in full.
TEST(PartialRedraw, PanelDrawnInBandsLooksTheSame) {
    game::launch_options options;
    options.scene_settings.balls = 30;
    options.frames = 40;
    options.frame_ms = 120.0;
    app::capture_output full;
    kept_pixels_output kept;
    const run_result expected = run(options, full, "bands_full");
    const run_result got = run(options, kept, "bands_kept");
    ASSERT_FALSE(expected.png.empty());
    EXPECT_TRUE(got.png == expected.png) << "the last frame differs from one drawn in full";
    EXPECT_GT(got.panels_drawn_in_parts, got.panels_drawn / 2) << "of " << got.panels_drawn << " panels drawn";
}

TEST(PartialRedraw, AFewBallsDrawnInSmallPartsLookTheSame) {
    game::launch_options options;
    options.scene_settings.balls = 30;
    options.frames = 60;
    expect_same_pixels(options, "few");
}

TEST(PartialRedraw, ManyBallsAndNoPanelLookTheSame) {
    game::launch_options options;
    options.scene_settings.balls = 3000;
    options.panel = false;
    options.frames = 25;
    expect_same_pixels(options, "many");
}

TEST(PartialRedraw, LanderLooksTheSame) {
    game::launch_options options;
    options.scene = "lander";
    options.scene_settings.autopilot = true;
    options.frames = 30;
    expect_same_pixels(options, "lander");
}

namespace panel_rate {

using namespace std::chrono_literals;

// One frame of partial_redraw's panel steps, as window_app takes them: whether the panel is built,
// and when it is, whether it is drawn.
bool panel_built(app::partial_redraw& redraw, ticklab::nanoseconds now, bool input, std::uint64_t hash) {
    redraw.begin_frame({1280, 720, 1.0f, 900.0f, 0.0f, 680.0f, true});
    if (!redraw.panel_due(now, input)) return false;
    (void)redraw.panel_needed(now, input, false, std::vector<std::uint64_t>(45, hash), false, false);
    return true;
}

TEST(PartialRedraw, PanelIsBuiltAtTheReadoutRateWhileNobodyWorksIt) {
    app::partial_redraw redraw{true, 100ms};
    EXPECT_TRUE(panel_built(redraw, 0ms, false, 1)) << "the first frame";
    EXPECT_FALSE(panel_built(redraw, 16ms, false, 2));
    EXPECT_FALSE(panel_built(redraw, 99ms, false, 2));
    EXPECT_TRUE(panel_built(redraw, 100ms, false, 2)) << "a readout is due";
    EXPECT_FALSE(panel_built(redraw, 116ms, false, 3));
    EXPECT_TRUE(panel_built(redraw, 132ms, true, 3)) << "an input event reached the panel";
    redraw.invalidate();
    EXPECT_TRUE(panel_built(redraw, 160ms, false, 3)) << "a frame drawn in full draws the panel too";
}

TEST(PartialRedraw, PanelIsDrawnAgainOnlyInTheBandsThatChanged) {
    app::partial_redraw redraw{true, 100ms};
    constexpr int band = app::partial_redraw::band_height;
    std::vector<std::uint64_t> bands(45, 7);
    redraw.begin_frame({1280, 720, 1.0f, 900.0f, 0.0f, 680.0f, true});
    ASSERT_TRUE(redraw.panel_needed(0ms, false, false, bands, false, false));
    EXPECT_TRUE(redraw.panel_parts().all) << "the first frame";

    bands[3] = 8;
    bands[4] = 8;
    bands[10] = 8;
    redraw.begin_frame({1280, 720, 1.0f, 900.0f, 0.0f, 680.0f, true});
    ASSERT_TRUE(redraw.panel_needed(100ms, false, false, bands, false, false));
    const app::scene_parts& parts = redraw.panel_parts();
    EXPECT_FALSE(parts.all);
    ASSERT_EQ(parts.rects.size(), 2u);
    EXPECT_TRUE(SDL_RectEquals(&parts.rects[0], std::array{SDL_Rect{900, 3 * band, 380, 2 * band}}.data()));
    EXPECT_TRUE(SDL_RectEquals(&parts.rects[1], std::array{SDL_Rect{900, 10 * band, 380, band}}.data()));

    redraw.begin_frame({1280, 720, 1.0f, 900.0f, 0.0f, 680.0f, true});
    EXPECT_FALSE(redraw.panel_needed(200ms, false, false, bands, false, false)) << "nothing changed";

    for (std::size_t b = 0; b < 30; ++b) bands[b] = 9;
    redraw.begin_frame({1280, 720, 1.0f, 900.0f, 0.0f, 680.0f, true});
    ASSERT_TRUE(redraw.panel_needed(300ms, false, false, bands, false, false));
    EXPECT_TRUE(redraw.panel_parts().all) << "two thirds of the column: drawn once, in full";
}

// A scene where most circles moved is drawn whole, without placing each one (a 100,000-ball splash
// spent 5-6 ms a frame placing them); a few moved circles are still drawn in parts.
TEST(PartialRedraw, ASceneWhereMoreThanAQuarterOfTheCirclesMovedIsDrawnWhole) {
    app::partial_redraw redraw{true, 100ms};
    game::draw_list list;
    for (int k = 0; k < 100; ++k) {
        list.circles.push_back({.center = {static_cast<float>(k), 50.0f}, .radius = 0.5f, .fill = {200, 100, 50, 255}});
    }
    const app::hud_blocks shown{};
    const app::hud_boxes boxes{};
    const app::screen_rect scene{0.0f, 0.0f, 900.0f, 720.0f};
    const app::screen_rect world{0.0f, 40.0f, 900.0f, 680.0f};
    const auto plan = [&](int moved) {
        for (int k = 0; k < moved; ++k) list.circles[static_cast<std::size_t>(k)].center.y += 1.0f;
        redraw.begin_frame({1280, 720, 1.0f, 900.0f, 40.0f, 680.0f, true});
        return redraw.plan_scene(list, shown, boxes, scene, world);
    };
    EXPECT_TRUE(plan(0).all) << "the first frame";
    const app::scene_parts few = plan(3);
    EXPECT_FALSE(few.all);
    EXPECT_FALSE(few.rects.empty());
    EXPECT_FALSE(plan(25).all) << "a quarter";
    EXPECT_TRUE(plan(26).all) << "more than a quarter";
    EXPECT_FALSE(plan(0).any()) << "nothing moved";
}

TEST(PartialRedraw, PanelIsBuiltEveryFrameWhenTheWindowDoesNotKeepItsPixels) {
    app::partial_redraw redraw{false, 100ms};
    for (int frame = 0; frame < 5; ++frame) EXPECT_TRUE(panel_built(redraw, frame * 16ms, false, 1));
}

}  // namespace panel_rate

}  // namespace

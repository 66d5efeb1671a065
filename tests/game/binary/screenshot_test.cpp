// Runs the real ticklab binary under SDL's offscreen driver and looks at the PNG it writes.
#include "app/render/theme.hpp"
#include "scenes/balls_palette.hpp"

#include <gtest/gtest.h>
#include <stb_image.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

namespace fs = std::filesystem;

namespace {

constexpr int panel_width = 370;  // control_panel::width_points at a pixel scale of 1

struct run_result {
    int exit_code = -1;
    std::string output;  // stdout and stderr together
};

run_result run_ticklab(const std::string& arguments, const std::string& environment = "SDL_VIDEODRIVER=offscreen") {
    const std::string command = "env " + environment + " " + TICKLAB_BINARY + " " + arguments + " 2>&1";
    run_result result;
    FILE* pipe = ::popen(command.c_str(), "r");
    if (pipe == nullptr) return result;
    char buffer[512];
    while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) result.output += buffer;
    const int status = ::pclose(pipe);
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

fs::path fresh_dir(const char* name) {
    const fs::path dir = fs::temp_directory_path() / ("ticklab_app_test_" + std::to_string(::getpid())) / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

struct image {
    std::unique_ptr<stbi_uc, decltype(&stbi_image_free)> pixels{nullptr, stbi_image_free};
    int w = 0;
    int h = 0;

    [[nodiscard]] ticklab::game::rgba at(int x, int y) const {
        const stbi_uc* p =
            pixels.get() +
            (static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)) * 4u;
        return {p[0], p[1], p[2], p[3]};
    }
};

image load(const fs::path& path) {
    image img;
    int channels = 0;
    img.pixels.reset(stbi_load(path.c_str(), &img.w, &img.h, &channels, 4));
    return img;
}

bool near(ticklab::game::rgba a, ticklab::game::rgba b, int tolerance) {
    return std::abs(a.r - b.r) <= tolerance && std::abs(a.g - b.g) <= tolerance && std::abs(a.b - b.b) <= tolerance;
}

// Fraction of the pixels in [x0, x1) x [y0, y1) that match `predicate`.
template <typename Predicate>
double share(const image& img, int x0, int y0, int x1, int y1, Predicate predicate) {
    long matches = 0;
    long total = 0;
    for (int y = y0; y < y1; ++y) {
        for (int x = x0; x < x1; ++x) {
            matches += predicate(img.at(x, y)) ? 1 : 0;
            ++total;
        }
    }
    return total == 0 ? 0.0 : static_cast<double>(matches) / static_cast<double>(total);
}

bool is_ball_colour(ticklab::game::rgba c) {
    // The pale "ice" entry is left out: HUD text is pale too.
    for (std::size_t i = 0; i + 1 < ticklab::game::balls_palette.size(); ++i) {
        if (near(c, ticklab::game::balls_palette[i], 12)) return true;
    }
    return false;
}

}  // namespace

TEST(Screenshot, BallsFrameShowsThePanelOnTheRightAndBallsOnTheLeft) {
    const fs::path png = fresh_dir("balls") / "balls.png";
    const auto run = run_ticklab("--scene balls --screenshot " + png.string() + " --frames 20");
    ASSERT_EQ(run.exit_code, 0) << run.output;
    const image img = load(png);
    ASSERT_NE(img.pixels, nullptr);
    ASSERT_EQ(img.w, 1280);
    ASSERT_EQ(img.h, 720);

    const double panel = share(img, img.w - panel_width + 2, 0, img.w, img.h,
                               [](auto c) { return near(c, ticklab::app::theme::panel_background, 2); });
    EXPECT_GT(panel, 0.3) << "the right-hand strip should be mostly the panel's window colour";
    const double panel_in_scene = share(img, 0, 0, img.w - panel_width - 2, img.h,
                                        [](auto c) { return near(c, ticklab::app::theme::panel_background, 2); });
    EXPECT_LT(panel_in_scene, 0.05) << "the panel should stay out of the scene";

    // Below the HUD, the scene has balls in the palette's colours.
    const double balls = share(img, 0, img.h / 3, img.w - panel_width, img.h, is_ball_colour);
    EXPECT_GT(balls, 0.01) << "too few ball-coloured pixels in the scene";
    const double balls_in_panel = share(img, img.w - panel_width + 2, 0, img.w, img.h, is_ball_colour);
    EXPECT_LT(balls_in_panel, 0.01);
}

TEST(Screenshot, LanderFrameIsWritten) {
    const fs::path png = fresh_dir("lander") / "lander.png";
    const auto run = run_ticklab("--scene lander --autopilot --screenshot " + png.string() + " --ticks 120");
    ASSERT_EQ(run.exit_code, 0) << run.output;
    const image img = load(png);
    ASSERT_NE(img.pixels, nullptr);
    // Something other than the background and letterbox is drawn in the scene.
    const auto background = img.at(img.w - panel_width - 5, img.h - 5);
    const double drawn = share(img, 0, img.h / 3, img.w - panel_width, img.h, [&](auto c) {
        return !near(c, background, 10) && !near(c, ticklab::app::theme::letterbox, 4);
    });
    EXPECT_GT(drawn, 0.01);
}

TEST(Screenshot, UnwritablePathExitsWithTwoAndWritesNothing) {
    const fs::path dir = fresh_dir("unwritable");
    const auto run = run_ticklab("--screenshot " + (dir / "missing" / "x.png").string() + " --frames 2");
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_NE(run.output.find("x.png"), std::string::npos) << run.output;
    EXPECT_EQ(run.output.find('\n'), run.output.size() - 1) << "one line: " << run.output;
    EXPECT_FALSE(fs::exists(dir / "missing"));
    EXPECT_TRUE(fs::is_empty(dir));
}

TEST(Screenshot, WithoutADisplayTheWindowRunSaysHowToRunHeadless) {
    const auto run = run_ticklab("--frames 1", "-u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER");
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_NE(run.output.find("--headless"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("--screenshot"), std::string::npos) << run.output;
    EXPECT_EQ(run.output.find('\n'), run.output.size() - 1) << "one line: " << run.output;
}

// A live window opens at the size it last had (game/app/window_app.cpp with the presentation file,
// game/app/platform/presentation_file.cpp), unless --window-size is given (issue 26).
#include "app/window_app.hpp"

#include "run/launch_options.hpp"
#include "run/runner.hpp"

#include <SDL.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

namespace {

namespace app = ticklab::app;
namespace game = ticklab::game;
namespace fs = std::filesystem;

// A live window's settings kept between runs, on a hidden software window that never waits.
class keeping_output final : public app::frame_output {
public:
    [[nodiscard]] bool offscreen_if_no_display() const override { return true; }
    [[nodiscard]] app::window_config window_settings(const game::loop_settings&) const override {
        return {.hidden = true, .software = true, .vsync = false};
    }
    [[nodiscard]] bool persist_layout() const override { return true; }
    void apply_settings(app::window&, const game::loop_settings&, app::panel_context&) override {}
    [[nodiscard]] bool skip_drawing(const app::window&) override { return false; }
    void present(app::window&) override {}
    [[nodiscard]] bool keeps_pixels(const app::window&) const override { return false; }
    void pace(bool) override {}
    [[nodiscard]] ticklab::nanoseconds frame_budget() const override { return ticklab::nanoseconds{0}; }
};

// XDG_CONFIG_HOME pointed at a fresh folder for one test, and put back after it.
class config_home {
public:
    explicit config_home(const char* name) : dir_{fs::path{::testing::TempDir()} / name} {
        fs::remove_all(dir_);
        fs::create_directories(dir_ / "ticklab");
        if (const char* old = std::getenv("XDG_CONFIG_HOME")) old_ = old;
        ::setenv("XDG_CONFIG_HOME", dir_.c_str(), 1);
    }
    ~config_home() {
        if (old_) {
            ::setenv("XDG_CONFIG_HOME", old_->c_str(), 1);
        } else {
            ::unsetenv("XDG_CONFIG_HOME");
        }
    }
    config_home(const config_home&) = delete;
    config_home& operator=(const config_home&) = delete;
    [[nodiscard]] fs::path file() const { return dir_ / "ticklab" / "presentation.txt"; }

private:
    fs::path dir_;
    std::optional<std::string> old_;
};

SDL_Point size_of(const app::window_app& window) {
    SDL_Point size{};
    SDL_GetWindowSize(window.sdl_window(), &size.x, &size.y);
    return size;
}

std::string read_file(const fs::path& path) {
    std::ifstream in{path, std::ios::binary};
    return {std::istreambuf_iterator<char>{in}, std::istreambuf_iterator<char>{}};
}

TEST(WindowSize, AWindowOpensAtTheSizeItLastHadUnlessWindowSizeIsGiven) {
    const config_home home{"window_size_kept"};
    std::ofstream{home.file()} << "window_size=900x500\n";
    game::launch_options options;
    options.frames = 1;
    keeping_output output;
    {
        game::runner runner{options, game::run_kind::window};
        app::window_app window{options, runner.clock().source(), output};
        const SDL_Point opened = size_of(window);
        EXPECT_EQ(opened.x, 900);
        EXPECT_EQ(opened.y, 500);
        // The user drags the window larger; the size is saved when the window closes.
        SDL_SetWindowSize(window.sdl_window(), 1000, 640);
        (void)window.frame();
    }
    EXPECT_NE(read_file(home.file()).find("window_size=1000x640\n"), std::string::npos) << read_file(home.file());
    {
        game::runner runner{options, game::run_kind::window};
        app::window_app window{options, runner.clock().source(), output};
        EXPECT_EQ(size_of(window).x, 1000);
        EXPECT_EQ(size_of(window).y, 640);
    }
    options.window_width = 1280;
    options.window_height = 720;
    options.window_size_given = true;
    game::runner runner{options, game::run_kind::window};
    app::window_app window{options, runner.clock().source(), output};
    EXPECT_EQ(size_of(window).x, 1280) << "--window-size wins over the kept size";
    EXPECT_EQ(size_of(window).y, 720);
}

}  // namespace

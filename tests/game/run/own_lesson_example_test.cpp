// docs/lessons.md's "Write your own lesson in five minutes" works as printed (issue 26): its example
// file, taken from the page, loads as a teacher's file, is a lesson in full (text, claim, questions,
// HUD figures, B with its named other value) and runs headless as its claim says, on both sides of B.
#include "cli/lesson_replay_options.hpp"
#include "run/lesson_library.hpp"
#include "run/runner.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

// The first ```json block after the section's heading.
std::string example_from_the_docs() {
    std::ifstream in{fs::path{TICKLAB_SOURCE_DIR} / "docs" / "lessons.md"};
    std::stringstream text;
    text << in.rdbuf();
    const std::string doc = text.str();
    const std::size_t section = doc.find("\n## Write your own lesson in five minutes\n");
    if (section == std::string::npos) return {};
    const std::size_t open = doc.find("\n```json\n", section);
    const std::size_t close = doc.find("\n```\n", open + 1);
    if (open == std::string::npos || close == std::string::npos) return {};
    return doc.substr(open + 9, close - open - 8);
}

// The ticks of each frame of `frames` headless frames with `options`.
std::vector<std::uint32_t> ticks_per_frame(ticklab::game::launch_options options, std::uint64_t frames) {
    options.headless = true;
    options.frames = frames;
    ticklab::game::runner run{options, ticklab::game::run_kind::headless};
    ticklab::game::session s{run.clock().source(), options.scene, options.scene_settings, options.loop};
    std::vector<std::uint32_t> out;
    run.add_observer([&](const ticklab::game::session&, const ticklab::frame_stats& f) { out.push_back(f.ticks); });
    run.start(s);
    run.run_frames(s, [&s]() -> const ticklab::frame_stats& {
        const ticklab::frame_stats& frame = s.advance();
        s.update_frame(frame);
        return frame;
    });
    EXPECT_EQ(run.finish(s), 0);
    return out;
}

}  // namespace

TEST(OwnLessonExample, TheDocsExampleIsALessonInFullAndDoesWhatItClaims) {
    const std::string example = example_from_the_docs();
    ASSERT_FALSE(example.empty()) << "docs/lessons.md has no example under its five-minute heading";
    const fs::path file =
        fs::temp_directory_path() / ("ticklab_own_lesson_" + std::to_string(::getpid())) / "my-first-lesson.json";
    fs::create_directories(file.parent_path());
    std::ofstream{file} << example;

    ticklab::game::launch_options options;
    ASSERT_EQ(ticklab::game::apply_lesson_option(file.string(), options), "");
    ticklab::game::finish_lesson_option(file.string(), false, options);
    const ticklab::game::lesson* l = ticklab::game::find_lesson(file.string());
    ASSERT_NE(l, nullptr);
    EXPECT_EQ(l->name, "my-first-lesson");
    EXPECT_FALSE(l->explanation.empty());
    EXPECT_FALSE(l->claim.empty());
    EXPECT_EQ(l->questions.size(), 2u);
    EXPECT_EQ(l->hud_figures, (std::vector<std::string>{"ticks_per_frame", "tick_rate", "fps"}));
    EXPECT_EQ(options.loop.tick_rate_hz, 30u);
    EXPECT_EQ(ticklab::game::before_after_text(*l, options.loop), "B: 30 Hz (now) / 60 Hz");

    // The claim: at 30 Hz every other frame runs no tick ...
    const std::vector<std::uint32_t> before = ticks_per_frame(options, 60);
    ASSERT_EQ(before.size(), 60u);
    EXPECT_EQ(std::count(before.begin(), before.end(), 0u), 30);
    EXPECT_EQ(std::count(before.begin(), before.end(), 1u), 30);
    for (std::size_t i = 1; i < before.size(); ++i) EXPECT_NE(before[i], before[i - 1]) << "frame " << i;
    // ... and after B every frame runs one.
    ASSERT_TRUE(ticklab::game::apply_toggle(*l, options.loop));
    EXPECT_EQ(options.loop.tick_rate_hz, 60u);
    EXPECT_EQ(ticklab::game::before_after_text(*l, options.loop), "B: 60 Hz (now) / 30 Hz");
    const std::vector<std::uint32_t> after = ticks_per_frame(options, 60);
    EXPECT_EQ(std::count(after.begin(), after.end(), 1u), 60);
    fs::remove_all(file.parent_path());
}

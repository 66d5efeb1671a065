// The real ticklab binary with --record, --replay and --lesson, as a user runs them.
#include "run_ticklab.hpp"

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {

namespace fs = std::filesystem;

// A replay with key input, kept with the fuzz seeds (the binary has no way to type keys headless).
// Absolute: __FILE__ is relative to the build folder under ccache's base_dir, and the binary runs
// in a folder of its own.
const fs::path keys_replay =
    fs::absolute(fs::path{__FILE__}.parent_path() / "../../../fuzz/corpus/replay_reader/lander_keys.replay");

using ticklab_test::outcome;
using ticklab_test::read_file;

struct replay_binary : ticklab_test::folder_fixture {
    outcome run(const std::string& args) const { return ticklab_test::run_ticklab(args, folder, folder); }

    // The state_hash of a headless run's report.
    std::string hash(const std::string& args) const {
        const outcome o = run("--headless --report - " + args);
        EXPECT_EQ(o.exit_code, 0) << args << ": " << o.err;
        const auto at = o.out.find("\"state_hash\": ");
        return at == std::string::npos ? "<none: " + o.err + ">" : o.out.substr(at + 14, 20);
    }
};

}  // namespace

using ReplayBinary = replay_binary;

TEST_F(ReplayBinary, RecordThenReplayGivesTheSameHashAtAnyFrameRateScaleAndCap) {
    const std::string file = (folder / "run.replay").string();
    const std::string recorded =
        hash("--scene balls --balls 150 --seed 9 --frames 400 --frame-ms 13 --record '" + file + "'");
    ASSERT_TRUE(fs::exists(file));
    EXPECT_EQ(hash("--replay '" + file + "'"), recorded);
    EXPECT_EQ(hash("--replay '" + file + "' --frame-ms 41 --time-scale 4"), recorded);
    EXPECT_EQ(hash("--replay '" + file + "' --fps-cap 30 --frame-ms 33.3 --time-scale 0.5"), recorded);
}

TEST_F(ReplayBinary, ReplayWithKeyInputMatchesAcrossFrameTimes) {
    const std::string file = "'" + keys_replay.string() + "'";
    const std::string first = hash("--replay " + file);
    EXPECT_EQ(hash("--replay " + file + " --frame-ms 5"), first);
    EXPECT_EQ(hash("--replay " + file + " --frame-ms 90 --time-scale 3 --max-loops 64"), first);
    // Strategies that would change a tick's dt are held at fixed, tick-count ones while replaying.
    EXPECT_EQ(hash("--replay " + file + " --stepping variable --time-scaling length --time-scale 4"), first);
    EXPECT_NE(first, hash("--scene lander --seed 42 --tick-rate 50 --ticks 120"));  // the keys do matter
}

TEST_F(ReplayBinary, BadReplayFilesExitTwoWithOneLine) {
    const std::string good = read_file(keys_replay);
    const auto write = [&](const std::string& name, const std::string& text) {
        std::ofstream{folder / name, std::ios::binary} << text;
        return "'" + (folder / name).string() + "'";
    };
    std::string damaged = good;
    damaged[damaged.find("seed 42") + 5] = '3';
    std::string newer = good;
    newer[15] = '9';
    std::string older = good;
    older[15] = '6';  // before the balls' contacts were relaxed once a tick
    for (const auto& [path, expected] : {
             std::pair{write("cut.replay", good.substr(0, good.size() / 2)), std::string{"truncated"}},
             std::pair{write("damaged.replay", damaged), std::string{"checksum mismatch"}},
             std::pair{write("newer.replay", newer), std::string{"version 9 is not supported"}},
             std::pair{write("older.replay", older),
                       std::string{"version 6 is not supported: this Ticklab reads version 7 (the simulation changed"}},
             std::pair{write("png.replay", "\x89PNG\r\n\x1a\n"), std::string{"not a Ticklab replay"}},
             std::pair{(folder / "missing.replay").string(), std::string{"cannot be opened"}},
         }) {
        const outcome o = run("--headless --replay " + path);
        EXPECT_EQ(o.exit_code, 2) << path;
        EXPECT_NE(o.err.find(expected), std::string::npos) << o.err;
        EXPECT_NE(o.err.find("replay '"), std::string::npos) << "names the file: " << o.err;
        EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
    }
}

TEST_F(ReplayBinary, ConflictingFlagsAreRefused) {
    const std::string file = "'" + keys_replay.string() + "'";
    EXPECT_EQ(run("--headless --replay " + file + " --tick-rate 60").exit_code, 2);
    EXPECT_EQ(run("--headless --replay " + file + " --scene balls").exit_code, 2);
    EXPECT_EQ(run("--headless --replay " + file + " --ticks 121").exit_code, 2);
    EXPECT_EQ(run("--headless --replay " + file + " --record '" + (folder / "x").string() + "'").exit_code, 2);
    EXPECT_EQ(run("--headless --replay " + file + " --tick-rate 50 --seed 42").exit_code, 0);  // agreeing is fine
}

TEST_F(ReplayBinary, LessonListAndUnknownLesson) {
    const outcome list = run("--lesson list");
    EXPECT_EQ(list.exit_code, 0);
    EXPECT_NE(list.out.find("spiral"), std::string::npos);
    EXPECT_NE(list.out.find("60 on 59: the beat"), std::string::npos);
    // One column of titles: every line's title starts where the first line's does.
    const std::size_t column = list.out.find("The default loop");
    ASSERT_NE(column, std::string::npos);
    for (std::size_t line = 0; line < list.out.size(); line = list.out.find('\n', line) + 1) {
        EXPECT_EQ(list.out[line + column - 1], ' ') << list.out.substr(line, 40);
        EXPECT_NE(list.out[line + column], ' ') << list.out.substr(line, 40);
    }
    const outcome bad = run("--lesson nope");
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("basics, 10hz"), std::string::npos) << bad.err;
    EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1);
}

TEST_F(ReplayBinary, ATeachersLessonFileRunsAndABadOneIsOneLine) {
    const std::string good = (folder / "mine.json").string();
    std::ofstream{good} << R"({"name": "mine", "title": "Mine", "text": "Look.", "settings": {"tick_rate": 30}})";
    const outcome o = run("--headless --report - --lesson " + good + " --frames 10");
    EXPECT_EQ(o.exit_code, 0) << o.err;
    EXPECT_NE(o.out.find("\"tick_rate\": 30"), std::string::npos) << o.out;
    const std::string bad = (folder / "bad.json").string();
    std::ofstream{bad} << R"({"name": "bad", "title": "Bad", "text": "No.", "settings": {"max_loops": 0}})";
    const outcome refused = run("--headless --lesson " + bad);
    EXPECT_EQ(refused.exit_code, 2);
    EXPECT_NE(refused.err.find("lesson '" + bad + "': field 'settings.max_loops'"), std::string::npos) << refused.err;
    EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1);
}

TEST_F(ReplayBinary, LessonSetsTheLoopAndFlagsStillWin) {
    const outcome o = run("--headless --report - --lesson scale-4x --frames 60");
    EXPECT_NE(o.out.find("\"time_scale\": 4"), std::string::npos) << o.out;
    EXPECT_NE(o.out.find("\"max_loops\": 3"), std::string::npos) << o.out;
    const outcome changed = run("--headless --report - --lesson autopilot-5hz --tick-rate 60 --frames 10");
    EXPECT_NE(changed.out.find("\"scene\": \"lander\""), std::string::npos) << changed.out;
    EXPECT_NE(changed.out.find("\"tick_rate\": 60"), std::string::npos) << changed.out;
    // The lesson's claim: its autopilot (on, though the flags' default is off) crashes at 5 Hz, lands at 60.
    EXPECT_NE(run("--headless --report - --lesson autopilot-5hz --frames 4000").out.find("\"crashed\""),
              std::string::npos);
    EXPECT_NE(run("--headless --report - --lesson autopilot-5hz --tick-rate 60 --frames 4000").out.find("\"landed\""),
              std::string::npos);
}

// A window fits the balls' box to its scene area (issue 13): the recording says which box, so a
// headless replay runs in it too, and the report names it either way.
TEST_F(ReplayBinary, AWindowsFittedBoxIsRecordedAndReplayedHeadless) {
    const std::string file = (folder / "fitted.replay").string();
    const std::string shot = (folder / "fitted.png").string();
    const outcome window = run("--screenshot '" + shot + "' --frames 90 --report - --record '" + file + "'");
    ASSERT_EQ(window.exit_code, 0) << window.err;
    const auto width_at = window.out.find("\"box_width\": ");
    ASSERT_NE(width_at, std::string::npos) << window.out;
    const std::string width = window.out.substr(width_at + 13, 3);
    EXPECT_NE(width, "160") << "at 1280x720 with the panel the scene area is not 16:9";
    EXPECT_NE(read_file(file).find("\nbox_width " + width + "\n"), std::string::npos);
    const auto hash_at = window.out.find("\"state_hash\": ");
    ASSERT_NE(hash_at, std::string::npos);
    EXPECT_EQ(hash("--replay '" + file + "'"), window.out.substr(hash_at + 14, 20));
    EXPECT_EQ(hash("--box-width " + width + " --frames 90"), window.out.substr(hash_at + 14, 20))
        << "the same box given as a flag, headless";
    EXPECT_NE(hash("--frames 90"), window.out.substr(hash_at + 14, 20)) << "headless keeps 160 by default";
    // The replay's box is the replay's: another one on the command line is refused.
    const outcome other = run("--headless --replay '" + file + "' --box-width 200");
    EXPECT_EQ(other.exit_code, 2);
    EXPECT_NE(other.err.find("--box-width 200 conflicts with the replay's box width " + width), std::string::npos)
        << other.err;
}

// A lesson states its box (its claim is tested in it): a window does not fit it.
TEST_F(ReplayBinary, ALessonKeepsItsBoxInAWindow) {
    const std::string shot = (folder / "lesson.png").string();
    const outcome o = run("--lesson basics --screenshot '" + shot + "' --frames 5 --report -");
    ASSERT_EQ(o.exit_code, 0) << o.err;
    EXPECT_NE(o.out.find("\"box_width\": 160"), std::string::npos) << o.out;
}

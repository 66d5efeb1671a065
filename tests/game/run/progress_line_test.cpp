// The progress line of long headless runs (game/run/progress_line.cpp): when it shows, how often,
// what it says, and that it is cleared.
#include "run/progress_line.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <string>
#include <vector>

namespace {

using namespace std::chrono_literals;
using ticklab::game::progress_line;

struct terminal {
    std::vector<std::string> writes;
    ticklab::manual_time_source wall;
    progress_line line{[this](std::string_view text) { writes.emplace_back(text); }, wall,
                       progress_line::goal{.frames = 1'000'000, .ticks = std::nullopt}};
};

TEST(ProgressLine, NothingDuringTheFirstSecond) {
    terminal t;
    for (int i = 1; i <= 100; ++i) {
        t.wall.advance(9ms);
        t.line.update(static_cast<std::uint64_t>(i), static_cast<std::uint64_t>(i));
    }
    EXPECT_TRUE(t.writes.empty());
    t.line.clear();
    EXPECT_TRUE(t.writes.empty()) << "nothing shown, nothing to clear";
}

TEST(ProgressLine, AtMostFourLinesASecondRewrittenInPlace) {
    terminal t;
    t.wall.advance(1s);
    for (std::uint64_t frame = 1; frame <= 10'000; ++frame) {  // 10,000 frames over 10 s
        t.line.update(frame, frame * 2);
        t.wall.advance(1ms);
    }
    ASSERT_GE(t.writes.size(), 38U);
    EXPECT_LE(t.writes.size(), 41U);
    for (const std::string& w : t.writes) {
        EXPECT_EQ(w.front(), '\r');
        EXPECT_EQ(w.back(), '\r');
        EXPECT_EQ(w.find('\n'), std::string::npos) << "one line, rewritten";
    }
    EXPECT_EQ(t.writes.front(), "\rticklab: frame 1 of 1,000,000 (0%), 2 ticks, 1 s\r");
}

TEST(ProgressLine, ClearBlanksWhatWasShownOnce) {
    terminal t;
    t.wall.advance(2s);
    t.line.update(123'456, 654'321);
    ASSERT_EQ(t.writes.size(), 1U);
    const std::size_t shown = t.writes.back().size() - 2;
    t.line.clear();
    ASSERT_EQ(t.writes.size(), 2U);
    EXPECT_EQ(t.writes.back(), "\r" + std::string(shown, ' ') + "\r");
    t.line.clear();
    EXPECT_EQ(t.writes.size(), 2U);
}

TEST(ProgressLine, ATickTargetCountsTicks) {
    EXPECT_EQ(progress_line::text({.frames = 50'000'000, .ticks = 100'000}, 5'000, 5'000, 3.7),
              "ticklab: 5,000 of 100,000 ticks (5%), frame 5,000, 3 s");
    EXPECT_EQ(progress_line::text({.frames = 600, .ticks = std::nullopt}, 600, 600, 12.0),
              "ticklab: frame 600 of 600 (100%), 600 ticks, 12 s");
}

TEST(ProgressLine, ALongerLineBeforeIsOverwrittenWithSpaces) {
    terminal t;
    t.wall.advance(1s);
    t.line.update(999'999, 9'999'999);
    t.wall.advance(1s);
    t.line.update(1, 1);  // shorter text
    ASSERT_EQ(t.writes.size(), 2U);
    EXPECT_EQ(t.writes[0].size(), t.writes[1].size());
}

TEST(ProgressLine, OnlyATerminalWantsIt) {
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    EXPECT_FALSE(progress_line::wanted(fds[1])) << "a pipe (a CI log, 2>file | less) gets no progress line";
    ::close(fds[0]);
    ::close(fds[1]);
}

}  // namespace

// Issue 22, finding 2: a script or task that throws ends alone and the session runs on; pausing
// the balls' wave script in the panel and resuming it later no longer ends the program.
#include "session/session.hpp"

#include <gtest/gtest.h>

#include <ticklab/script.hpp>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

using namespace std::chrono_literals;
using ticklab::game::session;

namespace {

constexpr const char* wave_task = "script balls: a wave every 4 s";

struct SessionErrors : ::testing::Test {
    ticklab::manual_time_source source;
    session s{source, "balls", {}, {}};

    void frames(int count, ticklab::nanoseconds each = 100ms) {
        for (int i = 0; i < count; ++i) {
            source.advance(each);
            const ticklab::frame_stats& stats = s.advance();
            s.update_frame(stats);
        }
    }
    // The wave script's row, as the panel's Scheduler section finds it.
    [[nodiscard]] std::optional<ticklab::task_info> wave_row() const {
        std::vector<ticklab::task_info> rows;
        s.tasks().snapshot(rows);
        for (const ticklab::task_info& row : rows) {
            if (row.name == wave_task) return row;
        }
        return std::nullopt;
    }
};

ticklab::script fail_after(ticklab::nanoseconds delay) {
    co_await ticklab::wait(delay);
    throw std::runtime_error{"scripted failure"};
}

TEST_F(SessionErrors, AScriptThatThrowsDoesNotEscapeAdvanceAndTheWavesGoOn) {
    ticklab::script_host host{s.tasks()};  // a script on the session's scheduler, as a scene's are
    host.start(fail_after(1s), "doomed");
    EXPECT_NO_THROW(frames(50));  // 5 s: the failure at 1 s, the first wave at 4 s
    EXPECT_EQ(host.size(), 0u);
    EXPECT_EQ(s.tasks().task_errors(), 1u);
    ASSERT_TRUE(s.tasks().last_task_error().has_value());
    EXPECT_EQ(s.tasks().last_task_error()->task, "script doomed");
    EXPECT_EQ(s.tasks().last_task_error()->what, "scripted failure");
    ASSERT_TRUE(wave_row().has_value());
    EXPECT_EQ(wave_row()->next_due, std::chrono::nanoseconds{8s}.count()) << "the waves go on";
}

TEST_F(SessionErrors, TasksThatThrowDoNotEscapeUpdateFrame) {
    s.tasks().schedule_time({.start = 50ms, .name = "time"}, [] { throw std::runtime_error{"t"}; });
    s.tasks().schedule_tick({.name = "tick"}, [] { throw std::runtime_error{"k"}; });
    s.tasks().schedule_frame({.name = "frame"}, [] { throw std::runtime_error{"f"}; });
    s.tasks().schedule_render({.name = "render"}, [] { throw std::runtime_error{"r"}; });
    EXPECT_NO_THROW(frames(3));
    EXPECT_EQ(s.tasks().task_errors(), 4u);
    EXPECT_EQ(s.ticks(), 18u);
}

// The finding's sequence: Pause "balls: a wave every 4 s" (the panel calls scheduler::pause on the
// script's row), about 8 s, Resume. The held wave comes at the resume, the next a full interval later.
TEST_F(SessionErrors, PausingTheWaveScriptAndResumingItLaterKeepsTheWavesComing) {
    frames(20);  // 2 s: the first wave is due at 4 s
    const auto row = wave_row();
    ASSERT_TRUE(row.has_value());
    ASSERT_EQ(row->next_due, std::chrono::nanoseconds{4s}.count());
    ASSERT_TRUE(s.tasks().pause(row->handle));
    frames(80);  // to 10 s: the wave's time passes while it is held
    ASSERT_TRUE(wave_row().has_value());
    EXPECT_TRUE(wave_row()->paused);
    ASSERT_TRUE(s.tasks().resume(row->handle));
    EXPECT_NO_THROW(frames(1));
    EXPECT_EQ(s.tasks().task_errors(), 0u);
    ASSERT_TRUE(wave_row().has_value()) << "the script still waits for its next wave";
    EXPECT_EQ(wave_row()->next_due, std::chrono::nanoseconds{14s}.count()) << "a full interval after the resume";
    EXPECT_EQ(wave_row()->runs, 1u) << "the held wave came";
    EXPECT_NO_THROW(frames(41));  // to 14.2 s
    ASSERT_TRUE(wave_row().has_value());
    EXPECT_EQ(wave_row()->next_due, std::chrono::nanoseconds{18s}.count());
    EXPECT_EQ(wave_row()->runs, 2u);
    EXPECT_EQ(s.tasks().task_errors(), 0u);
}

TEST_F(SessionErrors, TheWaveScriptsRowCountsItsWaves) {
    EXPECT_EQ(wave_row()->runs, 0u);
    frames(121);  // 12.1 s: waves at 4, 8 and 12 s
    ASSERT_TRUE(wave_row().has_value());
    EXPECT_EQ(wave_row()->runs, 3u);
}

}  // namespace

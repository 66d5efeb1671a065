#pragma once
// A progress line on stderr for long headless runs (100,000 balls can take minutes), only when stderr
// is a terminal: a pipe or a CI log gets nothing. The line is rewritten in place ("\r"), at most a few
// times a second and only once the run has lasted a second, and cleared when the run ends, so what
// the run prints after it (the summary, a note) starts on a clean line.
//
// Usage (the runner, for a headless run):
//   if (progress_line::wanted(STDERR_FILENO)) progress.emplace(write_to_stderr, wall_clock, frame_limit, tick_target);
//   progress->update(frames, ticks);   // after every frame: cheap until a line is due
//   progress->clear();                 // when the frames end

#include <ticklab/time.hpp>
#include <ticklab/time_source.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace ticklab::game {

class progress_line {
public:
    // What the run goes to: its frame limit, and the tick it stops at when it has one (then the
    // line counts ticks).
    struct goal {
        std::uint64_t frames = 0;
        std::optional<std::uint64_t> ticks;
    };
    static constexpr ticklab::nanoseconds first_after = std::chrono::seconds{1};
    static constexpr ticklab::nanoseconds every = std::chrono::milliseconds{250};

    // `write` gets the text to put on stderr; `wall` is real time (not the run's manual clock) and
    // must outlive this.
    progress_line(std::function<void(std::string_view)> write, const ticklab::time_source& wall, goal to);

    // True when `fd` is a terminal: the only place a line rewritten in place belongs.
    [[nodiscard]] static bool wanted(int fd);

    void update(std::uint64_t frames, std::uint64_t ticks);
    // Blanks the line if one was written (idempotent).
    void clear();

    // The line's text (no "\r"), e.g. "ticklab: 5,000 of 100,000 ticks (5%), frame 5,000, 3 s".
    [[nodiscard]] static std::string text(goal to, std::uint64_t frames, std::uint64_t ticks, double seconds);

private:
    std::function<void(std::string_view)> write_;
    const ticklab::time_source* wall_;
    goal goal_;
    ticklab::nanoseconds start_;
    ticklab::nanoseconds next_;
    std::size_t shown_ = 0;  // characters on the line now (0: nothing to clear)
};

}  // namespace ticklab::game

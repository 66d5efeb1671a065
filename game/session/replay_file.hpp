#pragma once
// A recording of one run: the header a scene needs to start the same way, and the input of every
// tick that had any. docs/replay_format.md describes the file; this is its only reader and writer.
//
// Usage:
//   ticklab::game::replay r;
//   if (auto error = read_replay_file(path, r); !error.empty()) { print error; exit 2; }
//   if (auto error = write_replay_file(path, r); !error.empty()) { print error; exit 1; }
//
// Rules: the reader trusts nothing. Every count and size has a limit below, every number is range
// checked, the structure is checked before anything is kept, and a checksum over the whole text
// catches edits and damage that still parse. Any problem is one line of text, never a crash.

#include "sim/scene.hpp"
#include "sim/tick_input.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ticklab::game {

inline constexpr std::string_view replay_magic = "ticklab-replay";
// 2 since the scenes' sin, cos, atan2 and hypot became sim/portable_math (issue 24); 3 since the
// balls' contact solver changed (issue 27: velocity-judged sleep, a larger shock share, one
// division per push); 4 since the balls' contacts are taken in column_blocks' order (issue 27); 5
// since a reset stores the balls in cell order (issue 27); 6 since the balls are stored in the
// contact pass's block order and each block's pairs are relaxed right after it (issue 27); 7 since
// the balls' contacts are relaxed once a tick, not twice, with a larger shock share (issue 27). A
// recording of an older version would end on another state, so it is refused rather than replayed
// wrong.
inline constexpr std::uint32_t replay_version = 7;

// Limits for hostile files; the writer refuses recordings past them, so every file it writes
// reads back. 10^9 ticks is 11 days at 1000 Hz.
inline constexpr std::uint64_t max_replay_file_bytes = 64ull << 20;
inline constexpr std::uint64_t max_replay_ticks = 1'000'000'000;
inline constexpr std::uint64_t max_replay_inputs = 2'000'000;
inline constexpr std::uint64_t max_replay_pointer_events = 2'000'000;  // in the whole file
inline constexpr std::uint64_t max_replay_pointer_events_per_tick = 100'000;
inline constexpr float max_replay_coordinate = 1e9f;  // world units and units per second
inline constexpr std::size_t max_replay_scene_name = 64;

struct replay_entry {
    std::uint64_t tick = 0;  // 1 for the first tick of the recording
    tick_input input;
};

struct replay {
    std::string scene;
    scene_options options;
    std::uint32_t tick_rate_hz = 60;   // the simulation's dt is 1 / this: a replay runs at this rate
    std::uint64_t ticks = 0;           // ticks recorded; the replay ends after the last of them
    std::vector<replay_entry> inputs;  // ticks with any input, in increasing tick order
};

// True when a tick saw no key down, no press and no pointer event (it needs no entry).
[[nodiscard]] bool is_empty(const tick_input& input);

// Empty when `r` can be written and read back, else one line naming the limit it breaks.
[[nodiscard]] std::string check_replay(const replay& r);

// The file's text (see docs/replay_format.md). `r` must pass check_replay.
[[nodiscard]] std::string format_replay(const replay& r);

// Parses a whole file. Returns an empty string and fills `out`, or one line saying what is wrong
// ("line 7: ..."); `out` is then unspecified.
[[nodiscard]] std::string parse_replay(std::string_view text, replay& out);

// parse_replay on a file's contents; the error line names the file ("replay 'x.replay': ...").
[[nodiscard]] std::string read_replay_file(const std::string& path, replay& out);

// check_replay + format_replay, written atomically (write_text_atomically; "-" is standard output).
[[nodiscard]] std::string write_replay_file(const std::string& path, const replay& r);

}  // namespace ticklab::game

// Soak: millions of headless ticks of the balls scene through the whole session (loop, scheduler,
// wave script every 4 s, frame history). Memory must stay flat, virtual time must be exact (the
// nanosecond rule, not a sum of rounded steps) and the tick count must not drift from the frames.
//
// The suite runs 1,000,000 ticks; TICKLAB_SOAK_TICKS sets another count (the `soak` ctest label
// runs 10,000,000: `ctest -L soak`). The figures are printed for the notes.
#include "session/session.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

using namespace std::chrono_literals;
using ticklab::nanoseconds;

namespace {

// Resident memory of this process in KiB (Linux), or -1 when unknown.
long resident_kib() {
    std::ifstream status{"/proc/self/status"};
    for (std::string line; std::getline(status, line);) {
        if (line.rfind("VmRSS:", 0) == 0) return std::strtol(line.c_str() + 6, nullptr, 10);
    }
    return -1;
}

std::uint64_t soak_ticks() {
    const char* text = std::getenv("TICKLAB_SOAK_TICKS");
    if (text == nullptr || *text == '\0') return 1'000'000;
    return std::strtoull(text, nullptr, 10);
}

}  // namespace

TEST(Soak, MillionsOfTicksKeepMemoryFlatAndTimeExact) {
    constexpr std::uint32_t hz = 1000;
    constexpr std::uint32_t ticks_per_frame = 50;  // 50 ms frames: under the cap of 64, nothing dropped
    const std::uint64_t total = soak_ticks();
    ASSERT_EQ(total % ticks_per_frame, 0u) << "TICKLAB_SOAK_TICKS must be a multiple of " << ticks_per_frame;

    ticklab::manual_time_source source;
    ticklab::game::scene_options options;
    options.balls = 20;
    ticklab::game::loop_settings settings;
    settings.tick_rate_hz = hz;
    settings.max_loops = 64;
    ticklab::game::session s{source, "balls", options, settings};

    const std::uint64_t frames = total / ticks_per_frame;
    const std::uint64_t warm_up = frames / 10;  // history buffers, the grid and the allocator settle
    long rss_after_warm_up = -1;
    std::uint64_t frame = 0;
    for (; frame < frames; ++frame) {
        // Real time that lands exactly on each frame's last tick (the nanosecond rule), so every
        // frame runs 50 ticks and the schedule never drifts against the frames.
        const std::uint64_t end_tick = (frame + 1) * ticks_per_frame;
        source.set(ticklab::tick_offset(end_tick, hz));
        const ticklab::frame_stats& stats = s.advance();
        s.update_frame(stats);
        if (stats.ticks != ticks_per_frame || s.loop().ticks() != end_tick) {
            FAIL() << "frame " << frame << " ran " << stats.ticks << " ticks, total " << s.loop().ticks();
        }
        if (frame + 1 == warm_up) rss_after_warm_up = resident_kib();
    }
    const long rss_end = resident_kib();

    EXPECT_EQ(s.loop().ticks(), total);
    EXPECT_EQ(s.loop().virtual_now(), ticklab::tick_offset(total, hz));
    EXPECT_EQ(s.loop().last_tick_time(), ticklab::tick_offset(total, hz));
    EXPECT_EQ(s.loop().stats().total_dropped, 0ns);
    EXPECT_EQ(s.loop().stats().frame_index, frames);
    EXPECT_EQ(s.current_scene().state_hash(), s.state_hash());
    // Flat: after the warm-up a steady run allocates nothing that stays. 4 MiB allows for the
    // allocator's bookkeeping; a leak of even 8 bytes a tick is 7 MiB at 1,000,000 ticks.
    ASSERT_GT(rss_after_warm_up, 0);
    EXPECT_LT(rss_end - rss_after_warm_up, 4 * 1024) << "KiB grown after the warm-up";
    std::printf("soak: %llu ticks in %llu frames, RSS %ld KiB after warm-up, %ld KiB at the end\n",
                static_cast<unsigned long long>(total), static_cast<unsigned long long>(frames), rss_after_warm_up,
                rss_end);
}

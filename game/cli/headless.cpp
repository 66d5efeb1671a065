#include "cli/headless.hpp"

#include "cli/lesson_replay_options.hpp"
#include "cli/report.hpp"
#include "cli/trace_formats.hpp"
#include "cli/trace_recorder.hpp"
#include "sim/session.hpp"

#include <ticklab/time_source.hpp>

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <stdexcept>

namespace ticklab::game {

namespace {

// Real time that brings the virtual clock to the due time of the `remaining`-th next tick.
ticklab::nanoseconds real_time_to_tick(const ticklab::fixed_loop& loop, std::uint64_t remaining) {
    // Tick lengths differ by at most 1 ns, so this is within 1 ns of the due time; the extra
    // nanosecond lands on or just past it, far short of the tick after.
    const ticklab::nanoseconds virtual_needed = loop.next_tick_time() - loop.virtual_now() +
                                                ticklab::tick_offset(remaining - 1, loop.tick_rate()) +
                                                ticklab::nanoseconds{1};
    const double real = std::ceil(static_cast<double>(virtual_needed.count()) / loop.clock().time_scale());
    return ticklab::nanoseconds{static_cast<std::int64_t>(real) + 1};
}

}  // namespace

int run_headless(const launch_options& options) {
    ticklab::manual_time_source source;
    std::optional<session> run;
    try {
        run.emplace(source, options.scene, options.scene_settings, options.loop);
    } catch (const std::invalid_argument& error) {
        std::cerr << "ticklab: " << error.what() << '\n';
        return 2;
    }
    session& s = *run;
    if (options.replay_recording) s.start_replay(*options.replay_recording);
    if (!options.record_path.empty()) s.start_recording();
    const auto frame = ticklab::nanoseconds{std::max<std::int64_t>(1, std::llround(options.frame_ms * 1e6))};
    const std::uint64_t frame_limit =
        options.frames ? *options.frames : (options.ticks ? max_headless_frames : std::uint64_t{600});

    std::optional<trace_recorder> trace;
    if (!options.trace_path.empty()) trace.emplace(s);

    std::uint64_t frames = 0;
    while (frames < frame_limit) {
        if (options.ticks && s.loop().ticks() >= *options.ticks) break;
        if (options.ticks && !options.frames && s.settings.paused && !s.settings.single_step && frames > 0) {
            std::cerr << "ticklab: paused: no tick can run, stopping after " << frames << " frame(s) with "
                      << s.loop().ticks() << " of " << *options.ticks << " ticks\n";
            break;
        }
        ticklab::nanoseconds step = frame;
        if (options.ticks && !s.settings.paused) {
            step = std::min(step, real_time_to_tick(s.loop(), *options.ticks - s.loop().ticks()));
        }
        source.advance(step);
        const ticklab::frame_stats& stats = s.advance();
        s.update_frame(stats);
        if (trace) trace->record(s, stats);
        ++frames;
    }
    if (options.ticks && !options.frames && frames == frame_limit && s.loop().ticks() < *options.ticks) {
        std::cerr << "ticklab: stopped at the cap of " << frame_limit << " frames with " << s.loop().ticks() << " of "
                  << *options.ticks << " ticks\n";
    }

    if (std::string error = write_recording(options.record_path, s); !error.empty()) {
        std::cerr << "ticklab: " << error << '\n';
        return 1;
    }
    if (trace) {
        if (std::string error = write_trace(options.trace_path, *trace); !error.empty()) {
            std::cerr << "ticklab: trace: " << error << '\n';
            return 1;
        }
    }
    const double real_time_s = ticklab::to_seconds(source.now());
    if (!options.report_path.empty()) {
        if (std::string error = write_report(options.report_path, s, real_time_s); !error.empty()) {
            std::cerr << "ticklab: report: " << error << '\n';
            return 1;
        }
    }
    if (options.report_path != "-") {
        std::printf("ticklab: headless %s: %" PRIu64 " frames, %" PRIu64 " ticks, state_hash 0x%016" PRIx64 "\n",
                    std::string{s.current_entry().name}.c_str(), s.loop().stats().frame_index, s.loop().ticks(),
                    s.state_hash());
    }
    return 0;
}

}  // namespace ticklab::game

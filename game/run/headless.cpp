#include "run/headless.hpp"

#include "run/run_error.hpp"
#include "run/runner.hpp"
#include "session/session.hpp"

#include <cinttypes>
#include <cstdio>
#include <optional>
#include <stdexcept>

namespace ticklab::game {

int run_headless(const launch_options& options) {
    runner run{options, run_kind::headless};
    std::optional<session> started;
    try {
        started.emplace(run.clock().source(), options.scene, options.scene_settings, options.loop);
    } catch (const std::invalid_argument& error) {
        return fail(exit_bad_input, error.what());
    }
    session& s = *started;
    run.start(s);
    run.run_frames(s, [&s]() -> const ticklab::frame_stats& {
        const ticklab::frame_stats& frame = s.advance();
        s.update_frame(frame);
        return frame;
    });
    if (const int code = run.finish(s); code != exit_ok) return code;
    if (options.report_path != "-") {  // "-" sends the report to standard output, which must stay pure JSON
        std::printf("ticklab: headless %s: %" PRIu64 " frames, %" PRIu64 " ticks, state_hash 0x%016" PRIx64 "\n",
                    std::string{s.current_entry().name}.c_str(), s.loop().stats().frame_index, s.loop().ticks(),
                    s.state_hash());
    }
    return exit_ok;
}

}  // namespace ticklab::game

// libFuzzer entry point for the lesson reader (game/run/lesson_reader.cpp): any bytes must give a
// lesson or one error line naming the file and the field, never a crash or a hang. A lesson that
// parses must hold only settings the command line would accept, and a session must start on it.
#include "run/lesson_library.hpp"
#include "scenes/scene_registry.hpp"
#include "session/session.hpp"

#include <ticklab/fixed_loop.hpp>
#include <ticklab/frame_pacer.hpp>
#include <ticklab/time_source.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text{reinterpret_cast<const char*>(data), size};
    ticklab::game::lesson parsed;
    const std::string error = ticklab::game::parse_lesson(text, "fuzz.json", parsed);
    if (!error.empty()) {
        if (error.find('\n') != std::string::npos || !error.starts_with("lesson 'fuzz.json': ")) std::abort();
        return 0;
    }
    const ticklab::game::lesson_setup& s = parsed.setup;
    if (!ticklab::check_tick_rate(s.loop.tick_rate_hz).empty() || !ticklab::check_max_loops(s.loop.max_loops).empty() ||
        !ticklab::check_time_scale(s.loop.time_scale).empty() || !ticklab::check_fps_cap(s.loop.fps_cap).empty() ||
        ticklab::game::find_scene(s.scene) == nullptr || s.options.balls > ticklab::game::max_scene_balls()) {
        std::abort();
    }
    if (s.options.balls <= 1000) {  // larger scenes are valid but too slow to start on every input
        ticklab::manual_time_source clock;
        ticklab::game::session session{clock, s.scene, s.options, s.loop};
        static_cast<void>(session.state_hash());
    }
    return 0;
}

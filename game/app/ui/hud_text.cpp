#include "app/ui/hud_text.hpp"

#include <cstdio>

namespace ticklab::app {
namespace {

template <typename... Args>
std::string format(const char* pattern, Args... args) {
    char buffer[160];
    std::snprintf(buffer, sizeof buffer, pattern, args...);
    return buffer;
}

}  // namespace

void fps_meter::add_frame(ticklab::nanoseconds real) {
    using namespace std::chrono_literals;
    window_ += real;
    ++frames_;
    if (window_ < 250ms) return;
    const double seconds = ticklab::to_seconds(window_);
    fps_ = frames_ / seconds;
    frame_ms_ = seconds * 1000.0 / frames_;
    window_ = {};
    frames_ = 0;
}

void build_hud_lines(const game::session& session, const fps_meter& fps, const std::string& notice,
                     std::vector<hud_line>& loop_lines, std::vector<hud_line>& scene_lines) {
    auto& out = loop_lines;
    out.clear();
    const auto& loop = session.loop();
    const auto& frame = loop.stats();
    out.push_back({std::string(session.current_entry().title), hud_style::title});
    out.push_back({format("FPS %6.1f   frame %6.2f ms", fps.fps(), fps.frame_ms()), hud_style::body});
    out.push_back({format("tick %4u Hz  ticks this frame %2u", loop.tick_rate(), frame.ticks), hud_style::body});
    out.push_back(
        {format("virtual %9.3f s  scale %5.2fx", ticklab::to_seconds(loop.virtual_now()), loop.clock().time_scale()),
         hud_style::body});
    out.push_back({format("alpha %.2f%s   dropped %.1f ms", frame.alpha,
                          session.settings.strategy.smoothing_mode == game::smoothing::none ? " (off)" : "",
                          ticklab::to_milliseconds(frame.total_dropped)),
                   hud_style::dim});
    if (loop.clock().paused()) out.push_back({"PAUSED", hud_style::alert});
    if (!notice.empty()) out.push_back({notice, hud_style::dim});

    std::vector<std::string> text;
    session.current_scene().hud_lines(text);
    scene_lines.clear();
    for (auto& line : text) scene_lines.push_back({std::move(line), hud_style::body});
}

}  // namespace ticklab::app

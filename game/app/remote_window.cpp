#include "app/remote_window.hpp"

#include "app/input/action.hpp"
#include "app/input/controller.hpp"
#include "app/input/pointer.hpp"
#include "app/platform/sdl_runtime.hpp"
#include "app/platform/window.hpp"
#include "app/render/fill_rect.hpp"
#include "app/render/png_file.hpp"
#include "app/render/scene_renderer.hpp"
#include "app/render/screenshot.hpp"
#include "app/render/theme.hpp"
#include "app/ui/font_files.hpp"
#include "app/ui/hud.hpp"
#include "app/ui/text_format.hpp"
#include "run/remote_game.hpp"
#include "run/run_error.hpp"
#include "session/prediction_ghost.hpp"
#include "sim/input_buffer.hpp"
#include "sim/simulation.hpp"

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace ticklab::app {

namespace {

void sleep_until_time(ticklab::nanoseconds when) {
    std::this_thread::sleep_until(
        std::chrono::steady_clock::time_point{std::chrono::duration_cast<std::chrono::steady_clock::duration>(when)});
}

// The network's figures for the top-left block: who plays whom, the ticks, what the link did.
void network_lines(const game::remote_game& game, std::vector<hud_line>& out) {
    out.clear();
    const game::peer& p = game.local();
    const game::peer_stats& s = p.stats();
    const game::handshake_result& hs = game.handshake();
    const game::udp_counters& c = game.link().counters();
    // Short lines: a 640-point window shows them whole.
    // Named as scenes/player_colours.hpp draws them (sky blue, orange).
    out.push_back({format_text("Player %u (you: %s), over UDP", game.id() + 1, game.id() == 0 ? "blue" : "orange"),
                   hud_style::title});
    out.push_back({"the other: " + hs.other.text(), hud_style::body});
    out.push_back({format_text("%s, %s, %u Hz, input delay %u", hs.game.scene.c_str(),
                               std::string{to_string(hs.game.mode)}.c_str(), hs.game.tick_rate_hz, hs.game.input_delay),
                   hud_style::body});
    out.push_back({format_text("tick %" PRIu64 "  confirmed %" PRIu64 "  %s", p.tick(), s.confirmed,
                               s.waiting ? "WAITING" : "running"),
                   s.waiting ? hud_style::alert : hud_style::body});
    if (hs.game.mode == game::net_mode::rollback) {
        out.push_back({format_text("rolled back %2u ticks (most %u, %" PRIu64 " in all)", s.rollback_this_frame,
                                   s.max_rollback, s.rollback_ticks),
                       hud_style::body});
    } else {
        out.push_back({format_text("stalls %" PRIu64 " frames", s.stall_frames), hud_style::body});
    }
    // Both estimates from the messages' time-sync fields (peer_stats), smoothed.
    out.push_back(
        {format_text("round trip %.0f ms  ahead %+.1f ticks", ticklab::to_milliseconds(s.round_trip), s.frames_ahead),
         hud_style::body});
    out.push_back({format_text("datagrams sent %" PRIu64 " got %" PRIu64 " dropped %" PRIu64 " lost %" PRIu64, c.sent,
                               c.received, c.dropped(), c.shaped_lost),
                   c.dropped() > 0 ? hud_style::alert : hud_style::body});
    if (const auto block = p.last_block_hash()) {
        out.push_back({format_text("hash @%" PRIu64 " %016" PRIx64, block->tick, block->hash), hud_style::dim});
    } else {
        out.push_back({"hash: after the first 30 ticks", hud_style::dim});
    }
    if (s.desync_tick) out.push_back({format_text("DESYNC from tick %" PRIu64, *s.desync_tick), hud_style::alert});
}

// One window frame: the peer's world below the figures, the hint at the bottom.
class remote_view {
public:
    // Frames are paced by --frame-ms against the shared start, so no vsync.
    remote_view(const game::launch_options& options, bool capture)
        : sdl_{capture},
          fonts_{find_fonts()},
          window_{{.width = options.window_width,
                   .height = options.window_height,
                   .hidden = capture,
                   .software = capture,
                   .vsync = false}},
          scene_{window_.renderer()},
          hud_{window_.renderer(), fonts_, window_.pixel_scale()} {
        if (options.text_scale) hud_.set_text_scale(*options.text_scale);
    }

    // Events since the last frame; false when the player leaves (Esc, the window closed).
    bool take_events(game::input_buffer& input) {
        SDL_Event event;
        bool stays = true;
        while (SDL_PollEvent(&event) != 0) {
            switch (event.type) {
                case SDL_QUIT:
                    stays = false;
                    break;
                case SDL_WINDOWEVENT:
                    if (event.window.event == SDL_WINDOWEVENT_FOCUS_LOST) {
                        input.release_all();  // no stuck thrust after Alt-Tab
                        pointer_.cancel();
                    }
                    break;
                case SDL_KEYDOWN:
                    // Only the game's keys and Esc: the clock is real time shared with the other
                    // process, so pause, step and time scale have nothing to act on here.
                    if (const auto a = action_for_key(event.key)) {
                        // As in every window, Escape asks first: leaving ends the other's game too.
                        if (a->kind == action_kind::quit && quit_.press(SDL_GetTicks64())) stays = false;
                        if (a->kind == action_kind::press) input.press(a->game_action);
                    }
                    break;
                case SDL_KEYUP:
                    if (const auto a = release_for_key(event.key); a && a->kind == action_kind::release) {
                        input.release(a->game_action);
                    }
                    break;
                case SDL_MOUSEBUTTONDOWN:
                case SDL_MOUSEMOTION:
                case SDL_MOUSEBUTTONUP:
                    pointer_.handle(event, scene_.view(), window_.pixel_scale(), input);
                    break;
                default:
                    break;
            }
        }
        return stays;
    }

    void draw(const game::remote_game& game, game::smoothing smoothing) {
        SDL_Renderer* r = window_.renderer();
        const float px = window_.pixel_scale();
        const SDL_Point output = window_.output_size();
        const auto w = static_cast<float>(output.x);
        const auto h = static_cast<float>(output.y);
        const float m = 8.0f * px;
        network_lines(game, lines_);
        hint_.assign({{"Keys and mouse steer; Esc twice or closing leaves the game", hud_style::dim}});
        if (quit_.asking(SDL_GetTicks64()))
            hint_.insert(hint_.begin(), {"Press Escape again to leave the game", hud_style::alert});
        const SDL_FRect top = hud_.box(hud_corner::top_left, lines_, m, m, w - m, h - m);
        const SDL_FRect bottom = hud_.box(hud_corner::bottom_left, hint_, m, m, w - m, h - m);
        const float y0 = top.y + top.h + m;
        const float y1 = std::max(y0, bottom.y - m);
        fill_rect(r, {0.0f, 0.0f, w, h}, theme::letterbox);
        list_.clear();
        const game::peer& p = game.local();
        p.game().sim().draw(list_, game::draw_alpha(smoothing, p.loop()));
        // After a correction, what was drawn before it, fading (session/prediction_ghost.hpp).
        const game::scene* predicted = ghost_.predicted(game.now());
        const game::scene* corrected = ghost_.corrected(game.now());
        if (predicted != nullptr && corrected != nullptr)
            corrected->draw_ghost(list_, *predicted, ghost_.opacity(game.now()));
        scene_.draw(list_, {0.0f, 0.0f, w, h}, {0.0f, y0, w, y1 - y0}, px);
        hud_.draw(hud_corner::top_left, lines_, m, m, w - m, h - m);
        hud_.draw(hud_corner::bottom_left, hint_, m, m, w - m, h - m);
    }

    // One frame of the game, keeping the state it showed before, for the ghost of a correction.
    game::remote_state advance(game::remote_game& game) {
        ghost_.before_frame(game.local());
        const game::remote_state state = game.frame();
        ghost_.after_frame(game.local(), true, game.now());
        return state;
    }

    void present() { SDL_RenderPresent(window_.renderer()); }
    [[nodiscard]] std::string save(const std::string& path) const { return save_screenshot(window_.renderer(), path); }

private:
    sdl_runtime sdl_;
    font_files fonts_;
    window window_;
    scene_renderer scene_;
    hud hud_;
    pointer_tracker pointer_;
    quit_confirm quit_;
    game::prediction_ghost ghost_;
    game::draw_list list_;
    std::vector<hud_line> lines_;
    std::vector<hud_line> hint_;
};

int play(const game::launch_options& options) {
    const bool capture = !options.screenshot_path.empty();
    if (capture) {
        if (const std::string error = check_png_path(options.screenshot_path); !error.empty()) {
            return game::fail(game::exit_bad_input, error);
        }
    }
    // Filled by the window's events, emptied once per tick by the peer: this player's input.
    game::input_buffer input;
    const auto local = [&input](std::uint64_t, std::uint32_t) -> game::input_function {
        return [&input](std::uint64_t) { return input.take_for_tick(); };
    };
    // No display is found out now, not after the other player has joined: the runtime's one line.
    if (!capture && missing_display()) sdl_runtime{false};
    int code = 0;
    // The handshake first: no window stands empty while nobody has come.
    const auto game = game::remote_game::open(options, local, false, code);
    if (!game) return code;
    std::unique_ptr<remote_view> opened;
    try {
        opened = std::make_unique<remote_view>(options, capture);
    } catch (const startup_error&) {
        game->leave();  // the other player hears it now, not after --peer-timeout-s
        throw;
    }
    remote_view& view = *opened;
    const ticklab::nanoseconds frame_length = game::duration_of_seconds(options.frame_ms / 1000.0);
    const ticklab::nanoseconds start = game->handshake().start;
    const game::smoothing smoothing = options.loop.strategy.smoothing_mode;
    game->wait_for_start();
    for (std::int64_t frame = 0;; ++frame) {
        if (!view.take_events(input)) {
            game->leave();
            break;
        }
        if (view.advance(*game) != game::remote_state::playing) break;
        view.draw(*game, smoothing);
        view.present();
        // A frame that ran long (a window dragged, a slow renderer) is not made up with a burst
        // of frames: the next one is the next due from now.
        const std::int64_t due = (game::steady_now() - start) / frame_length;
        frame = std::max(frame, due);
        sleep_until_time(start + frame_length * (frame + 1));
    }
    if (capture) {
        // The last state, drawn in full and read before it is shown.
        view.draw(*game, smoothing);
        if (const std::string error = view.save(options.screenshot_path); !error.empty()) {
            return game::fail(game::exit_write_failed, error);
        }
    }
    return game->finish(options);
}

}  // namespace

int run_remote_window(const game::launch_options& options) {
    try {
        return play(options);
    } catch (const startup_error& error) {
        return game::fail(game::exit_bad_input, error.what());
    }
}

}  // namespace ticklab::app

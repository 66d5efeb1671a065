#include "app/window_app.hpp"

#include "app/render/fill_rect.hpp"
#include "app/render/screenshot.hpp"
#include "app/render/theme.hpp"
#include "app/ui/network_hud.hpp"
#include "sim/phase_timings.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include <utility>

namespace ticklab::app {

namespace {
window_config sized(window_config config, const game::launch_options& options) {
    config.width = options.window_width;
    config.height = options.window_height;
    return config;
}
}  // namespace

window_app::window_app(const game::launch_options& options, const ticklab::time_source& source, frame_output& output)
    : output_{output},
      sdl_{output.offscreen_if_no_display()},
      fonts_{find_fonts()},
      window_{sized(output.window_settings(options.loop), options)},
      scene_view_{window_.renderer()},
      hud_{window_.renderer(), fonts_, window_.pixel_scale()},
      imgui_{window_, fonts_, output.persist_layout()},
      session_{source, options.scene, options.scene_settings, options.loop},
      control_{session_, options.lesson, {.panel_visible = options.panel}},
      source_{source},
      redraw_{output.keeps_pixels(window_)} {
    context_.renderer_name = window_.renderer_name();
    // Screenshot runs keep nothing between runs, so every run draws the same picture.
    if (output.persist_layout()) {
        presentation_path_ = presentation_path();
        const presentation_settings saved = load_presentation(presentation_path_);
        presentation_.panel_open = saved.panel_open;
        presentation_.timeline_span = saved.timeline_span;
        if (options.lesson.empty()) panel_.restore_layout(saved.panel_open, saved.timeline_span);
        control_.view().text_scale = saved.text_scale;
        control_.view().fullscreen = saved.fullscreen;
    }
    if (options.text_scale) control_.view().text_scale = *options.text_scale;
    apply_view();
    fit_balls_box(options);
}

void window_app::fit_balls_box(const game::launch_options& options) {
    // Only a box nobody chose: a lesson states its box (its claims are tested in it), a replay and
    // a network game run the one they were made with, and --box-width is the user's.
    if (options.scene != "balls" || options.scene_settings.box_width != 0 || !options.lesson.empty() ||
        options.replay_recording || options.network) {
        return;
    }
    const layout area = frame_layout();
    if (area.world_height <= 0.0f) return;
    // Whole world units, so the report, a recording and --box-width can all say it: at most half a
    // unit of letterbox is left.
    const double height = game::scene_options::box_height;
    const auto width = static_cast<std::uint32_t>(std::clamp(
        std::lround(height * static_cast<double>(area.scene_width) / static_cast<double>(area.world_height)),
        static_cast<long>(game::scene_options::min_box_width), static_cast<long>(game::scene_options::max_box_width)));
    game::scene_options fitted = session_.options();
    fitted.box_width = width;
    session_.restart(session_.current_entry(), fitted);
}

const ticklab::frame_stats& window_app::frame() {
    read_events();                                           // first, so that this frame's ticks see the input
    const ticklab::frame_stats& frame = session_.advance();  // 1. read the clock once, run 0..MAX_LOOPS ticks
    session_.update_frame(frame);                            // 2. per-frame work: frame tasks, render tasks
    window_work(frame);                                      //    and the window's: FPS, vsync, FPS cap
    if (output_.skip_drawing(window_)) return frame;         //    minimised: no drawing, no waiting
    const bool presented = draw();                           // 3. draw between the last two tick states (alpha)
    output_.pace(presented);                                 // 4. optional FPS cap, sleeping rather than spinning
    return frame;
}

std::string window_app::capture(const std::string& path) const {
    return save_screenshot(window_.renderer(), path);
}

void window_app::read_events() {
    control_.set_now_ms(SDL_GetTicks64());
    const bool panel_visible = control_.view().panel_visible;
    SDL_Event event;
    while (SDL_PollEvent(&event)) {
        // A key press goes to ImGui or to the game, never both: a Tab that switches scenes must
        // not also move ImGui's keyboard focus into a widget (which would then swallow the keys
        // that follow). Releases go to both, so neither is left with a key held down. The mouse
        // reaches the game only when it is not over the panel.
        const bool game_key = event.type == SDL_KEYDOWN && !(panel_visible && imgui_.wants_keyboard());
        if (!game_key) {
            imgui_.process_event(event);
            panel_input_ = panel_input_ || event.type != SDL_WINDOWEVENT;
        }
        switch (event.type) {
            case SDL_QUIT:
                control_.view().quit = true;
                break;
            case SDL_WINDOWEVENT:
                if (event.window.event == SDL_WINDOWEVENT_FOCUS_LOST) {
                    session_.input().release_all();  // no stuck thrust after Alt-Tab
                    pointer_.cancel();
                }
                // Shown again, uncovered or resized: what the window showed may be gone.
                if (event.window.event != SDL_WINDOWEVENT_FOCUS_LOST &&
                    event.window.event != SDL_WINDOWEVENT_FOCUS_GAINED && event.window.event != SDL_WINDOWEVENT_ENTER &&
                    event.window.event != SDL_WINDOWEVENT_LEAVE && event.window.event != SDL_WINDOWEVENT_MOVED) {
                    redraw_.invalidate();
                }
                break;
            case SDL_KEYDOWN:
                if (const auto a = game_key ? action_for_key(event.key) : std::nullopt) control_.perform(*a);
                break;
            case SDL_KEYUP:
                if (const auto a = release_for_key(event.key)) control_.perform(*a);
                break;
            case SDL_MOUSEBUTTONDOWN:
            case SDL_MOUSEMOTION:
                if (!(panel_visible && imgui_.wants_mouse())) {
                    pointer_.handle(event, scene_view_.view(), window_.pixel_scale(), session_.input());
                }
                break;
            case SDL_MOUSEBUTTONUP:
                pointer_.handle(event, scene_view_.view(), window_.pixel_scale(), session_.input());
                break;
            default:
                break;
        }
    }
    apply_view();
}

void window_app::apply_view() {
    const view_state& view = control_.view();
    apply_text_scale(view.text_scale);
    if (view.fullscreen != presentation_.fullscreen) apply_fullscreen(view.fullscreen);
}

void window_app::apply_text_scale(float scale) {
    if (scale == presentation_.text_scale) return;
    presentation_.text_scale = scale;
    context_.text_scale = scale;
    hud_.set_text_scale(scale);
    imgui_.set_text_scale(scale);
    redraw_.invalidate();
    save_presentation_settings();
}

void window_app::apply_fullscreen(bool on) {
    if (SDL_SetWindowFullscreen(window_.sdl_window(), on ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0) != 0) {
        control_.say(std::string{"Fullscreen refused: "} + SDL_GetError());
        control_.view().fullscreen = presentation_.fullscreen;
        return;
    }
    presentation_.fullscreen = on;
    context_.fullscreen = on;
    save_presentation_settings();
}

void window_app::save_presentation_settings() {
    if (presentation_path_.empty()) return;
    if (const std::string error = save_presentation(presentation_path_, presentation_); !error.empty())
        std::fprintf(stderr, "ticklab: %s\n", error.c_str());
}

void window_app::window_work(const ticklab::frame_stats& frame) {
    fps_.add_frame(frame.real);
    // VSync and the FPS cap are the window's to apply; the session only carries the choice.
    output_.apply_settings(window_, session_.settings, context_);
}

bool window_app::draw() {
    const game::phase_timer render_timer;  // drawing through present, for the report
    const layout area = frame_layout();
    if (control_.view().screenshot_requested) redraw_.invalidate();  // F12 saves a frame drawn in full
    redraw_.begin_frame({area.output.x, area.output.y, area.pixel_scale, area.scene_width, area.world_height,
                         control_.view().panel_visible});
    const bool scene_drawn = draw_scene_and_hud(area);
    const bool panel_drawn = draw_panel(area, scene_drawn);
    // Nothing changed on screen: no present either (the window still shows the last frame).
    const bool presented = scene_drawn || panel_drawn;
    if (presented) present();
    session_.timings().render.add(render_timer.elapsed_ms());
    return presented;
}

window_app::layout window_app::frame_layout() const {
    const float px = window_.pixel_scale();
    const SDL_Point output = window_.output_size();
    // Without the panel the scene takes the whole window (and the frame skips ImGui entirely).
    const float scene_width =
        static_cast<float>(output.x) -
        (control_.view().panel_visible ? control_panel::width_pixels(px, presentation_.text_scale) : 0.0f);
    const float key_strip = hud_.one_line_height(hud_style::body) + 8.0f * px;
    return {px, output, scene_width, std::max(0.0f, static_cast<float>(output.y) - key_strip)};
}

bool window_app::draw_scene_and_hud(const layout& area) {
    if (const game::network_game* network = session_.network()) {
        // Two views and their HUDs, drawn in full every frame; the frame after a network game
        // ends draws in full too.
        redraw_.invalidate();
        draw_peers(area);
        draw_network_hud(area, *network);
        return true;
    }
    list_.clear();
    session_.draw(list_);  // between the last two tick states, as the smoothing setting says
    // The lesson's figures large top-left, the scene's own readouts top-right, the keys bottom-left.
    figures_ = hud_figures_for(control_.active_lesson(), session_.current_entry().name);
    auto& fresh = fresh_hud_lines_;
    build_hud_lines(session_, fps_, figures_, control_.notice(), fresh[0], fresh[1]);
    build_key_lines(control_.view().keys_expanded, fresh[2]);
    redraw_.offer_hud(source_.now(), fresh, hud_lines_);
    const float px = area.pixel_scale;
    const float x0 = 8.0f * px;
    const float x1 = area.scene_width - 8.0f * px;
    const float y1 = static_cast<float>(area.output.y) - 8.0f * px;
    constexpr std::array corners{hud_corner::top_left, hud_corner::top_right, hud_corner::bottom_left};
    static_assert(corners.size() == static_cast<std::size_t>(hud_corner::count));
    hud_boxes boxes{};
    for (std::size_t k = 0; k < corners.size(); ++k) boxes[k] = hud_.box(corners[k], hud_lines_[k], x0, x0, x1, y1);
    const screen_rect scene_area{0.0f, 0.0f, area.scene_width, static_cast<float>(area.output.y)};
    const screen_rect world_area{0.0f, 0.0f, area.scene_width, area.world_height};
    const scene_parts& parts = redraw_.plan_scene(list_, hud_lines_, boxes, scene_area, world_area);
    const auto draw_part = [&](const SDL_Rect* limit) {
        scene_view_.draw(list_, scene_area, world_area, px, limit);
        SDL_RenderSetClipRect(window_.renderer(), limit);
        for (std::size_t k = 0; k < corners.size(); ++k) {
            // A block draws nothing outside its backdrop (widened by a pixel for SDL's rounding).
            const SDL_Rect reach{static_cast<int>(boxes[k].x) - 1, static_cast<int>(boxes[k].y) - 1,
                                 static_cast<int>(boxes[k].w) + 3, static_cast<int>(boxes[k].h) + 3};
            if (limit != nullptr && SDL_HasIntersection(&reach, limit) == SDL_FALSE) continue;
            hud_.draw(corners[k], hud_lines_[k], x0, x0, x1, y1);
        }
        SDL_RenderSetClipRect(window_.renderer(), nullptr);
    };
    if (parts.all) {
        draw_part(nullptr);
    } else {
        for (const SDL_Rect& rect : parts.rects) draw_part(&rect);
    }
    return parts.any();
}

void window_app::draw_peers(const layout& area) {
    // One above the other: the scenes' worlds are wide (16:9), so each gets the full width. The key
    // hint's band at the bottom stays free, so it covers neither peer.
    const float px = area.pixel_scale;
    const float half = peer_half_height(area);
    // Peer 0 last: the pointer maps through the view drawn last, and peer 0 is the player here.
    for (const std::size_t peer : {std::size_t{1}, std::size_t{0}}) {
        list_.clear();
        session_.draw_peer(peer, list_);
        scene_view_.draw(list_, {0.0f, peer == 0 ? 0.0f : half, area.scene_width, half}, px);
    }
    fill_rect(window_.renderer(), {0.0f, half - px, area.scene_width, 2.0f * px}, theme::panel_background);
}

float window_app::peer_half_height(const layout& area) const {
    return area.world_height / 2.0f;
}

void window_app::draw_network_hud(const layout& area, const game::network_game& network) {
    // Each peer's lines in a top corner of its half, the keys bottom-left.
    const float px = area.pixel_scale;
    const float half = peer_half_height(area);
    const bool paused = session_.loop().clock().paused();
    const float x0 = 8.0f * px;
    const float x1 = area.scene_width - 8.0f * px;
    build_network_hud_lines(network, 0, paused, peer_lines_);
    hud_.draw(hud_corner::top_left, peer_lines_, x0, x0, x1, half - x0);
    build_network_hud_lines(network, 1, paused, peer_lines_);
    hud_.draw(hud_corner::top_right, peer_lines_, x0, half + x0, x1, 2.0f * half - x0);
    build_key_lines(control_.view().keys_expanded, key_lines_);
    hud_.draw(hud_corner::bottom_left, key_lines_, x0, half + x0, x1, static_cast<float>(area.output.y) - x0);
}

void window_app::rasterise_panel(const layout& area, const scene_parts& parts) {
    // The panel's background is one opaque fill; the ImGui window has none.
    const SDL_FRect column{area.scene_width, 0.0f, static_cast<float>(area.output.x) - area.scene_width,
                           static_cast<float>(area.output.y)};
    if (!parts.all) {
        bool kept_to_parts = true;
        for (const SDL_Rect& part : parts.rects) {
            SDL_RenderSetClipRect(window_.renderer(), &part);
            fill_rect(window_.renderer(), column, theme::panel_background);
            SDL_RenderSetClipRect(window_.renderer(), nullptr);
            kept_to_parts = kept_to_parts && imgui_.draw(&part);
        }
        if (kept_to_parts) return;
    }
    fill_rect(window_.renderer(), column, theme::panel_background);
    (void)imgui_.draw();
}

bool window_app::draw_panel(const layout& area, bool scene_drawn) {
    const bool input = std::exchange(panel_input_, false);
    if (!control_.view().panel_visible) {
        redraw_.no_panel();
        return false;
    }
    if (!redraw_.panel_due(source_.now(), input)) return false;
    imgui_.begin_frame(area.pixel_scale);
    panel_.draw(control_, context_);
    imgui_.end_frame();
    keep_panel_layout();
    imgui_.band_hashes(partial_redraw::band_height, area.output.y, panel_bands_);
    const bool needed = redraw_.panel_needed(source_.now(), input, imgui_.busy(), panel_bands_,
                                             imgui_.reaches_left_of(area.scene_width), scene_drawn);
    if (needed) rasterise_panel(area, redraw_.panel_parts());
    // After drawing: a new text size rebuilds the font atlas, which this frame's draw data still uses.
    apply_view();
    return needed;
}

void window_app::keep_panel_layout() {
    // Only the user's own layout: a lesson opens the sections it needs, which are not the user's.
    if (presentation_path_.empty() || !control_.active_lesson().empty()) return;
    std::vector<std::string> open = panel_.open_section_names();
    const int span = panel_.timeline_span();
    if (!layout_seen_) {
        // The first frame shows what was loaded (or the defaults): nothing to write yet.
        layout_seen_ = true;
        presentation_.panel_open = std::move(open);
        presentation_.timeline_span = span;
        return;
    }
    if (open == presentation_.panel_open && span == presentation_.timeline_span) return;
    presentation_.panel_open = std::move(open);
    presentation_.timeline_span = span;
    save_presentation_settings();
}

void window_app::present() {
    if (control_.view().screenshot_requested) save_user_screenshot();  // reads the finished frame before it is shown
    output_.present(window_);
}

void window_app::save_user_screenshot() {
    control_.view().screenshot_requested = false;
    const auto path = timestamped_screenshot_path();
    std::string said;
    if (const std::string error = save_screenshot(window_.renderer(), path); !error.empty()) {
        said = error;
    } else {
        said = "Screenshot saved to " + path.string();
        context_.last_screenshot = path.string();
    }
    std::printf("ticklab: %s\n", said.c_str());
    std::fflush(stdout);
    control_.say(std::move(said));
}

}  // namespace ticklab::app

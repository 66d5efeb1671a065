#include "app/window_app.hpp"

#include "app/platform/page_files.hpp"
#include "app/render/fill_rect.hpp"
#include "app/render/screenshot.hpp"
#include "app/render/theme.hpp"
#include "app/ui/network_hud.hpp"
#include "sim/phase_timings.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <optional>

#include <utility>

namespace ticklab::app {

namespace {
// Where the presentation file is, for the runs that keep one.
std::filesystem::path presentation_path_for(const frame_output& output) {
    return output.persist_layout() ? presentation_path() : std::filesystem::path{};
}

// The window opens at --window-size, else at the size it last had (fitted to the screen), else at the default.
window_config sized(window_config config, const game::launch_options& options, const presentation_settings& kept) {
    std::optional<window_size> given;
    if (options.window_size_given) given = window_size{options.window_width, options.window_height};
    std::optional<SDL_Rect> screen;
    if (SDL_Rect usable{}; SDL_GetDisplayUsableBounds(0, &usable) == 0) screen = usable;
    const window_size size =
        opening_window_size(kept, given, screen, window_size{options.window_width, options.window_height});
    config.width = size.width;
    config.height = size.height;
    return config;
}
// The pool the balls are drawn on: the one the simulation's ticks use (--threads, or one per
// hardware thread), so that a window adds no threads of its own. The draw and the ticks take
// turns, so one pool serves both.
ticklab::worker_pool& draw_workers(const game::scene_options& settings) {
    const unsigned threads = settings.threads == 0 ? ticklab::worker_pool::machine_threads()
                                                   : std::min<unsigned>(settings.threads, ticklab::max_worker_threads);
    return ticklab::shared_worker_pool(threads);
}
}  // namespace

window_app::window_app(const game::launch_options& options, const ticklab::time_source& source, frame_output& output)
    : output_{output},
      sdl_{output.offscreen_if_no_display()},
      presentation_path_{presentation_path_for(output)},
      kept_{load_presentation(presentation_path_)},
      fonts_{find_fonts()},
      window_{sized(output.window_settings(options.loop), options, kept_)},
      scene_view_{window_.renderer(), &draw_workers(options.scene_settings)},
      hud_{window_.renderer(), fonts_, window_.pixel_scale()},
      imgui_{window_, fonts_, output.persist_layout()},
      session_{source, options.scene, options.scene_settings, options.loop},
      control_{session_, options.lesson, {.panel_visible = options.panel}},
      source_{source},
      redraw_{output.keeps_pixels(window_)},
      plan_{hud_, session_, control_, fps_} {
    context_.renderer_name = window_.renderer_name();
    // Screenshot runs keep nothing between runs, so every run draws the same picture.
    if (!presentation_path_.empty()) {
        presentation_.panel_open = kept_.panel_open;
        presentation_.timeline_span = kept_.timeline_span;
        presentation_.window = kept_.window;
        keep_window_size();
        if (options.lesson.empty()) panel_.restore_layout(kept_.panel_open, kept_.timeline_span);
        control_.view().text_scale = kept_.text_scale;
        control_.view().fullscreen = kept_.fullscreen;
    }
    if (options.text_scale) control_.view().text_scale = *options.text_scale;
    // --palette, else the one the window kept; a window keeps what it was given.
    presentation_.palette = options.palette.value_or(kept_.palette);
    panel_.set_palette(presentation_.palette);
    apply_view();
    fit_balls_box(options);
    // Opening the window and a 100,000-ball reset took 60-70 ms: caught up as ticks, they made the
    // first frames long, and each long frame the next one longer.
    session_.start_clock_now();
}

void window_app::show_first_picture() {
    // The first draw builds the sprite atlas, the HUD's glyphs and ImGui's font atlas, and the first
    // present sets up the window's surface: 60-80 ms at 100,000 balls. Drawn before the clock starts,
    // that time is not caught up in ticks by the frames after it.
    (void)draw_and_present();
    session_.start_clock_now();
}

window_app::~window_app() {
    if (presentation_ != kept_) save_presentation_settings();
}

void window_app::fit_balls_box(const game::launch_options& options) {
    // Only a box nobody chose: a lesson states its box (its claims are tested in it), a replay and
    // a network game run the one they were made with, and --box-width is the user's.
    if (!session_.current_entry().parts.box_width || options.scene_settings.box_width != 0 || !options.lesson.empty() ||
        options.replay_recording || options.network) {
        return;
    }
    const SDL_FRect world = frame_layout().place.world_area;
    if (world.h <= 0.0f) return;
    // Whole world units, so the report, a recording and --box-width can all say it: at most half a
    // unit of letterbox is left.
    const double height = game::scene_options::box_height;
    const auto width = static_cast<std::uint32_t>(std::clamp(
        std::lround(height * static_cast<double>(world.w) / static_cast<double>(world.h)),
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
    session_.use_spare_time(output_.frame_budget());         // 4. idle tasks with the time left, then
    output_.pace(presented);                                 //    the optional FPS cap, sleeping rather than spinning
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
                if (event.window.event == SDL_WINDOWEVENT_SIZE_CHANGED) keep_window_size();
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
    if (const std::string refused = window_.set_fullscreen(on); !refused.empty()) {
        control_.say("Fullscreen refused: " + refused);
        control_.view().fullscreen = presentation_.fullscreen;
        return;
    }
    presentation_.fullscreen = on;
    context_.fullscreen = on;
    save_presentation_settings();
}

void window_app::save_presentation_settings() {
    if (presentation_path_.empty()) return;
    if (const std::string error = save_presentation(presentation_path_, presentation_); !error.empty()) {
        std::fprintf(stderr, "ticklab: %s\n", error.c_str());
        return;
    }
    kept_ = presentation_;
}

void window_app::keep_window_size() {
    // Written with the other settings; the window's last size is saved when the window closes.
    const Uint32 flags = SDL_GetWindowFlags(window_.sdl_window());
    if (window_.fullscreen() || (flags & (SDL_WINDOW_MAXIMIZED | SDL_WINDOW_MINIMIZED)) != 0) return;
    window_size size;
    SDL_GetWindowSize(window_.sdl_window(), &size.width, &size.height);
    // A size the file would refuse (a window manager may shrink a window under its minimum) is not kept.
    if (size.width >= min_window_size.width && size.height >= min_window_size.height &&
        size.width <= max_window_size.width && size.height <= max_window_size.height) {
        presentation_.window = size;
    }
}

void window_app::window_work(const ticklab::frame_stats& frame) {
    fps_.add_frame(frame.real);
    // VSync and the FPS cap are the window's to apply; the session only carries the choice.
    output_.apply_settings(window_, session_.settings(), context_);
}

bool window_app::draw() {
    const game::phase_timer render_timer;  // drawing through present, for the report
    const bool presented = draw_and_present();
    session_.timings().render.add(render_timer.elapsed_ms());
    return presented;
}

float window_app::world_pixels_laid_out() const {
    return world_pixels(last_layout_, world_aspect_);
}

bool window_app::draw_and_present() {
    hud_.clear_drawn();
    const layout area = frame_layout();
    if (control_.view().screenshot_requested) redraw_.invalidate();  // F12 saves a frame drawn in full
    const SDL_FRect& world = area.place.world_area;
    redraw_.begin_frame({area.output.x, area.output.y, area.pixel_scale, area.scene_width, world.y, world.h,
                         control_.view().panel_visible});
    const bool scene_drawn = draw_scene_and_hud(area);
    const bool panel_drawn = draw_panel(area, scene_drawn);
    // Nothing changed on screen: no present either (the window still shows the last frame).
    const bool presented = scene_drawn || panel_drawn;
    if (presented) present();
    return presented;
}

void window_app::fit_panel_text(SDL_Point output) {
    // Applied between ImGui frames: a new size rebuilds the font atlas.
    const float scale = app::panel_text_scale(output.x, window_.pixel_scale(), presentation_.text_scale);
    if (scale == context_.text_scale) return;
    context_.text_scale = scale;
    imgui_.set_text_scale(scale);
    redraw_.invalidate();
}

hud_plan::where window_app::where_now() const {
    const float px = window_.pixel_scale();
    return {.output = window_.output_size(),
            .pixel_scale = px,
            .panel_width = control_.view().panel_visible ? control_panel::width_pixels(px, context_.text_scale) : 0.0f,
            .world_aspect = world_aspect_};
}

void window_app::build_hud() {
    // The lesson's figures large and the scene's own readouts (in a band, or a column beside the
    // world), and the strip along the bottom, in the plan's form (hud_plan.hpp).
    const hud_plan::where at = where_now();
    figures_ = hud_figures_for(control_.active_lesson(), session_.current_entry().name);
    auto& fresh = fresh_hud_lines_;
    build_hud_lines(session_, fps_, figures_, {}, fresh[0], fresh[1]);
    plan_.shape(fresh[0], fresh[1]);
    build_strip_lines(plan_.strip(at), plan_.strip_width(at), hud_, fresh[2]);
    plan_.fit_strip(fresh[2]);
    if (const game::network_game* network = session_.network()) {
        const bool paused = session_.loop().clock().paused();
        // Half the scene's width: the two worlds may stand side by side, each block below its own.
        const float half = (static_cast<float>(at.output.x) - at.panel_width) / 2.0f - 4.0f * 8.0f * at.pixel_scale;
        for (std::size_t peer = 0; peer < peer_lines_.size(); ++peer) {
            build_network_hud_lines(*network, peer, paused, peer_lines_[peer]);
            wrap_lines(peer_lines_[peer], half, hud_);
        }
        fresh[0].clear();  // each peer's block takes the place of the loop's and the scene's
        fresh[1].clear();
    }
    redraw_.offer_hud(source_.now(), fresh, hud_lines_);
}

layout_input window_app::measure_hud(const layout& base) {
    const float px = base.pixel_scale;
    const auto w = static_cast<float>(base.output.x);
    const auto h = static_cast<float>(base.output.y);
    const auto size = [&](hud_corner corner, std::span<const hud_line> lines) {
        const SDL_FRect box = hud_.box(corner, lines, 0.0f, 0.0f, w, h);
        return SDL_FPoint{box.w, box.h};
    };
    layout_input in{.output = base.output, .pixel_scale = px, .panel_width = w - base.scene_width};
    in.world_aspect = world_aspect_;
    in.top_left = size(hud_corner::top_left, hud_lines_[0]);
    in.top_right = size(hud_corner::top_right, hud_lines_[1]);
    // Room for PAUSED while it is not shown, so pausing does not move the world.
    bool paused_shown = false;
    for (const hud_line& line : hud_lines_[0]) paused_shown = paused_shown || line.style == hud_style::alert;
    if (!hud_lines_[0].empty() && !paused_shown)
        in.top_left_reserve = hud_.one_line_height(hud_style::alert) - 14.0f * px;
    // The strip keeps its tallest (hud_plan); the F1 list is a help sheet laid over the world.
    in.bottom = size(hud_corner::bottom_left, hud_lines_[2]);
    in.bottom_reserve = plan_.strip_reserve();
    in.keep = plan_.arrangement_kept();
    in.bottom.y = std::min(in.bottom.y, plan_.strip_reserve());  // fit_strip keeps it there, to the pixel
    if (session_.network() != nullptr) {
        in.network = true;
        for (std::size_t peer = 0; peer < peer_lines_.size(); ++peer) {
            const hud_corner corner = peer == 0 ? hud_corner::top_left : hud_corner::top_right;
            const SDL_FPoint s = size(corner, peer_lines_[peer]);
            in.peer_block.x = std::max(in.peer_block.x, s.x);
            in.peer_block.y = std::max(in.peer_block.y, s.y);
        }
        in.top_left = {};
        in.top_right = {};
        in.top_left_reserve = 0.0f;
    }
    // The blocks only grow while the same things are laid out: a readout that comes and goes, a
    // figure that gains a digit or another lesson's figures do not move the world.
    const auto grow = [](SDL_FPoint& kept, SDL_FPoint& now) {
        kept = {std::max(kept.x, now.x), std::max(kept.y, now.y)};
        now = kept;
    };
    grow(kept_blocks_[0], in.top_left);
    grow(kept_blocks_[1], in.top_right);
    grow(kept_blocks_[2], in.peer_block);
    return in;
}

void window_app::measure_world() {
    // The world's shape (the balls' box, the lander's field): what the layout fits. The list drawn
    // here is the one this frame shows.
    list_.clear();
    if (session_.network() != nullptr) {
        session_.draw_peer(0, list_);
    } else {
        session_.draw(list_);  // between the last two tick states, as the smoothing setting says
    }
    if (list_.world_size.x > 0.0f && list_.world_size.y > 0.0f) world_aspect_ = list_.world_size.x / list_.world_size.y;
}

window_app::layout window_app::frame_layout() {
    const float px = window_.pixel_scale();
    const SDL_Point output = window_.output_size();
    fit_panel_text(output);
    const view_state& view = control_.view();
    measure_world();
    // A new text size, window size, panel or scene: the fit starts again from the user's size.
    // Another lesson of the same scene, B, Q, F1 or a notice keep the layout.
    const std::string key = std::to_string(presentation_.text_scale) + " " + std::to_string(output.x) + "x" +
                            std::to_string(output.y) + " " + (view.panel_visible ? "panel " : "") +
                            (session_.network() ? "network " : "") +
                            (control_.active_lesson().empty() ? "" : "lesson ") +
                            std::string{session_.current_entry().name} + " " + std::to_string(world_aspect_);
    // Without the panel the scene takes the whole window (and the frame skips ImGui entirely).
    const float panel = view.panel_visible ? control_panel::width_pixels(px, context_.text_scale) : 0.0f;
    layout area{px, output, static_cast<float>(output.x) - panel, {}};
    const auto plan = [&] {
        kept_blocks_ = {};
        plan_.reserve_strip(where_now());
        build_hud();
        const auto kept = plan_.choose_form(where_now(), measure_hud(area));
        kept_blocks_[0] = kept[0];
        kept_blocks_[1] = kept[1];
        redraw_.invalidate();
    };
    if (key != layout_key_) {
        layout_key_ = key;
        hud_scale_ = presentation_.text_scale;
        hud_.set_text_scale(hud_scale_);
        plan();
    }
    build_hud();
    constexpr float smallest_hud_scale = 0.5f;
    for (int attempt = 0; attempt < 6; ++attempt) {
        area.place = lay_out(measure_hud(area));
        if (area.place.hud_fit >= 1.0f || hud_scale_ <= smallest_hud_scale) break;
        // Text width follows the font size closely but not exactly: a little under the factor.
        // With some room to spare, so that a figure gaining a digit does not shrink the text again.
        hud_scale_ = std::max(smallest_hud_scale, hud_scale_ * area.place.hud_fit * 0.9f);
        hud_.set_text_scale(hud_scale_);
        plan();
        build_hud();
    }
    // A scene's block cut to its room (a readout that came later) loses its last lines.
    auto& readouts = hud_lines_[1];
    while (!readouts.empty() && hud_.block_size(readouts).y > area.place.top_right.h + 0.5f) readouts.pop_back();
    last_layout_ = area.place;
    return area;
}

SDL_FRect window_app::world_drawn() const noexcept {
    const screen_rect& v = scene_view_.view().viewport();
    return {v.x, v.y, v.w, v.h};
}

bool window_app::draw_scene_and_hud(const layout& area) {
    if (session_.network() != nullptr) {
        // Two views and their HUDs, drawn in full every frame; the frame after a network game
        // ends draws in full too.
        redraw_.invalidate();
        draw_peers(area);
        draw_network_hud(area);
        return true;
    }
    const float px = area.pixel_scale;  // list_ holds this frame's picture (measure_world)
    const screen_layout& place = area.place;
    constexpr std::array corners{hud_corner::top_left, hud_corner::top_right, hud_corner::bottom_left};
    static_assert(corners.size() == static_cast<std::size_t>(hud_corner::count));
    const std::array<SDL_FRect, 3> placed{place.top_left, place.top_right, place.bottom};
    hud_boxes boxes{};
    const auto at = [&](std::size_t k) {
        // The corner's rectangle for hud::draw, from where the layout put the block.
        const SDL_FRect& r = placed[k];
        return std::array<float, 4>{r.x, r.y, r.x + r.w, r.y + r.h};
    };
    for (std::size_t k = 0; k < corners.size(); ++k) {
        const auto [x0, y0, x1, y1] = at(k);
        boxes[k] = hud_.box(corners[k], hud_lines_[k], x0, y0, x1, y1);
    }
    const screen_rect scene_area{0.0f, 0.0f, area.scene_width, static_cast<float>(area.output.y)};
    const screen_rect world_area{place.world_area.x, place.world_area.y, place.world_area.w, place.world_area.h};
    const scene_parts& parts = redraw_.plan_scene(list_, hud_lines_, boxes, scene_area, world_area);
    const auto draw_part = [&](const SDL_Rect* limit) {
        scene_view_.draw(list_, scene_area, world_area, px, limit);
        SDL_RenderSetClipRect(window_.renderer(), limit);
        for (std::size_t k = 0; k < corners.size(); ++k) {
            // A block draws nothing outside its backdrop (widened by a pixel for SDL's rounding).
            const SDL_Rect reach{static_cast<int>(boxes[k].x) - 1, static_cast<int>(boxes[k].y) - 1,
                                 static_cast<int>(boxes[k].w) + 3, static_cast<int>(boxes[k].h) + 3};
            if (limit != nullptr && SDL_HasIntersection(&reach, limit) == SDL_FALSE) continue;
            const auto [x0, y0, x1, y1] = at(k);
            hud_.draw(corners[k], hud_lines_[k], x0, y0, x1, y1);
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
    // Two worlds as the layout places them (side by side, or one above the other); the strip at the
    // bottom stays free, so it covers neither peer.
    const float px = area.pixel_scale;
    const SDL_FRect scene{0.0f, 0.0f, area.scene_width, static_cast<float>(area.output.y)};
    fill_rect(window_.renderer(), scene, theme::letterbox);
    // Peer 0 last: the pointer maps through the view drawn last, and peer 0 is the player here.
    for (const std::size_t peer : {std::size_t{1}, std::size_t{0}}) {
        list_.clear();
        session_.draw_peer(peer, list_);
        const SDL_FRect& view = area.place.views[peer];
        scene_view_.draw(list_, {view.x, view.y, view.w, view.h}, {view.x, view.y, view.w, view.h}, px);
    }
}

void window_app::draw_network_hud(const layout& area) {
    // Each peer's lines where the layout put its block; the strip bottom-left.
    for (std::size_t peer = 0; peer < peer_lines_.size(); ++peer) {
        const SDL_FRect& b = area.place.peer_blocks[peer];
        const hud_corner corner = peer == 0 ? hud_corner::top_left : hud_corner::top_right;
        hud_.draw(corner, peer_lines_[peer], b.x, b.y, b.x + b.w, b.y + b.h);
    }
    const SDL_FRect& keys = area.place.bottom;
    hud_.draw(hud_corner::bottom_left, hud_lines_[2], keys.x, keys.y, keys.x + keys.w, keys.y + keys.h);
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
        offer_download(path);
    }
    std::printf("ticklab: %s\n", said.c_str());
    std::fflush(stdout);
    // On screen the file's name only: the whole path is on standard output and in the panel.
    if (context_.last_screenshot == path.string()) said = "Screenshot saved: " + path.filename().string();
    control_.say(std::move(said));
}

}  // namespace ticklab::app

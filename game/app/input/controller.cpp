#include "app/input/controller.hpp"

#include "app/input/controls.hpp"
#include "app/platform/presentation_file.hpp"
#include "run/lesson_library.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <utility>

namespace ticklab::app {

controller::controller(game::session& session, std::string lesson, view_state view) : session_{session}, view_{view} {
    lessons_.active = std::move(lesson);
    view_.text_scale = std::clamp(view_.text_scale, min_text_scale, max_text_scale);
}

void controller::say(std::string text) {
    notice_ = std::move(text);
    notice_until_ = now_ms_ + notice_ms;
    notice_is_b_ = false;
}

void controller::drop_b_notice() {
    if (!notice_is_b_) return;
    notice_.clear();
    notice_until_ = 0;
    notice_is_b_ = false;
}

std::string controller::notice() const {
    if (quit_confirm_.asking(now_ms_)) return "Press Escape again to quit";
    return now_ms_ < notice_until_ ? notice_ : std::string{};
}

void controller::perform(const action& a) {
    try {
        perform_unchecked(a);
    } catch (const std::exception& error) {
        // The session checks what it is handed (std::invalid_argument): the run goes on as it was.
        ++refused_;
        say(error.what());
    }
}

void controller::perform_unchecked(const action& a) {
    // A change of the loop's settings: an edit of a copy, handed to the session in one call.
    const auto edit_loop = [this](auto&& edit) {
        game::loop_settings settings = session_.settings();
        edit(settings);
        session_.set_settings(settings);
    };
    using enum action_kind;
    switch (a.kind) {
        case none:
        case count:
            return;
        case toggle_pause:
            return edit_loop([](game::loop_settings& s) { app::toggle_pause(s); });
        case step:
            return edit_loop([](game::loop_settings& s) { step_once(s); });
        case faster:
            return edit_loop([](game::loop_settings& s) { app::faster(s); });
        case slower:
            return edit_loop([](game::loop_settings& s) { app::slower(s); });
        case set_time_scale:
            return session_.set_time_scale(clamp_time_scale(a.value));
        case tick_rate_up:
            return session_.set_tick_rate(next_tick_rate(session_.settings().tick_rate_hz));
        case tick_rate_down:
            return session_.set_tick_rate(previous_tick_rate(session_.settings().tick_rate_hz));
        case set_loop:
            if (a.loop) session_.set_settings(*a.loop);  // the session pulls every field into its range
            return;
        case next_scene: {
            const auto scenes = game::scene_registry();
            std::size_t current = 0;
            for (std::size_t i = 0; i < scenes.size(); ++i) {
                if (scenes[i].name == session_.current_entry().name) current = i;
            }
            return switch_to((current + 1) % scenes.size());
        }
        case action_kind::switch_scene:
            return switch_to(static_cast<std::size_t>(std::max(0.0, a.value)));
        case reset:
            return session_.reset();
        case reset_with:
            if (a.options) session_.reset(*a.options);
            return;
        case set_scene_value:
            // Scene settings are not in a recording: they stay as they are while one records or plays.
            // A name the scene has no control by is refused with its one line (the notice).
            if (!replay_busy()) session_.current_scene().set_control(a.name, a.value);
            return;
        case press:
            return session_.input().press(a.game_action);
        case release:
            return session_.input().release(a.game_action);
        case pointer:
            if (a.pointer) session_.input().pointer(*a.pointer);
            return;
        case next_lesson:
            return step_lesson(1);
        case previous_lesson:
            return step_lesson(-1);
        case action_kind::apply_lesson:
            return apply_lesson_at(static_cast<std::size_t>(std::max(0.0, a.value)));
        case restart_lesson:
            // A teacher's file is applied as it was read, under the path it was given as.
            if (const game::lesson* active = game::find_lesson(lessons_.active))
                this->apply_lesson(*active, lessons_.active);
            return;
        case lesson_toggle:
            return toggle_lesson();
        case toggle_keys:
            view_.keys_expanded = !view_.keys_expanded;
            return;
        case toggle_questions:
            view_.questions_shown = !view_.questions_shown;
            return;
        case toggle_panel:
            view_.panel_visible = !view_.panel_visible;
            return;
        case toggle_fullscreen:
            view_.fullscreen = !view_.fullscreen;
            return;
        case text_larger:
            return scale_text(view_.text_scale * text_scale_step);
        case text_smaller:
            return scale_text(view_.text_scale / text_scale_step);
        case text_reset:
            return scale_text(1.0f);
        case action_kind::set_text_scale:
            return scale_text(static_cast<float>(a.value));
        case screenshot:
            view_.screenshot_requested = true;
            return;
        case quit:
            if (quit_confirm_.press(now_ms_)) view_.quit = true;
            return;
        case pause_task:
            session_.tasks().pause(a.task);
            return;
        case resume_task:
            session_.tasks().resume(a.task);
            return;
        case terminate_task:
            session_.tasks().terminate(a.task);
            return;
        case start_network:
            if (!a.network) return;
            session_.stop_network();
            session_.start_network(*a.network);
            return;
        case stop_network:
            return session_.stop_network();
        case start_recording:
            return session_.start_recording();
        case stop_recording:
            return session_.stop_recording();
        case stop_replay:
            return session_.stop_replay();
    }
}

bool controller::replay_busy() const {
    const game::replay_status& replay = session_.replay_state();
    return replay.recording || replay.player.has_value();
}

void controller::start_replay(game::replay recording) {
    try {
        session_.start_replay(std::move(recording));
        lessons_.active.clear();
    } catch (const std::exception& error) {
        ++refused_;
        say(error.what());
    }
}

void controller::switch_to(std::size_t index) {
    const auto scenes = game::scene_registry();
    if (index >= scenes.size() || scenes[index].name == session_.current_entry().name) return;
    session_.switch_scene(scenes[index]);
    drop_b_notice();
    // The lesson was about the scene that ran: its text and figures would now describe nothing.
    lessons_.active.clear();
}

void controller::apply_lesson_at(std::size_t index) {
    // The built-in lessons, then those found in the share and user folders, as the panel lists them.
    const game::lesson* l = game::listed_lesson(index);
    if (l == nullptr) return;
    apply_lesson(*l, l->name);
    lessons_.picked = index;
}

void controller::apply_lesson(const game::lesson& l, std::string key) {
    drop_b_notice();
    game::lesson_setup setup;
    l.configure(setup);
    session_.stop_network();
    session_.set_settings(setup.loop);
    session_.restart(*game::find_scene(setup.scene), setup.options);
    if (setup.network) session_.start_network(*setup.network);
    // What the lesson's figures show starts with the lesson, not with what ran before it.
    session_.restart_statistics();
    lessons_.active = std::move(key);
}

void controller::step_lesson(int step) {
    const std::size_t count = game::listed_lesson_count();
    if (count == 0 || step == 0) return;
    // The panel's list in order, the teacher's own lessons after the built-in ones; from a lesson
    // read by path, PageDown goes to the first, PageUp to the last.
    const auto from = game::listed_index(game::find_lesson(lessons_.active));
    apply_lesson_at(game::step_in_list(from, step, count));
}

void controller::toggle_lesson() {
    // Each of B's lines is about the lesson that runs: a switch drops it (drop_b_notice).
    const auto say_b = [this](std::string text) {
        say(std::move(text));
        notice_is_b_ = true;
    };
    const game::lesson* active = game::find_lesson(lessons_.active);
    if (active == nullptr) {
        say_b("B flips a lesson's before / after: no lesson runs (PageDown starts one)");
        return;
    }
    const auto controls = session_.current_entry().parts.controls;
    game::loop_settings flipped = session_.settings();
    if (game::is_network_toggle(active->toggle)) {
        // A network setting: the game starts again with it, as the panel's Network section does.
        const game::network_game* running = session_.network();
        if (running == nullptr) {
            say_b("B flips a setting of the network game, which is not running (R starts the lesson again)");
            return;
        }
        game::network_settings network = running->config().network;
        game::apply_network_toggle(active->toggle, network);
        session_.stop_network();
        session_.start_network(network);
    } else if (game::apply_toggle(*active, flipped)) {
        session_.set_settings(flipped);
    } else {
        // A scene toggle is a scene setting: as the panel's, it stays as it is while a replay records or plays.
        const game::scene_control* c = game::find_control(controls, active->toggle);
        if (c == nullptr || c->kind != game::control_kind::toggle) {
            say_b(std::string{game::no_before_after_text});
            return;
        }
        if (replay_busy()) {
            say_b("B flips a scene setting, which stays as it is while a replay records or plays");
            return;
        }
        game::apply_scene_toggle(active->toggle, controls, session_.current_scene());
    }
    // The figures count from the flip, so "after" is not read through the "before" counts.
    session_.restart_statistics();
    const game::network_game* network = session_.network();
    say_b(game::before_after_text(*active, session_.settings(), controls, session_.current_scene(),
                                  network != nullptr ? &network->config().network : nullptr));
}

void controller::scale_text(float scale) {
    if (!std::isfinite(scale)) return;
    view_.text_scale = std::clamp(scale, min_text_scale, max_text_scale);
}

}  // namespace ticklab::app

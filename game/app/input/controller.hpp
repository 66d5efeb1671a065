#pragma once
// Performs actions (action.hpp) on a session and on what the window shows. The one place where a
// key press, a panel button and a test's action all end up, so they cannot disagree, and so that a
// test can drive every sequence a person can, with no window.
//
// Usage:
//   controller control{session, options.lesson, {.panel_visible = options.panel}};
//   control.perform(action::of(action_kind::next_scene));
//   if (control.view().panel_visible) ...

#include "app/input/action.hpp"
#include "session/session.hpp"
#include "sim/lessons.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace ticklab::app {

// What the window shows besides the scene. Actions change it; the window applies it (a real
// window may refuse fullscreen: it then sets `fullscreen` back and says why).
struct view_state {
    bool panel_visible = true;
    bool keys_expanded = false;    // F1: every key over the scene
    bool questions_shown = false;  // Q: the lesson's questions in the strip, in place of its claim
    float text_scale = 1.0f;       // min_text_scale to max_text_scale
    bool fullscreen = false;
    bool screenshot_requested = false;
    bool quit = false;
};

// Escape asks before quitting: the first press starts a 3 s window in which a second press quits.
class quit_confirm {
public:
    static constexpr std::uint64_t window_ms = 3000;
    // True when this press quits (a second press within window_ms of the first).
    bool press(std::uint64_t now_ms) {
        if (asked_at_ && now_ms - *asked_at_ <= window_ms) return true;
        asked_at_ = now_ms;
        return false;
    }
    // Whether the prompt ("Press Escape again to quit") shows at `now_ms`.
    [[nodiscard]] bool asking(std::uint64_t now_ms) const { return asked_at_ && now_ms - *asked_at_ <= window_ms; }

private:
    std::optional<std::uint64_t> asked_at_;
};

struct lessons_state {
    std::string active;                 // the lesson applied last (--lesson or the panel); "" for none
    std::optional<std::size_t> picked;  // the entry chosen in the list; starts on the active one
};

class controller {
public:
    // `session` must outlive the controller. `lesson`: the one the run started with ("" for none).
    controller(game::session& session, std::string lesson, view_state view);

    // Never throws: what the session refuses (a network game's bad settings, a replay of another
    // scene) becomes the notice, and counts in refused().
    void perform(const action& a);

    // The panel's "Replay file": the recording's scene and settings take over, and no lesson runs.
    void start_replay(game::replay recording);

    // The window's clock in ms (SDL_GetTicks64): Escape's second press and how long a notice shows.
    void set_now_ms(std::uint64_t now_ms) noexcept { now_ms_ = now_ms; }
    // A one-line message for the HUD ("" for none): what an action refused, where F12 saved.
    void say(std::string text);
    [[nodiscard]] std::string notice() const;

    [[nodiscard]] game::session& session() noexcept { return session_; }
    [[nodiscard]] const game::session& session() const noexcept { return session_; }
    [[nodiscard]] view_state& view() noexcept { return view_; }
    [[nodiscard]] const view_state& view() const noexcept { return view_; }
    [[nodiscard]] lessons_state& lessons() noexcept { return lessons_; }
    [[nodiscard]] const std::string& active_lesson() const noexcept { return lessons_.active; }
    [[nodiscard]] std::uint64_t refused() const noexcept { return refused_; }

    static constexpr std::uint64_t notice_ms = 4000;
    static constexpr float text_scale_step = 1.25f;  // Ctrl + and Ctrl -: four steps double the size

private:
    void perform_unchecked(const action& a);
    void apply_lesson_at(std::size_t index);
    // `key`: what find_lesson finds it by (a built-in lesson's name, a file's path).
    void apply_lesson(const game::lesson& l, std::string key);
    void step_lesson(int step);
    void toggle_lesson();
    void switch_to(std::size_t index);
    void scale_text(float scale);
    // A lesson or scene switch: B's notice named the lesson that ran, so it goes (other notices stay).
    void drop_b_notice();
    [[nodiscard]] bool replay_busy() const;  // recording or replaying

    game::session& session_;
    lessons_state lessons_;
    view_state view_;
    quit_confirm quit_confirm_;
    std::string notice_;
    std::uint64_t notice_until_ = 0;
    bool notice_is_b_ = false;  // the notice is B's before / after line, which belongs to the lesson that ran
    std::uint64_t now_ms_ = 0;
    std::uint64_t refused_ = 0;
};

}  // namespace ticklab::app

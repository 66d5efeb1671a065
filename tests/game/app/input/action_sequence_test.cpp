// Sequences of actions, as a teacher takes them in whatever order a class asks (issue 22): each
// action through the controller, then a frame, then the invariants a person relies on. The named
// sequences are the ones found by hand; the seeded random ones run thousands of actions headless.
#include "app/input/controller.hpp"
#include "app/platform/presentation_file.hpp"
#include "app/ui/hud_figures.hpp"
#include "app/ui/hud_text.hpp"
#include "run/lesson_library.hpp"
#include "scenes/balls_scene.hpp"
#include "scenes/lander_scene.hpp"
#include "scenes/orbits_scene.hpp"

#include <gtest/gtest.h>

#include <ticklab/time_source.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <string>

namespace {

namespace app = ticklab::app;
namespace game = ticklab::game;
using app::action;
using app::action_kind;

bool inside(const game::draw_list& list, game::vec2 p, float margin) {
    return p.x >= list.world_origin.x - margin && p.y >= list.world_origin.y - margin &&
           p.x <= list.world_origin.x + list.world_size.x + margin &&
           p.y <= list.world_origin.y + list.world_size.y + margin;
}

// A session and its controller as a window holds them, with the window's draw list reused frame
// after frame, on a manual clock whose load is counted (no busy waiting).
struct app_model {
    ticklab::manual_time_source clock;
    game::session session;
    app::controller control;
    game::draw_list list;
    app::fps_meter fps;
    std::vector<app::hud_line> loop_lines;
    std::vector<app::hud_line> scene_lines;

    explicit app_model(const std::string& lesson = {}) : session{clock, "balls", {}, {}}, control{session, "", {}} {
        session.count_load(true);
        if (!lesson.empty()) {
            const game::lesson* l = game::find_lesson(lesson);
            EXPECT_NE(l, nullptr) << lesson;
            if (l != nullptr) {
                control.perform(
                    action::of(action_kind::apply_lesson, static_cast<double>(l - game::lesson_table().data())));
            }
        }
    }

    void perform(action_kind kind, double value = 0.0) { control.perform(action::of(kind, value)); }

    void frame(double ms = 16.0) {
        clock.advance(std::chrono::nanoseconds{static_cast<std::int64_t>(ms * 1e6)});
        session.update_frame(session.advance());
        // The frame's counted work took real time, before any action that follows it.
        clock.advance(std::chrono::nanoseconds{static_cast<std::int64_t>(session.counted_load_ms() * 1e6)});
        fps.add_frame(session.loop().stats().real);
        list.clear();
        session.draw(list);
    }

    void frames(int count, double ms = 16.0) {
        for (int i = 0; i < count; ++i) frame(ms);
    }

    // "" when the scene is drawn as the HUD says, else what is wrong.
    [[nodiscard]] std::string scene_drawn() const {
        if (session.network() != nullptr) {
            return list.triangles.empty() && list.circles.empty() && list.lines.empty() ? "a peer draws nothing" : "";
        }
        if (const auto* balls = dynamic_cast<const game::balls_scene*>(&session.current_scene())) {
            if (balls->size() == 0) return "";
            std::size_t shown = 0;
            for (const auto& c : list.circles) shown += inside(list, c.center, c.radius) ? 1 : 0;
            if (shown == 0) {
                return "balls: " + std::to_string(balls->size()) + " but none of " +
                       std::to_string(list.circles.size()) + " circles is in the shown world";
            }
            return "";
        }
        if (dynamic_cast<const game::lander_scene*>(&session.current_scene()) != nullptr) {
            for (const auto& t : list.triangles) {
                if (inside(list, t.a, 0.0f)) return "";
            }
            return "the lander's world shows no triangle";
        }
        if (dynamic_cast<const game::orbits_scene*>(&session.current_scene()) != nullptr) {
            for (const auto& c : list.circles) {
                if (inside(list, c.center, c.radius)) return "";  // the sun, at least
            }
            return "the orbits' world shows no sun or planet";
        }
        return "an unknown scene";
    }

    // "" when the HUD's loop block says what the session runs, else what differs.
    [[nodiscard]] std::string hud_agrees() {
        const auto figures = app::hud_figures_for(control.active_lesson(), session.current_entry().name);
        app::build_hud_lines(session, fps, figures, control.notice(), loop_lines, scene_lines);
        if (loop_lines.empty() || loop_lines[0].text != session.current_entry().title)
            return "the title is not the scene's";
        // The loop's line, or the lesson's large tick-rate figure in its place.
        char rate[32];
        std::snprintf(rate, sizeof rate, "tick %u Hz", session.loop().tick_rate());
        char figure[32];
        std::snprintf(figure, sizeof figure, "tick rate %u Hz", session.loop().tick_rate());
        for (const auto& line : loop_lines) {
            if (line.text.starts_with(rate) || line.text.starts_with(figure)) return "";
        }
        return std::string{"no line says '"} + rate + "'";
    }
};

// Finding 1: Tab to the lander and back (now by way of the orbits) left the box empty while the HUD said "balls: 300".
TEST(ActionSequence, BallsAreDrawnAfterTabToTheLanderAndBack) {
    app_model m;
    m.frames(30);
    ASSERT_EQ(m.scene_drawn(), "");
    m.perform(action_kind::next_scene);
    m.frames(120);  // long enough for the lander's camera to follow it away from the origin
    ASSERT_EQ(m.session.current_entry().name, "lander");
    EXPECT_EQ(m.scene_drawn(), "");
    m.perform(action_kind::next_scene);
    m.frames(30);
    ASSERT_EQ(m.session.current_entry().name, "orbits");
    EXPECT_EQ(m.scene_drawn(), "");
    m.perform(action_kind::next_scene);
    m.frames(30);
    ASSERT_EQ(m.session.current_entry().name, "balls");
    EXPECT_EQ(m.scene_drawn(), "");
    m.perform(action_kind::reset);
    m.frames(3);
    EXPECT_EQ(m.scene_drawn(), "");
}

// Finding 1, the lesson path: --lesson scale-4x, PageDown (a lander lesson), PageUp.
TEST(ActionSequence, BallsAreDrawnAfterALanderLessonAndBack) {
    app_model m{"scale-4x"};
    m.frames(20);
    m.perform(action_kind::next_lesson);
    m.frames(20);
    m.perform(action_kind::previous_lesson);
    m.frames(20);
    ASSERT_EQ(m.control.active_lesson(), "scale-4x");
    EXPECT_EQ(m.scene_drawn(), "");
}

TEST(ActionSequence, ASceneSwitchEndsTheLessonItWasAbout) {
    app_model m{"tunnelling"};
    m.frames(5);
    m.perform(action_kind::next_scene);
    EXPECT_EQ(m.control.active_lesson(), "") << "the lander is not what the tunnelling text describes";
    EXPECT_EQ(m.hud_agrees(), "");
}

TEST(ActionSequence, BWithoutALessonOrWithoutABeforeAfterSaysSo) {
    app_model m;
    m.perform(action_kind::lesson_toggle);
    EXPECT_NE(m.control.notice().find("no lesson runs"), std::string::npos) << m.control.notice();
    app_model autopilot{"autopilot-5hz"};
    const auto before = autopilot.session.settings().tick_rate_hz;
    autopilot.perform(action_kind::lesson_toggle);
    EXPECT_EQ(autopilot.control.notice(), game::no_before_after_text);
    EXPECT_EQ(autopilot.session.settings().tick_rate_hz, before);
}

// Finding 6: PageDown from spiral arrived in scale-4x with the spiral's "dropped 20483 ms".
TEST(ActionSequence, ALessonStartsItsFiguresAfresh) {
    app_model m{"spiral"};
    m.frames(120);
    ASSERT_GT(m.session.loop().stats().debt.count() + m.session.loop().stats().total_dropped.count(), 0)
        << "the spiral owes time";
    const std::size_t spiral = static_cast<std::size_t>(game::find_lesson("spiral") - game::lesson_table().data());
    ASSERT_EQ(game::lesson_table()[spiral + 1].name, "scale-4x");
    m.perform(action_kind::next_lesson);
    m.frame();
    EXPECT_EQ(app::figure_line("dropped_ms", m.session, m.fps).text, "dropped 0 ms");
}

// Finding 6: in tunnelling, after B (120 Hz) the count stayed "through 146" in amber.
TEST(ActionSequence, BStartsTheLessonsCountsAfresh) {
    app_model m{"tunnelling"};
    m.frames(375);  // 6 s at 10 Hz: balls tunnel
    ASSERT_NE(app::figure_line("wall", m.session, m.fps).text.rfind("through 0 ", 0), 0u);
    m.perform(action_kind::lesson_toggle);
    EXPECT_NE(m.control.notice().find("120 Hz (now)"), std::string::npos) << m.control.notice();
    m.frames(375);
    const app::hud_line wall = app::figure_line("wall", m.session, m.fps);
    EXPECT_EQ(wall.text.rfind("through 0 ", 0), 0u) << wall.text;
    EXPECT_EQ(wall.style, app::hud_style::figure);
}

// Finding 2: Pause the wave script in the scheduler's table, wait about 8 s, Resume: the program
// ended with "wait: delay -1734109787 ns is negative".
TEST(ActionSequence, PausingTheWaveScriptAndResumingItLaterKeepsTheWavesComing) {
    app_model m;
    std::vector<ticklab::task_info> tasks;
    m.session.tasks().snapshot(tasks);
    const auto wave = std::find_if(tasks.begin(), tasks.end(), [](const ticklab::task_info& t) {
        return t.name.find("wave") != std::string::npos;
    });
    ASSERT_NE(wave, tasks.end());
    action pause = action::of(action_kind::pause_task);
    pause.task = wave->handle;
    m.control.perform(pause);
    ASSERT_NO_THROW(m.frames(500));  // 8 s
    action resume = action::of(action_kind::resume_task);
    resume.task = wave->handle;
    m.control.perform(resume);
    ASSERT_NO_THROW(m.frames(600));
    EXPECT_EQ(m.control.refused(), 0u);
    EXPECT_EQ(m.session.tasks().task_errors(), 0u);
    EXPECT_EQ(m.scene_drawn(), "");
}

// One random action, with values a person could give (and some no widget offers).
action random_action(std::mt19937_64& rng, game::session& session) {
    const auto pick = [&rng](int n) { return static_cast<int>(rng() % static_cast<std::uint64_t>(n)); };
    const auto kind = static_cast<action_kind>(1 + pick(static_cast<int>(action_kind::count) - 1));
    action a = action::of(kind);
    switch (kind) {
        case action_kind::set_time_scale:
            a.value = std::array{0.0, 0.1, 0.5, 1.0, 4.0, 16.0, 100.0, -3.0}[static_cast<std::size_t>(pick(8))];
            break;
        case action_kind::set_text_scale:
            a.value = 0.5 + 0.25 * pick(10);
            break;
        case action_kind::switch_scene:
            a.value = pick(3);
            break;
        case action_kind::apply_lesson:
            a.value = pick(static_cast<int>(game::lesson_table().size()) + 1);
            break;
        case action_kind::set_loop: {
            game::loop_settings s = session.settings();
            s.tick_rate_hz = std::array{1u, 5u, 10u, 60u, 120u, 240u, 1000u, 0u}[static_cast<std::size_t>(pick(8))];
            s.max_loops = static_cast<std::uint32_t>(pick(70));
            s.strategy.smoothing_mode = static_cast<game::smoothing>(pick(4));
            s.strategy.catch_up_mode = static_cast<ticklab::catch_up>(pick(3));
            s.compare = pick(3) == 0;
            s.tick_load_ms = pick(4) == 0 ? 5.0 : 0.0;
            a.loop = s;
            break;
        }
        case action_kind::reset_with: {
            game::scene_options options = session.options();
            options.balls = static_cast<std::uint32_t>(pick(1500));
            a.options = options;
            break;
        }
        case action_kind::set_scene_value: {
            // One of the running scene's controls (a range's upper end too), or a name it has not.
            const auto controls = session.current_entry().parts.controls;
            const int at = pick(static_cast<int>(controls.size()) + 1);
            if (at == static_cast<int>(controls.size())) {
                a.name = "no such setting";
            } else {
                const game::scene_control& c = controls[static_cast<std::size_t>(at)];
                a.name = !c.high_name.empty() && pick(2) == 0 ? c.high_name : c.name;
            }
            a.value = std::array{0.0, 1.0, 0.5, 40.0, 200.0, 2.5, -1.0, 1e9}[static_cast<std::size_t>(pick(8))];
            break;
        }
        case action_kind::press:
        case action_kind::release:
            a.game_action = static_cast<game::action>(pick(static_cast<int>(game::action_count)));
            break;
        case action_kind::pointer:
            a.pointer =
                game::pointer_event{pick(2) == 0 ? game::pointer_event::kind::click : game::pointer_event::kind::drag,
                                    {static_cast<float>(pick(160)), static_cast<float>(pick(90))},
                                    {static_cast<float>(pick(200) - 100), 50.0f}};
            break;
        case action_kind::pause_task:
        case action_kind::resume_task:
        case action_kind::terminate_task: {
            std::vector<ticklab::task_info> tasks;
            session.tasks().snapshot(tasks);
            if (!tasks.empty()) a.task = tasks[static_cast<std::size_t>(pick(static_cast<int>(tasks.size())))].handle;
            break;
        }
        case action_kind::start_network: {
            game::network_settings n;
            n.mode = pick(2) == 0 ? game::net_mode::lockstep : game::net_mode::rollback;
            n.link.latency_ms = pick(300);
            n.link.loss_percent = pick(20);
            n.input_delay = n.mode == game::net_mode::rollback ? 0 : 2;
            a.network = n;
            break;
        }
        default:
            break;
    }
    return a;
}

void run_random_sequence(std::uint64_t seed, int actions) {
    app_model m;
    std::mt19937_64 rng{seed};
    std::string history;
    for (int i = 0; i < actions; ++i) {
        const action a = random_action(rng, m.session);
        if (a.kind == action_kind::quit) continue;  // the window would close; the model has nothing to show
        history += std::string{app::action_name(a.kind)} + " ";
        ASSERT_NO_THROW(m.control.perform(a)) << "seed " << seed << ": " << history;
        const double ms = 1.0 + static_cast<double>(rng() % 40);
        ASSERT_NO_THROW(m.frame(ms)) << "seed " << seed << ": " << history;
        ASSERT_EQ(m.scene_drawn(), "") << "seed " << seed << " after: " << history;
        if (m.session.network() == nullptr) {
            ASSERT_EQ(m.hud_agrees(), "") << "seed " << seed << " after: " << history;
        }
        const bool lesson_applied = (a.kind == action_kind::apply_lesson && a.value < game::lesson_table().size()) ||
                                    a.kind == action_kind::next_lesson || a.kind == action_kind::previous_lesson ||
                                    a.kind == action_kind::restart_lesson;
        if (lesson_applied && !m.control.active_lesson().empty()) {
            // The frame just run is the lesson's first: its figures start with it.
            ASSERT_LE(m.session.history().size(), 1u) << "seed " << seed << " after: " << history;
        }
        const auto& view = m.control.view();
        ASSERT_GE(view.text_scale, ticklab::app::min_text_scale);
        ASSERT_LE(view.text_scale, ticklab::app::max_text_scale);
    }
}

TEST(ActionSequence, RandomSequencesKeepTheSceneDrawnAndTheHudTrue) {
    for (std::uint64_t seed : {1u, 2u, 3u}) run_random_sequence(seed, 1000);
}

}  // namespace

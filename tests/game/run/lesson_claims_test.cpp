// Every lesson's claim (sim/lessons.cpp), checked on the real loop: the lesson runs headless through
// the one runner at --frame-ms 4, 8.3 and 16.7 (240, 120 and 60 Hz displays), a per-frame observer
// records the loop's figures and the drawn balls, and the lesson's check states the same thing as
// its claim text. Lessons with a before/after toggle are checked on both sides where the text
// promises something about the other side.
#include "cli/lesson_replay_options.hpp"
#include "run/runner.hpp"
#include "sim/draw_list.hpp"
#include "run/lesson_library.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

namespace {

using ticklab::game::launch_options;
using ticklab::game::session;

struct frame_record {
    std::uint32_t ticks = 0;
    double real_ms = 0.0;
    double simulated_ms = 0.0;
    double dropped_ms = 0.0;
    double debt_ms = 0.0;
    double alpha = 0.0;
    bool same_picture = false;  // the drawn balls are exactly where the previous frame drew them
    bool beyond_wall = false;   // a drawn ball reaches past the box's walls
};

struct run_record {
    std::vector<frame_record> frames;
};

double ms(ticklab::nanoseconds t) {
    return ticklab::to_milliseconds(t);
}

// Runs lesson `name` (with its toggle flipped when `toggled`) headless at `frame_ms` for `frames`.
run_record run_lesson(const std::string& name, double frame_ms, bool toggled, std::uint64_t frames) {
    launch_options options;
    EXPECT_EQ(ticklab::game::apply_lesson_option(name, options), "");
    ticklab::game::finish_lesson_option(name, false, options);
    options.headless = true;
    options.frame_ms = frame_ms;
    options.frames = frames;
    if (toggled) {
        const ticklab::game::lesson& l = *ticklab::game::find_lesson(name);
        EXPECT_TRUE(ticklab::game::apply_toggle(l.toggle, l.setup.loop, options.loop));
    }
    ticklab::game::runner run{options, ticklab::game::run_kind::headless};
    session s{run.clock().source(), options.scene, options.scene_settings, options.loop};
    run_record out;
    std::vector<ticklab::game::vec2> last_picture;
    run.add_observer([&](const session& seen, const ticklab::frame_stats& f) {
        ticklab::game::draw_list list;
        seen.draw(list);
        std::vector<ticklab::game::vec2> picture;
        for (const auto& c : list.circles) picture.push_back(c.center);
        const bool same = !last_picture.empty() && picture.size() == last_picture.size() &&
                          std::equal(picture.begin(), picture.end(), last_picture.begin(),
                                     [](auto a, auto b) { return a.x == b.x && a.y == b.y; });
        last_picture = std::move(picture);
        constexpr float slack = 0.01f;  // world units: float rounding, not an overshoot
        const bool beyond = std::any_of(list.circles.begin(), list.circles.end(), [&](const auto& c) {
            return c.center.x - c.radius < -slack || c.center.y - c.radius < -slack ||
                   c.center.x + c.radius > list.world_size.x + slack || c.center.y + c.radius > list.world_size.y + slack;
        });
        out.frames.push_back(frame_record{.ticks = f.ticks,
                                          .real_ms = ms(f.real),
                                          .simulated_ms = ms(f.simulated),
                                          .dropped_ms = ms(f.dropped),
                                          .debt_ms = ms(f.debt),
                                          .alpha = f.alpha,
                                          .same_picture = same,
                                          .beyond_wall = beyond});
    });
    run.start(s);
    run.run_frames(s, [&s]() -> const ticklab::frame_stats& {
        const ticklab::frame_stats& frame = s.advance();
        s.update_frame(frame);
        return frame;
    });
    return out;
}

// Frames [from, end) of a run.
std::vector<frame_record> after(const run_record& r, std::size_t from) {
    return {r.frames.begin() + static_cast<std::ptrdiff_t>(std::min(from, r.frames.size())), r.frames.end()};
}

double ticks_per_real_second(const std::vector<frame_record>& frames) {
    double ticks = 0.0, real = 0.0;
    for (const auto& f : frames) {
        ticks += f.ticks;
        real += f.real_ms;
    }
    return real > 0.0 ? ticks / (real / 1000.0) : 0.0;
}

double sim_speed(const std::vector<frame_record>& frames) {
    double simulated = 0.0, real = 0.0;
    for (const auto& f : frames) {
        simulated += f.simulated_ms;
        real += f.real_ms;
    }
    return real > 0.0 ? simulated / real : 0.0;
}

std::uint64_t frames_for_seconds(double seconds, double frame_ms) {
    return static_cast<std::uint64_t>(std::ceil(seconds * 1000.0 / frame_ms));
}

// The claims, lesson by lesson. Each returns "" or what failed.
using claim_check = std::function<std::string(double frame_ms, bool toggled)>;

std::string fail_if(bool bad, const std::string& what) {
    return bad ? what + "; " : "";
}

std::string no_repeated_picture(const std::vector<frame_record>& frames) {
    std::string where;
    std::size_t repeats = 0;
    for (std::size_t i = 0; i < frames.size(); ++i) {
        if (!frames[i].same_picture) continue;
        ++repeats;
        if (repeats <= 3) where += " " + std::to_string(i) + " (" + std::to_string(frames[i].ticks) + " ticks)";
    }
    return fail_if(repeats > 0, std::to_string(repeats) + " frames repeat the picture before them, e.g." + where);
}

const std::map<std::string, claim_check>& claim_checks() {
    static const std::map<std::string, claim_check> checks{
        {"basics",
         [](double frame_ms, bool) {
             const auto frames = after(run_lesson("basics", frame_ms, false, frames_for_seconds(6, frame_ms)), 1);
             std::string e;
             const double rate = ticks_per_real_second(frames);
             e += fail_if(std::abs(rate - 60.0) > 0.5, "ticks per second " + std::to_string(rate));
             for (const auto& f : frames) {
                 e += fail_if(f.dropped_ms > 0.0, "time dropped");
                 e += fail_if(f.alpha < 0.0 || f.alpha >= 1.0, "alpha " + std::to_string(f.alpha));
             }
             return e;
         }},
        {"10hz",
         [](double frame_ms, bool toggled) {
             const run_record r = run_lesson("10hz", frame_ms, toggled, frames_for_seconds(6, frame_ms));
             if (toggled) return no_repeated_picture(after(r, frames_for_seconds(0.2, frame_ms)));
             const auto frames = after(r, 1);
             std::string e;
             std::size_t still = 0;
             for (const auto& f : frames) {
                 if (f.same_picture) ++still;
                 e += fail_if(f.ticks > 0 && f.same_picture, "a frame that ran a tick drew the same picture");
                 e += fail_if(f.ticks == 0 && !f.same_picture, "a frame without a tick moved the balls");
             }
             e += fail_if(still * 5 < frames.size() * 4,
                          std::to_string(still) + " of " + std::to_string(frames.size()) + " frames still");
             return e;
         }},
        {"10hz-smooth",
         [](double frame_ms, bool) {
             // Before the second tick there is no motion to draw between.
             return no_repeated_picture(after(run_lesson("10hz-smooth", frame_ms, false, frames_for_seconds(6, frame_ms)),
                                              frames_for_seconds(0.2, frame_ms)));
         }},
        {"slow-machine",
         [](double frame_ms, bool) {
             const auto frames = after(run_lesson("slow-machine", frame_ms, false, 150), 1);
             std::string e;
             for (const auto& f : frames) {
                 e += fail_if(f.real_ms < 40.0, "a frame of " + std::to_string(f.real_ms) + " ms");
                 e += fail_if(f.ticks < 2 || f.ticks > 4, "a frame of " + std::to_string(f.ticks) + " ticks");
                 e += fail_if(f.dropped_ms > 0.0, "time dropped");
             }
             const double rate = ticks_per_real_second(frames);
             e += fail_if(std::abs(rate - 60.0) > 0.5, "ticks per second " + std::to_string(rate));
             return e;
         }},
        {"spiral",
         [](double frame_ms, bool toggled) {
             std::string e;
             if (!toggled) {
                 const run_record r = run_lesson("spiral", frame_ms, false, 80);
                 const auto late = after(r, 60);
                 for (const auto& f : late) e += fail_if(f.real_ms <= 200.0, "a late frame of " + std::to_string(f.real_ms) + " ms");
                 for (std::size_t i = 61; i < r.frames.size(); ++i) {
                     e += fail_if(r.frames[i].debt_ms <= r.frames[i - 1].debt_ms, "the debt stopped growing");
                 }
                 double early_max = 0.0;
                 for (std::size_t i = 1; i < 6; ++i) early_max = std::max(early_max, r.frames[i].real_ms);
                 e += fail_if(early_max >= late.front().real_ms, "the frame time did not grow");
                 return e;
             }
             const auto frames = after(run_lesson("spiral", frame_ms, true, 120), 5);
             for (const auto& f : frames) {
                 e += fail_if(f.ticks > 3, "a frame of " + std::to_string(f.ticks) + " ticks");
                 e += fail_if(f.real_ms >= 100.0, "a frame of " + std::to_string(f.real_ms) + " ms");
                 e += fail_if(f.debt_ms > 0.0, "debt");
             }
             const double speed = sim_speed(frames);
             e += fail_if(speed < 0.5 || speed > 0.9, "speed " + std::to_string(speed));
             return e;
         }},
        {"scale-4x",
         [](double frame_ms, bool toggled) {
             const auto frames = after(run_lesson("scale-4x", frame_ms, toggled, 300), 5);
             std::string e;
             const double speed = sim_speed(frames);
             if (toggled) return fail_if(speed < 3.8 || speed > 4.2, "speed " + std::to_string(speed));
             e += fail_if(speed < 2.8 || speed > 3.2, "speed " + std::to_string(speed));
             for (const auto& f : frames) {
                 e += fail_if(f.ticks != 3, "a frame of " + std::to_string(f.ticks) + " ticks");
                 e += fail_if(f.dropped_ms <= 0.0, "a frame without dropped time");
             }
             return e;
         }},
        {"beat",
         [](double frame_ms, bool toggled) {
             // The first 6 seconds: the balls settle into a still pile after about 8.
             const auto frames = after(run_lesson("beat", frame_ms, toggled, 59 * 6 + 1), 1);
             if (toggled) return no_repeated_picture(frames);
             std::string e;
             for (std::size_t start = 0; start + 118 <= frames.size(); start += 118) {
                 bool zero = false, two = false;
                 for (std::size_t i = start; i < start + 118; ++i) {
                     zero = zero || frames[i].ticks == 0;
                     two = two || frames[i].ticks == 2;
                 }
                 e += fail_if(!zero || !two, "frames " + std::to_string(start) + "+118 lack a 0 or a 2");
             }
             for (const auto& f : frames) e += fail_if(f.ticks == 0 && !f.same_picture, "a 0-tick frame moved");
             return e;
         }},
        {"overshoot",
         [](double frame_ms, bool toggled) {
             const auto frames = after(run_lesson("overshoot", frame_ms, toggled, frames_for_seconds(6, frame_ms)), 1);
             std::string e;
             const std::size_t per_second = frames_for_seconds(1, frame_ms);
             for (std::size_t second = 0; second + per_second <= frames.size(); second += per_second) {
                 const auto begin = frames.begin() + static_cast<std::ptrdiff_t>(second);
                 const auto beyond = std::count_if(begin, begin + static_cast<std::ptrdiff_t>(per_second),
                                                   [](const auto& f) { return f.beyond_wall; });
                 if (toggled) {
                     e += fail_if(beyond > 0, "interpolated balls drawn beyond a wall");
                 } else {
                     e += fail_if(beyond == 0, "second " + std::to_string(second / per_second) + " without an overshoot");
                 }
             }
             return e;
         }},
    };
    return checks;
}

class Lessons : public ::testing::TestWithParam<std::tuple<std::string, double, bool>> {};

TEST_P(Lessons, ClaimHolds) {
    const auto& [name, frame_ms, toggled] = GetParam();
    const ticklab::game::lesson* l = ticklab::game::find_lesson(name);
    ASSERT_NE(l, nullptr);
    ASSERT_FALSE(l->claim.empty()) << name << " states no claim";
    EXPECT_EQ(claim_checks().at(name)(frame_ms, toggled), "") << name << ": " << l->claim;
}

std::string param_name(const ::testing::TestParamInfo<Lessons::ParamType>& info) {
    std::string name = std::get<0>(info.param);
    std::replace(name.begin(), name.end(), '-', '_');
    std::ostringstream rate;
    rate << std::lround(std::get<1>(info.param) * 10);
    return name + "_at_" + rate.str() + "tenths_ms" + (std::get<2>(info.param) ? "_toggled" : "");
}

const std::vector<double> display_frames{4.0, 8.3, 16.7};

INSTANTIATE_TEST_SUITE_P(EveryLesson, Lessons,
                         ::testing::Combine(::testing::Values("basics", "10hz", "10hz-smooth", "slow-machine",
                                                              "spiral", "scale-4x", "beat", "overshoot"),
                                            ::testing::ValuesIn(display_frames), ::testing::Values(false)),
                         param_name);
// The other side of the toggle, where the lesson's text promises what it shows.
INSTANTIATE_TEST_SUITE_P(Toggled, Lessons,
                         ::testing::Combine(::testing::Values("10hz", "spiral", "scale-4x", "beat", "overshoot"),
                                            ::testing::ValuesIn(display_frames), ::testing::Values(true)),
                         param_name);

// Every lesson with a claim has a check, so a new lesson cannot go untested (autopilot-5hz's claim
// is checked by LessonAutopilot5Hz.CrashesAt5HzWithItsReasonAndLandsAt60Hz in session_test.cpp).
TEST(LessonClaims, EveryClaimHasACheck) {
    for (const auto& l : ticklab::game::lesson_table()) {
        if (l.claim.empty() || l.name == "autopilot-5hz") continue;
        EXPECT_TRUE(claim_checks().contains(l.name)) << l.name;
    }
}

}  // namespace

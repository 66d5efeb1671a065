// What a session shows of its network game (session_network.cpp): each player's ship, the ghost
// of a misprediction after a rollback (prediction_ghost.hpp), and the timeline's network strip,
// whose counts are the peers' own (network_strip.hpp).
#include "scenes/lander_scene.hpp"
#include "scenes/player_colours.hpp"
#include "session/session.hpp"

#include <gtest/gtest.h>

#include <ticklab/time.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>

using namespace ticklab::game;

namespace {

network_settings rollback_at(double latency_ms, double loss = 0.0) {
    network_settings n;
    n.mode = net_mode::rollback;
    n.input_delay = 0;
    n.link.latency_ms = latency_ms;
    n.link.loss_percent = loss;
    return n;
}

struct network_run {
    ticklab::manual_time_source source;
    std::unique_ptr<session> s;
    std::uint64_t frame = 0;

    network_run(const char* scene, const network_settings& network) {
        s = std::make_unique<session>(source, scene, scene_options{}, loop_settings{});
        s->start_network(network);
    }
    // One frame of `hz` frames a second.
    void step(std::uint32_t hz = 60) {
        source.advance(ticklab::tick_offset(frame + 1, hz) - ticklab::tick_offset(frame, hz));
        ++frame;
        s->update_frame(s->advance());
    }
};

// The lander draws a ship's hull as triangles in its player's colour, its lines in others: a line in
// a player's colour is that ship's ghost.
std::size_t ghost_lines_in(const draw_list& list, rgba colour) {
    return static_cast<std::size_t>(std::count_if(list.lines.begin(), list.lines.end(), [&](const line_shape& l) {
        return l.stroke.r == colour.r && l.stroke.g == colour.g && l.stroke.b == colour.b;
    }));
}

}  // namespace

TEST(NetworkView, TheNetworkGameFliesAShipPerPlayer) {
    network_run run{"lander", rollback_at(50)};
    for (int f = 0; f < 60; ++f) run.step();
    const auto* lander = dynamic_cast<const lander_scene*>(&run.s->network()->peer_at(0).game().current_scene());
    ASSERT_NE(lander, nullptr);
    EXPECT_TRUE(lander->two_ships());
    // Only the second player (a bot) steers here: the ships part ways.
    EXPECT_NE(lander->body().fuel, lander->second_ship().body.fuel);
}

TEST(NetworkView, AGhostOfThePredictionAppearsAfterACorrectionAndFades) {
    network_run run{"lander", rollback_at(200)};
    const prediction_ghost& ghost = run.s->peer_ghost(0);
    std::uint64_t frames_with_ghost = 0;
    std::uint64_t first_ghost_frame = 0;
    for (int f = 0; f < 600; ++f) {
        run.step();
        draw_list list;
        run.s->draw_peer(0, list);
        if (ghost_lines_in(list, player_colour(1)) == 0) continue;
        ++frames_with_ghost;
        if (first_ghost_frame == 0) first_ghost_frame = run.frame;
        // Drawn over exactly what the peer's scene draws, and only where the prediction was wrong.
        draw_list plain;
        run.s->network()->peer_at(0).game().sim().draw(plain, 1.0);
        EXPECT_EQ(ghost_lines_in(plain, player_colour(1)), 0u);
        EXPECT_EQ(ghost_lines_in(list, player_colour(0)), 0u) << "our own ship is never mispredicted";
    }
    ASSERT_GT(frames_with_ghost, 0u) << "no ghost in 10 s of rollback at 200 ms";
    EXPECT_GT(ghost.ghosts(), 0u);
    // Each correction's ghost stays half a second: at most 30 frames of it a correction.
    EXPECT_LE(frames_with_ghost, 30 * ghost.ghosts());
    // It fades from the frame of the correction to half a second later, and is gone then.
    network_run again{"lander", rollback_at(200)};
    for (std::uint64_t f = 0; f < first_ghost_frame; ++f) again.step();
    const prediction_ghost& first = again.s->peer_ghost(0);
    ASSERT_TRUE(first.shown_at().has_value());
    const ticklab::nanoseconds at = *first.shown_at();
    EXPECT_EQ(first.opacity(at), 1.0);
    EXPECT_NEAR(first.opacity(at + prediction_ghost::shown_for / 2), 0.5, 1e-9);
    EXPECT_EQ(first.opacity(at + prediction_ghost::shown_for), 0.0);
    EXPECT_EQ(first.predicted(at + prediction_ghost::shown_for), nullptr);
    EXPECT_NE(first.predicted(at), nullptr);
}

TEST(NetworkView, LockstepNeverShowsAGhost) {
    network_settings n;
    n.mode = net_mode::lockstep;
    n.input_delay = 2;
    n.link.latency_ms = 100;
    network_run run{"lander", n};
    for (int f = 0; f < 300; ++f) run.step();
    EXPECT_EQ(run.s->peer_ghost(0).ghosts(), 0u);
    EXPECT_EQ(run.s->peer_ghost(1).ghosts(), 0u);
}

TEST(NetworkView, TheStripsCountsAreThePeersStatsForASeededRun) {
    for (const char* scene : {"lander", "balls"}) {
        network_run run{scene, rollback_at(150, 10)};
        for (int f = 0; f < 900; ++f) run.step();
        const network_strip& strip = run.s->network_frames();
        for (std::size_t i = 0; i < 2; ++i) {
            const peer_stats& stats = run.s->network()->peer_at(i).stats();
            std::uint64_t confirmed = 0, resimulated = 0, waiting = 0;
            ASSERT_EQ(strip.frames(i), 900u) << scene;
            for (std::size_t k = 0; k < strip.frames(i); ++k) {
                confirmed += strip.frame_at(i, k).confirmed;
                resimulated += strip.frame_at(i, k).resimulated;
                waiting += strip.frame_at(i, k).waiting ? 1 : 0;
            }
            EXPECT_EQ(confirmed, stats.confirmed) << scene << " peer " << i;
            EXPECT_EQ(resimulated, stats.rollback_ticks) << scene << " peer " << i;
            if (i == 0) {  // the session's peer 1 hears no input to correct (peer 0 takes the keyboard)
                EXPECT_GT(resimulated, 0u) << scene;
            }
            EXPECT_EQ(waiting, stats.stall_frames) << scene << " peer " << i;
            EXPECT_EQ(strip.totals(i).resimulated, stats.rollback_ticks);
            const network_strip_frame& last = strip.frame_at(i, strip.frames(i) - 1);
            EXPECT_EQ(last.predicted, run.s->network()->peer_at(i).tick() - stats.confirmed);
        }
    }
}

TEST(NetworkView, LockstepsStalledTicksAreTheTimeItWaited) {
    // Lockstep at 100 ms with a delay of 2 runs at about 20 ticks a second: the other 40 a second
    // are time held back, and the strip counts them as stalled ticks, so run + stalled = due.
    network_settings n;
    n.mode = net_mode::lockstep;
    n.input_delay = 2;
    n.link.latency_ms = 100;
    network_run run{"lander", n};
    constexpr int frames = 600;
    for (int f = 0; f < frames; ++f) run.step();
    const network_strip& strip = run.s->network_frames();
    const peer& p = run.s->network()->peer_at(0);
    std::uint64_t stalled = 0;
    for (std::size_t k = 0; k < strip.frames(0); ++k) stalled += strip.frame_at(0, k).stalled;
    EXPECT_GT(stalled, 300u);
    // The first frame starts the game's time: frames - 1 frames of a tick each came due.
    EXPECT_NEAR(static_cast<double>(p.tick() + stalled), frames - 1.0, 2.0);
    EXPECT_EQ(strip.totals(0).waiting_frames, p.stats().stall_frames);
}

TEST(NetworkView, AFrozenTimelineFreezesTheStrip) {
    network_run run{"lander", rollback_at(50)};
    for (int f = 0; f < 30; ++f) run.step();
    run.s->timeline().set_frozen(true);
    for (int f = 0; f < 30; ++f) run.step();
    EXPECT_EQ(run.s->network_frames().frames(0), 30u);
    EXPECT_EQ(run.s->network_frames().totals(0).frames, 60u);
}

#include "net/network_game.hpp"

#include "net/input_bot.hpp"
#include "net/replica.hpp"
#include "scenes/scene_registry.hpp"

#include <gtest/gtest.h>

#include <ticklab/time.hpp>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

using namespace ticklab::game;
using ticklab::nanoseconds;

namespace {

constexpr std::uint32_t hz = 60;

network_game_config game_config(std::string scene, net_mode mode, link_settings link, std::uint32_t delay = 2) {
    network_game_config c;
    c.scene = std::move(scene);
    c.options.seed = 21;
    c.options.balls = 30;
    c.network.mode = mode;
    c.network.link = link;
    c.network.input_delay = delay;
    return c;
}

nanoseconds frame_time(std::uint64_t frame, double frame_ms) {
    return nanoseconds{std::llround(static_cast<double>(frame) * frame_ms * 1e6)};
}

// Frames from real time 0 until both peers have confirmed `ticks` ticks (or a frame limit that a
// working game never reaches). Returns the frames run.
std::uint64_t run_until(network_game& game, std::uint64_t ticks, double frame_ms = 1000.0 / hz) {
    std::uint64_t frame = 0;
    for (; game.common_tick() < ticks && frame < 3'000'000; ++frame) game.frame(frame_time(frame, frame_ms));
    return frame;
}

// The hash after every tick of a game whose players are the two bots, computed by a single
// replica with no network at all: the input for tick k is both bots' input for k, or nothing for
// the first `delay` ticks, which no player could reach.
std::vector<std::uint64_t> reference_hashes(const network_game_config& c, std::uint64_t ticks) {
    replica r{*find_scene(c.scene), c.options, hz};
    const input_bot bot0{c.options.seed, 0};
    const input_bot bot1{c.options.seed, 1};
    std::vector<std::uint64_t> hashes;
    for (std::uint64_t k = 1; k <= ticks; ++k) {
        r.run_tick(k <= c.network.input_delay ? tick_input{} : merge_inputs(bot0.input_for(k), bot1.input_for(k)));
        hashes.push_back(r.state_hash());
    }
    return hashes;
}

// Records every confirmed tick's hash of both peers.
struct confirmed_log {
    std::vector<std::uint64_t> hashes[2];
    explicit confirmed_log(network_game& game) {
        for (std::size_t p = 0; p < 2; ++p) {
            game.peer_at(p).on_confirmed = [this, p](std::uint64_t tick, std::uint64_t hash) {
                EXPECT_EQ(tick, hashes[p].size() + 1);
                hashes[p].push_back(hash);
            };
        }
    }
};

}  // namespace

TEST(NetGame, BothModesStayInSyncUpTo300MsAnd20PercentLossOver10000Ticks) {
    for (const net_mode mode : {net_mode::lockstep, net_mode::rollback}) {
        for (const link_settings link : {link_settings{0, 0, 0}, link_settings{50, 10, 5}, link_settings{150, 30, 10},
                                         link_settings{300, 0, 0}, link_settings{300, 40, 20}}) {
            const std::string where = std::string{to_string(mode)} + " at " + std::to_string(link.latency_ms) +
                                      " ms, " + std::to_string(link.loss_percent) + "% loss";
            network_game game{game_config("lander", mode, link)};
            run_until(game, 10'000);
            EXPECT_EQ(game.desync_tick(), std::nullopt) << where;
            for (std::size_t p = 0; p < 2; ++p) {
                // Every whole block of hashes up to the last one both peers finished was compared.
                EXPECT_GE(game.peer_at(p).stats().hashes_compared, 10'000u - 2 * hash_block_ticks) << where;
            }
            const std::uint64_t tick = game.common_tick();
            ASSERT_TRUE(game.peer_at(0).confirmed_hash(tick)) << where;
            EXPECT_EQ(game.peer_at(0).confirmed_hash(tick), game.peer_at(1).confirmed_hash(tick)) << where;
        }
    }
}

TEST(NetGame, BallsStayInSyncInBothModesWithLossAndJitter) {
    for (const net_mode mode : {net_mode::lockstep, net_mode::rollback}) {
        network_game game{game_config("balls", mode, {.latency_ms = 120, .jitter_ms = 40, .loss_percent = 15})};
        run_until(game, 3000);
        EXPECT_EQ(game.desync_tick(), std::nullopt) << to_string(mode);
        EXPECT_GE(game.peer_at(1).stats().hashes_compared, 3000u - 2 * hash_block_ticks) << to_string(mode);
    }
}

TEST(NetGame, EveryConfirmedStateIsTheOneASingleReplicaReaches) {
    // Rollback's re-simulation is bit-exact: each peer's state after every confirmed tick equals
    // that of a replica that was simply given the right inputs and never rolled back, and so
    // equals a lockstep peer's, which never predicts.
    for (const net_mode mode : {net_mode::rollback, net_mode::lockstep}) {
        const network_game_config c =
            game_config("balls", mode, {.latency_ms = 150, .jitter_ms = 40, .loss_percent = 10});
        network_game game{c};
        const confirmed_log log{game};
        run_until(game, 1500);
        const std::vector<std::uint64_t> reference = reference_hashes(c, 1500);
        for (std::size_t p = 0; p < 2; ++p) {
            ASSERT_GE(log.hashes[p].size(), 1500u);
            for (std::size_t k = 0; k < 1500; ++k) {
                ASSERT_EQ(log.hashes[p][k], reference[k]) << to_string(mode) << " peer " << p << " tick " << k + 1;
            }
        }
        if (mode == net_mode::rollback) {
            EXPECT_GT(game.peer_at(0).stats().rollback_ticks, 100u) << "the test must cover re-simulation";
            EXPECT_GT(game.peer_at(0).stats().max_rollback, 8u);
        } else {
            EXPECT_EQ(game.peer_at(0).stats().rollback_ticks, 0u);
        }
    }
}

TEST(NetGame, LockstepWaitsWhenTheLatencyIsLongerThanTheInputDelay) {
    // 100 ms is 6 ticks. A delay of 2 ticks is too short: each peer waits for the other's input
    // and the game runs at about 2 ticks per 100 ms instead of 60 a second. A delay of 8 covers
    // the latency and the frame it waits for delivery: no stall after the start.
    const link_settings link{.latency_ms = 100};
    network_game slow{game_config("lander", net_mode::lockstep, link, 2)};
    const std::uint64_t slow_frames = run_until(slow, 600);
    network_game fast{game_config("lander", net_mode::lockstep, link, 8)};
    const std::uint64_t fast_frames = run_until(fast, 600);
    const double slow_rate = 600.0 / (static_cast<double>(slow_frames) / hz);  // ticks per real second
    EXPECT_LT(slow_rate, 25.0);
    EXPECT_GT(static_cast<double>(fast_frames), 600.0);
    EXPECT_LT(static_cast<double>(fast_frames), 600.0 + 8);
    EXPECT_GT(slow.peer_at(0).stats().stall_frames, 1000u);
    EXPECT_LT(fast.peer_at(0).stats().stall_frames, 8u);
}

TEST(NetGame, RollbackDoesNotWaitForLatencyWithinItsWindow) {
    network_game game{game_config("lander", net_mode::rollback, {.latency_ms = 200, .jitter_ms = 50}, 0)};
    const std::uint64_t frames = run_until(game, 1200);
    EXPECT_EQ(game.peer_at(0).stats().stall_frames, 0u);
    EXPECT_EQ(game.peer_at(1).stats().stall_frames, 0u);
    // Confirmation trails the peers' own ticks by the latency (12 ticks) and delivery (a frame).
    EXPECT_LE(frames, 1200u + 12 + 4 + 1);
    EXPECT_GT(game.peer_at(0).stats().rollback_ticks, 0u);
    EXPECT_EQ(game.desync_tick(), std::nullopt);
}

namespace {

// The first tick the dropping peer skips, from the schedule alone: the second peer runs one tick
// per 1/60 s of real time since the first frame, sits out its hitch, and in the first frame after
// it runs max_loops of the ticks that came due and drops the rest.
std::uint64_t expected_first_skipped_tick(double frame_ms, double hitch_ms, std::uint32_t max_loops) {
    const nanoseconds hitch_start = hitch_period;
    const nanoseconds hitch_end = hitch_period + nanoseconds{std::llround(hitch_ms * 1e6)};
    const auto ticks_due_at = [](nanoseconds t) {
        std::uint64_t k = 0;
        while (ticklab::tick_offset(k + 1, hz) <= t) ++k;
        return k;
    };
    std::uint64_t before = 0;  // last frame before the hitch
    std::uint64_t after = 0;   // first frame after it
    for (std::uint64_t f = 0; after == 0; ++f) {
        const nanoseconds t = frame_time(f, frame_ms);
        if (t < hitch_start) before = f;
        if (t >= hitch_end) after = f;
    }
    const std::uint64_t ran = ticks_due_at(frame_time(before, frame_ms));
    EXPECT_GT(ticks_due_at(frame_time(after, frame_ms)) - ran, max_loops) << "the hitch must put it past MAX_LOOPS";
    return ran + max_loops + 1;
}

}  // namespace

TEST(NetGame, APeerThatDropsTimeIsCaughtAtTheFirstTickItSkipped) {
    for (const double frame_ms : {4.0, 1000.0 / 120, 1000.0 / 60}) {
        for (const link_settings link : {link_settings{0, 0, 0}, link_settings{100, 20, 10}}) {
            network_game_config c = game_config("lander", net_mode::rollback, link);
            c.network.peer_hitch_ms = 300;
            c.network.peer_drops = true;
            network_game game{c};
            run_until(game, 900, frame_ms);
            const std::uint64_t expected = expected_first_skipped_tick(frame_ms, 300, c.max_loops);
            EXPECT_EQ(game.desync_tick(), expected) << frame_ms << " ms frames, " << link.latency_ms << " ms";
            EXPECT_EQ(game.peer_at(0).stats().desync_tick, expected) << "both peers see it";
            EXPECT_EQ(game.peer_at(1).stats().desync_tick, expected);
            EXPECT_GT(game.peer_at(1).stats().skipped_ticks, 0u);
        }
    }
}

TEST(NetGame, APeerThatRunsEveryTickItOwesStaysInSyncThroughTheSameHitch) {
    for (const net_mode mode : {net_mode::rollback, net_mode::lockstep}) {
        network_game_config c = game_config("lander", mode, {.latency_ms = 50});
        c.network.peer_hitch_ms = 300;
        network_game game{c};
        std::uint64_t most_owed = 0;
        // 800 ticks: past the hitches at 5 and 10 s, well before the one at 15 s.
        for (std::uint64_t f = 0; game.common_tick() < 800; ++f) {
            game.frame(frame_time(f, 1000.0 / hz));
            most_owed = std::max(most_owed, game.peer_at(1).owed_ticks());
        }
        EXPECT_EQ(game.desync_tick(), std::nullopt) << to_string(mode);
        EXPECT_EQ(game.peer_at(1).stats().skipped_ticks, 0u);
        if (mode == net_mode::rollback) {
            // It fell more than MAX_LOOPS behind, and caught up over the next frames.
            EXPECT_GT(most_owed, c.max_loops);
            EXPECT_EQ(game.peer_at(1).owed_ticks(), 0u);
        } else {
            // In lockstep the other peer waited for it, so it never fell behind.
            EXPECT_GT(game.peer_at(0).stats().stall_frames, 15u);
        }
    }
}

TEST(NetGame, InLockstepADroppingPeerStaysInSyncWhileTheInputDelayIsShort) {
    // The other peer waits during the hitch, so afterwards the dropping peer holds input for at
    // most about twice the input delay ahead: with 2 ticks it never has more than MAX_LOOPS ticks
    // to drop. With 12 it has, and desyncs.
    for (const std::uint32_t delay : {2u, 12u}) {
        network_game_config c = game_config("lander", net_mode::lockstep, {}, delay);
        c.network.peer_hitch_ms = 300;
        c.network.peer_drops = true;
        network_game game{c};
        run_until(game, 900);
        if (delay == 2) {
            EXPECT_EQ(game.peer_at(1).stats().skipped_ticks, 0u);
            EXPECT_EQ(game.desync_tick(), std::nullopt);
        } else {
            EXPECT_GT(game.peer_at(1).stats().skipped_ticks, 0u);
            EXPECT_NE(game.desync_tick(), std::nullopt);
        }
    }
}

TEST(NetGame, TheSameSeedAndSettingsGiveTheSameRun) {
    const network_game_config c =
        game_config("balls", net_mode::rollback, {.latency_ms = 80, .jitter_ms = 30, .loss_percent = 10});
    network_game a{c};
    network_game b{c};
    for (std::uint64_t f = 0; f < 600; ++f) {
        a.frame(frame_time(f, 1000.0 / hz));
        b.frame(frame_time(f, 1000.0 / hz));
    }
    EXPECT_EQ(a.peer_at(0).game().state_hash(), b.peer_at(0).game().state_hash());
    EXPECT_EQ(a.peer_at(1).stats().rollback_ticks, b.peer_at(1).stats().rollback_ticks);
    EXPECT_GT(a.peer_at(1).stats().rollback_ticks, 0u);
}

TEST(NetGame, BadSettingsAreRefused) {
    network_game_config c;
    c.network.mode = net_mode::lockstep;
    c.network.input_delay = 0;
    EXPECT_THROW(network_game{c}, std::invalid_argument);
    c.network.input_delay = 2;
    c.scene = "pong";
    EXPECT_THROW(network_game{c}, std::invalid_argument);
}

TEST(NetGame, APlayerFeelsTheInputDelayInLockstepAndNoLagInRollback) {
    // On the player's own screen (local_lag): in rollback the input shows in the frame it is made.
    const auto mean_lag_ms = [](const network_game& game) {
        const peer_stats& s = game.peer_at(0).stats();
        return ticklab::to_milliseconds(s.local_lag_total) / static_cast<double>(s.local_lags);
    };
    const double tick_ms = 1000.0 / hz;
    // Lockstep, a fast network: exactly the delay, 2 ticks.
    network_game lockstep{game_config("lander", net_mode::lockstep, {}, 2)};
    run_until(lockstep, 600);
    EXPECT_NEAR(mean_lag_ms(lockstep), 2 * tick_ms, 0.01);
    // Lockstep with 100 ms latency: the game slows until inputs arrive; the player feels it.
    network_game slow{game_config("lander", net_mode::lockstep, {.latency_ms = 100}, 2)};
    run_until(slow, 600);
    EXPECT_GT(mean_lag_ms(slow), 80.0);
    // Rollback with no delay, same latency: the local input shows in the frame it was made.
    network_game rollback{game_config("lander", net_mode::rollback, {.latency_ms = 100}, 0)};
    run_until(rollback, 600);
    EXPECT_EQ(mean_lag_ms(rollback), 0.0);
    EXPECT_GT(rollback.peer_at(0).stats().local_lags, 590u);
}

TEST(NetGame, PeersInSyncShowTheSameHashForTheSameBlock) {
    network_game_config c;
    c.scene = "balls";
    c.options.balls = 20;
    c.network.mode = net_mode::lockstep;
    network_game game{c};
    EXPECT_FALSE(game.peer_at(0).last_block_hash());
    for (std::uint64_t f = 0; f < 200; ++f) game.frame(ticklab::tick_offset(f, 60));
    const auto a = game.peer_at(0).last_block_hash();
    const auto b = game.peer_at(1).last_block_hash();
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->tick % hash_block_ticks, 0u);
    EXPECT_GT(a->tick + hash_block_ticks, game.peer_at(0).stats().confirmed);
    ASSERT_EQ(a->tick, b->tick);
    EXPECT_EQ(a->hash, b->hash);
}

#include "net/replica.hpp"

#include "net/input_bot.hpp"
#include "scenes/balls_scene.hpp"
#include "scenes/scene_registry.hpp"
#include "session/session.hpp"

#include <gtest/gtest.h>

#include <ticklab/time_source.hpp>

#include <cstdint>
#include <vector>

using ticklab::game::find_scene;
using ticklab::game::input_bot;
using ticklab::game::replica;
using ticklab::game::replica_state;
using ticklab::game::scene_options;

namespace {

constexpr std::uint32_t hz = 60;
// The balls' first two waves come before ticks 240 and 480 (every 4 s of virtual time).
constexpr std::uint64_t first_wave_tick = 240;

scene_options few_balls() {
    scene_options options;
    options.seed = 9;
    options.balls = 120;
    return options;
}

std::vector<std::uint64_t> run_to(replica& r, std::uint64_t last) {
    const input_bot bot{4, 1};
    std::vector<std::uint64_t> hashes;
    while (r.tick() < last) {
        r.run_tick(bot.input_for(r.tick() + 1));
        hashes.push_back(r.state_hash());
    }
    return hashes;
}

}  // namespace

TEST(NetReplica, TicksAndWavesAsTheSessionDoes) {
    // The same scene run by a session (one tick per frame on a manual clock) and by a replica:
    // the wave script fires before the same ticks, so every hash matches.
    ticklab::manual_time_source source;
    ticklab::game::session s{source, "balls", few_balls(), {}};
    replica r{*find_scene("balls"), few_balls(), hz};
    for (std::uint64_t tick = 1; tick <= 2 * first_wave_tick + 5; ++tick) {
        source.set(ticklab::tick_offset(tick, hz));
        s.advance();
        r.run_tick({});
        ASSERT_EQ(s.loop().ticks(), tick);
        ASSERT_EQ(r.state_hash(), s.state_hash()) << "tick " << tick;
    }
}

TEST(NetReplica, RestoreRestartsTheWaveScriptOnItsSchedule) {
    // Saved before the first wave and after it: re-running from either gives the same hashes,
    // waves included (a script restarted naively would wave 4 s after the restore instead).
    for (const std::uint64_t saved_at :
         std::vector<std::uint64_t>{first_wave_tick - 10, first_wave_tick - 1, first_wave_tick, 300}) {
        replica r{*find_scene("balls"), few_balls(), hz};
        run_to(r, saved_at);
        replica_state saved;
        r.save(saved);
        const std::vector<std::uint64_t> first = run_to(r, 2 * first_wave_tick + 30);
        r.restore(saved);
        EXPECT_EQ(r.tick(), saved_at);
        EXPECT_EQ(run_to(r, 2 * first_wave_tick + 30), first) << "saved at tick " << saved_at;
    }
}

TEST(NetReplica, AWaveChangesTheStateSoTheRestoreTestCanFail) {
    // Without the wave before tick 240 the hashes differ: the test above would see a lost wave.
    replica with_waves{*find_scene("balls"), few_balls(), hz};
    auto direct = ticklab::game::find_scene("balls")->create(few_balls());  // no scripts at all
    const input_bot bot{4, 1};
    for (std::uint64_t tick = 1; tick <= first_wave_tick; ++tick) {
        with_waves.run_tick(bot.input_for(tick));
        direct->tick(bot.input_for(tick), 1.0 / hz);
        if (tick < first_wave_tick) {
            ASSERT_EQ(with_waves.state_hash(), direct->state_hash()) << tick;
        }
    }
    EXPECT_NE(with_waves.state_hash(), direct->state_hash());
}

TEST(NetReplica, AReplicaWithAnotherHistoryContinuesExactlyAsTheSavedOne) {
    replica a{*find_scene("balls"), few_balls(), hz};
    run_to(a, 200);
    replica_state saved;
    a.save(saved);
    scene_options other = few_balls();
    other.seed = 1234;
    replica b{*find_scene("balls"), other, hz};
    run_to(b, 50);
    b.restore(saved);
    EXPECT_EQ(run_to(b, 700), run_to(a, 700));
}

TEST(NetReplica, SkippedTicksAreTimeThatNeverHappened) {
    // A replica that skips tick 10 runs later ticks exactly as one that did not skip, one tick
    // later: the scene never saw the tick and neither did the wave script's clock.
    replica skipping{*find_scene("balls"), few_balls(), hz};
    replica reference{*find_scene("balls"), few_balls(), hz};
    const input_bot bot{4, 1};
    for (std::uint64_t n = 1; n <= 2 * first_wave_tick; ++n) {
        if (n == 10) skipping.skip_tick();
        skipping.run_tick(bot.input_for(n));
        reference.run_tick(bot.input_for(n));
        ASSERT_EQ(skipping.state_hash(), reference.state_hash()) << n;
    }
    EXPECT_EQ(skipping.tick(), reference.tick() + 1);
    EXPECT_EQ(skipping.skipped(), 1u);
}

TEST(NetReplica, RestoringAnUnsavedStateIsRefused) {
    replica r{*find_scene("lander"), few_balls(), hz};
    EXPECT_THROW(r.restore(replica_state{}), std::invalid_argument);
    EXPECT_THROW((replica{*find_scene("lander"), few_balls(), 0}), std::invalid_argument);
}

#include "net/input_bot.hpp"
#include "scenes/balls_scene.hpp"
#include "scenes/lander_scene.hpp"
#include "sim/scene.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

using ticklab::game::input_bot;
using ticklab::game::scene;
using ticklab::game::scene_options;
using ticklab::game::scene_snapshot;

namespace {

constexpr double dt = 1.0 / 60;

scene_options options_with(std::uint64_t seed, std::uint32_t balls) {
    scene_options options;
    options.seed = seed;
    options.balls = balls;
    return options;
}

// Ticks first+1 .. first+count with the bot's input (drags, clicks, thrust and turns all change
// the state) and returns the hash after each.
std::vector<std::uint64_t> run(scene& s, std::uint64_t first, std::uint64_t count) {
    const input_bot bot{3, 0};
    std::vector<std::uint64_t> hashes;
    for (std::uint64_t t = first + 1; t <= first + count; ++t) {
        s.tick(bot.input_for(t), dt);
        hashes.push_back(s.state_hash());
    }
    return hashes;
}

std::unique_ptr<scene> make(std::string_view name, const scene_options& options) {
    return ticklab::game::find_scene(name)->create(options);
}

}  // namespace

TEST(SceneSnapshot, RestoreThenTheSameInputGivesTheSameHashesForEveryScene) {
    for (const auto& entry : ticklab::game::scene_registry()) {
        const auto s = entry.create(options_with(5, 200));
        run(*s, 0, 600);  // under gravity the balls settle: some sleep when the snapshot is taken
        std::unique_ptr<scene_snapshot> saved;
        s->save(saved);
        ASSERT_NE(saved, nullptr) << entry.name;
        EXPECT_EQ(saved->state_hash(), s->state_hash()) << entry.name;
        const std::vector<std::uint64_t> first = run(*s, 600, 400);
        s->restore(*saved);
        EXPECT_EQ(s->state_hash(), saved->state_hash()) << entry.name;
        EXPECT_EQ(run(*s, 600, 400), first) << entry.name;
    }
}

TEST(SceneSnapshot, ASceneWithAnotherHistoryContinuesExactlyAsTheSavedOne) {
    // Restoring into a scene with another seed, count and past leaves nothing of its own behind:
    // scratch state, sleep counters and pending wake-ups all come from the snapshot.
    for (const auto& entry : ticklab::game::scene_registry()) {
        const auto original = entry.create(options_with(5, 200));
        run(*original, 0, 600);
        if (auto* balls = dynamic_cast<ticklab::game::balls_scene*>(original.get())) {
            balls->spawn_wave(40);  // between two ticks, as the wave script does: wake-ups pending
            EXPECT_GT(balls->sleeping_count(), 0u) << "the snapshot should hold sleeping balls";
        }
        std::unique_ptr<scene_snapshot> saved;
        original->save(saved);
        const auto other = entry.create(options_with(77, 31));
        run(*other, 0, 123);
        other->restore(*saved);
        EXPECT_EQ(other->state_hash(), original->state_hash()) << entry.name;
        EXPECT_EQ(run(*other, 600, 400), run(*original, 600, 400)) << entry.name;
    }
}

TEST(SceneSnapshot, ASlotIsReusedWhenSavedAgain) {
    const auto s = make("balls", options_with(1, 100));
    std::unique_ptr<scene_snapshot> slot;
    s->save(slot);
    const scene_snapshot* first = slot.get();
    run(*s, 0, 10);
    s->save(slot);
    EXPECT_EQ(slot.get(), first);
    EXPECT_EQ(slot->state_hash(), s->state_hash());
}

TEST(SceneSnapshot, AnotherScenesSnapshotIsRefused) {
    const auto balls = make("balls", options_with(1, 10));
    const auto lander = make("lander", options_with(1, 10));
    std::unique_ptr<scene_snapshot> saved;
    balls->save(saved);
    const std::uint64_t before = lander->state_hash();
    EXPECT_THROW(lander->restore(*saved), std::invalid_argument);
    EXPECT_EQ(lander->state_hash(), before);
}

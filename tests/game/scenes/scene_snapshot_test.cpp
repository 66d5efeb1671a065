#include "scenes/balls_scene.hpp"
#include "scenes/lander_scene.hpp"
#include "scenes/scene_registry.hpp"
#include "sim/random.hpp"
#include "sim/scene.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

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

// An input for tick t that changes the state of either scene: held controls that change every
// 20 ticks, a drag through the balls every 30 and a click (8 new balls) every 250.
ticklab::game::tick_input input_for(std::uint64_t t) {
    using ticklab::game::action;
    using ticklab::game::pointer_event;
    ticklab::game::random_source r{t / 20 + 1};
    ticklab::game::tick_input input;
    input.held[static_cast<std::size_t>(action::thrust)] = r.below(2) == 0;
    input.held[static_cast<std::size_t>(action::rotate_left)] = r.below(3) == 0;
    ticklab::game::random_source place{t};
    const auto at = [&place](double high) { return static_cast<float>(place.uniform(0.0, high)); };
    if (t % 30 == 0) input.pointer.push_back({pointer_event::kind::drag, {at(160), at(90)}, {at(50), -at(50)}});
    if (t % 250 == 0) input.pointer.push_back({pointer_event::kind::click, {at(160), at(90)}, {}});
    return input;
}

// Ticks first+1 .. first+count and returns the hash after each.
std::vector<std::uint64_t> run(scene& s, std::uint64_t first, std::uint64_t count) {
    std::vector<std::uint64_t> hashes;
    for (std::uint64_t t = first + 1; t <= first + count; ++t) {
        s.tick(input_for(t), dt);
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

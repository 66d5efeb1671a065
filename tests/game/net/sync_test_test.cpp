#include "net/sync_test.hpp"

#include "net/input_bot.hpp"
#include "net/peer.hpp"
#include "scenes/scene_registry.hpp"
#include "sim/scene_snapshot.hpp"
#include "sim/state_hasher.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

using namespace ticklab::game;

namespace {

// A scene with a bug the sync test exists for: the first time it runs tick fault_tick it reads
// something its snapshot does not hold (`fired`, shared by every copy, as a static would be), so
// the re-simulated tick differs from the first run in exactly ship.x and ship.vy.
class faulty_scene final : public scene {
public:
    static constexpr std::uint64_t fault_tick = 153;

    explicit faulty_scene(std::shared_ptr<bool> fired) : fired_{std::move(fired)} {}
    void reset(const scene_options&) override { *this = faulty_scene{fired_}; }
    void tick(const tick_input& input, double dt) override {
        ++ticks_;
        vy_ += (input.is_held(action::thrust) ? 2.0 : -1.0) * dt;
        if (ticks_ == fault_tick && !*fired_) {
            *fired_ = true;
            vy_ += 0.5;
        }
        x_ += vy_ * dt;
    }
    void draw(draw_list&, double) const override {}
    [[nodiscard]] std::uint64_t state_hash() const override {
        state_hasher h;
        h.add(ticks_);
        h.add(x_);
        h.add(vy_);
        h.add(fuel_);
        return h.value();
    }
    void state_fields(state_field_list& out) const override {
        out.add("ticks", ticks_);
        out.add("ship.x", x_);
        out.add("ship.vy", vy_);
        out.add("ship.fuel", fuel_);
    }
    void save(std::unique_ptr<scene_snapshot>& slot) const override { save_copy(*this, slot); }
    void restore(const scene_snapshot& s) override { restore_copy(*this, s, "faulty"); }

private:
    std::shared_ptr<bool> fired_;
    std::uint64_t ticks_ = 0;
    double x_ = 0.0, vy_ = 0.0, fuel_ = 100.0;
};

std::shared_ptr<bool> faulty_fired;

const scene_entry faulty_entry{
    .name = "faulty",
    .title = "faulty",
    .create = [](const scene_options&) -> std::unique_ptr<scene> {
        return std::make_unique<faulty_scene>(faulty_fired);
    },
};

tick_input bots_input(std::uint64_t seed, std::uint64_t tick) {
    return merge_inputs(input_bot{seed, 0}.input_for(tick), input_bot{seed, 1}.input_for(tick));
}

}  // namespace

TEST(SyncTest, NamesTheFirstDifferingTickAndItsFields) {
    for (const std::uint32_t distance : {1U, 2U, 7U}) {
        faulty_fired = std::make_shared<bool>(false);
        sync_test test{faulty_entry, {}, 60, distance};
        std::optional<sync_mismatch> miss;
        while (!miss && test.tick() < 600) miss = test.run_tick(bots_input(1, test.tick() + 1));
        ASSERT_TRUE(miss.has_value()) << distance;
        EXPECT_EQ(miss->tick, faulty_scene::fault_tick) << distance;
        EXPECT_EQ(miss->resimulated, distance);
        EXPECT_EQ(miss->fields, (std::vector<std::string>{"ship.x", "ship.vy"})) << distance;
        EXPECT_EQ(test.ticks_checked(), faulty_scene::fault_tick);
        const std::string line = miss->line();
        EXPECT_EQ(line, "sync-test: tick 153 differs after re-simulating " + std::to_string(distance) +
                            (distance == 1 ? " tick" : " ticks") + ": ship.x, ship.vy");
    }
}

TEST(SyncTest, ReSimulatesCheckDistanceTicksEachTickAndFewerAtTheStart) {
    faulty_fired = std::make_shared<bool>(true);  // fired already: a deterministic scene
    sync_test test{faulty_entry, {}, 60, 3};
    for (std::uint64_t t = 1; t <= 100; ++t) ASSERT_FALSE(test.run_tick(bots_input(2, t)).has_value()) << t;
    EXPECT_EQ(test.ticks_checked(), 100U);
    EXPECT_EQ(test.ticks_resimulated(), 1U + 2U + 3U * 98U);
}

TEST(SyncTest, KeepsTheTrajectoryOfAPlainRun) {
    // Re-simulating must not change what is simulated: the sync test's state after n ticks is a
    // plain replica's.
    const scene_entry& lander = *find_scene("lander");
    scene_options options;
    options.players = 2;
    replica plain{lander, options, 60};
    sync_test test{lander, options, 60, 2};
    for (std::uint64_t t = 1; t <= 300; ++t) {
        plain.run_tick(bots_input(5, t));
        ASSERT_FALSE(test.run_tick(bots_input(5, t)).has_value());
    }
    EXPECT_EQ(test.game().state_hash(), plain.state_hash());
}

TEST(SyncTest, EveryBuiltInScenePasses600TicksWithBotsInput) {
    for (const scene_entry& entry : scene_registry()) {
        scene_options options;
        options.players = 2;
        options.balls = 300;
        sync_test test{entry, options, 60, 2};
        for (std::uint64_t t = 1; t <= 600; ++t) {
            const auto miss = test.run_tick(bots_input(7, t));
            ASSERT_FALSE(miss.has_value()) << entry.name << ": " << miss->line();
        }
        EXPECT_EQ(test.ticks_checked(), 600U) << entry.name;
        EXPECT_EQ(test.ticks_resimulated(), 1U + 2U * 599U) << entry.name;
    }
}

TEST(SyncTest, RefusesACheckDistanceOutOfRange) {
    EXPECT_EQ(check_check_distance(1), "");
    EXPECT_EQ(check_check_distance(sync_test_settings::max_check_distance), "");
    EXPECT_NE(check_check_distance(0).find("from 1 to 60"), std::string::npos);
    EXPECT_NE(check_check_distance(61).find("61"), std::string::npos);
    EXPECT_NE(check_check_distance(1.5).find("1.5"), std::string::npos);
    EXPECT_THROW((sync_test{faulty_entry, {}, 60, 0}), std::invalid_argument);
}

// Each built-in scene names its fields, and names the one a change touched: a ball's velocity,
// the second ship's, a body's position.
TEST(StateFields, EachSceneNamesTheFieldThatDiffers) {
    struct probe {
        const char* scene;
        const char* field;
    };
    for (const probe p : {probe{"balls", "balls[0].vy"}, probe{"lander", "ship2.vy"}, probe{"orbits", "ticks"}}) {
        scene_options options;
        options.players = 2;
        const scene_entry& entry = *find_scene(p.scene);
        replica a{entry, options, 60};
        replica b{entry, options, 60};
        state_field_list same_a, same_b;
        a.current_scene().state_fields(same_a);
        b.current_scene().state_fields(same_b);
        EXPECT_GT(same_a.fields().size(), 5U) << p.scene;
        EXPECT_TRUE(differing_fields(same_a, same_b).empty()) << p.scene;

        // One tick apart (the lander: a tick each, the second ship thrusting in one): gravity moves
        // every ball, the thrust the second ship, and the orbits count the tick.
        tick_input thrust;
        thrust.held_by[1][static_cast<std::size_t>(action::thrust)] = true;
        a.run_tick(thrust);
        if (std::string{p.scene} == "lander") b.run_tick({});
        state_field_list fa, fb;
        a.current_scene().state_fields(fa);
        b.current_scene().state_fields(fb);
        const auto names = differing_fields(fa, fb, 100000);
        EXPECT_NE(std::find(names.begin(), names.end(), p.field), names.end()) << p.scene << " " << p.field;
    }
}

TEST(SyncTest, ALineWithoutFieldsNamesBothHashes) {
    const sync_mismatch miss{.tick = 9, .resimulated = 1, .first_hash = 0xab, .second_hash = 0xcd, .fields = {}};
    EXPECT_EQ(miss.line(),
              "sync-test: tick 9 differs after re-simulating 1 tick: state_hash 00000000000000ab, re-simulated "
              "00000000000000cd (the scene names no fields)");
}

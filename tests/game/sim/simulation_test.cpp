// The simulation's order of a tick and its restore, on a tiny scene that logs what happens to it.
#include "sim/simulation.hpp"

#include "sim/scene_snapshot.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

using namespace std::chrono_literals;
using ticklab::game::scene_entry;
using ticklab::game::scene_options;
using ticklab::game::simulation;

namespace {

std::vector<std::string>* event_log = nullptr;

void note(std::string what) {
    if (event_log != nullptr) event_log->push_back(std::move(what));
}

// Counts its ticks; a time task of its own notes every 10 ms of virtual time from its start.
class counting_scene final : public ticklab::game::scene {
public:
    void reset(const scene_options&) override { ticks_ = 0; }
    void tick(const ticklab::game::tick_input&, double) override { note("tick " + std::to_string(++ticks_)); }
    void draw(ticklab::game::draw_list&, double) const override {}
    void start_scripts(ticklab::game::scene_services& services) override {
        ticklab::scheduler& tasks = services.tasks();
        services.adopt(tasks.schedule_time({.start = tasks.now() + 10ms, .interval = 10ms, .name = "every 10 ms"},
                                           [] { note("time task"); }));
    }
    [[nodiscard]] std::uint64_t state_hash() const override { return ticks_; }
    void save(std::unique_ptr<ticklab::game::scene_snapshot>& slot) const override {
        ticklab::game::save_copy(*this, slot);
    }
    void restore(const ticklab::game::scene_snapshot& s) override {
        ticklab::game::restore_copy(*this, s, "counting_scene");
    }

private:
    std::uint64_t ticks_ = 0;
};

const scene_entry counting{.name = "counting",
                           .title = "Counting",
                           .create = [](const scene_options&) -> std::unique_ptr<ticklab::game::scene> {
                               return std::make_unique<counting_scene>();
                           }};

struct logged : ::testing::Test {
    std::vector<std::string> log;
    void SetUp() override { event_log = &log; }
    void TearDown() override { event_log = nullptr; }
};

}  // namespace

using Simulation = logged;

TEST_F(Simulation, TimeTasksDueByATickRunBeforeItTickTasksAfter) {
    simulation sim{counting, {}};
    sim.tasks().schedule_tick({.interval = 1, .name = "after each tick"}, [] { note("tick task"); });
    // Ticks of 10 ms: the time task due at 10 ms runs before the tick due then.
    sim.advance_to(10ms);
    sim.tick({}, 0.01, 1);
    sim.advance_to(20ms);
    sim.tick({}, 0.01, 2);
    EXPECT_EQ(log, (std::vector<std::string>{"time task", "tick 1", "tick task", "time task", "tick 2", "tick task"}));
}

TEST_F(Simulation, ResetEndsTheScenesTimedWorkButKeepsTasksFromOutside) {
    simulation sim{counting, {}};
    sim.tasks().schedule_tick({.interval = 1, .name = "outside"}, [] { note("outside"); });
    sim.reset({});
    EXPECT_EQ(sim.starts(), 2u);
    sim.advance_to(10ms);
    sim.tick({}, 0.01, 1);
    // One time task (the new start's), not two: the first start's ended with the reset.
    EXPECT_EQ(log, (std::vector<std::string>{"time task", "tick 1", "outside"}));
}

TEST_F(Simulation, RestoreStartsTheTimedWorkAgainAtTheRestoredTime) {
    simulation sim{counting, {}};
    sim.advance_to(10ms);
    sim.tick({}, 0.01, 1);
    std::unique_ptr<ticklab::game::scene_snapshot> saved;
    sim.save(saved);
    sim.advance_to(20ms);
    sim.tick({}, 0.01, 2);
    sim.restore(*saved, 10ms);
    EXPECT_EQ(sim.state_hash(), 1u);
    EXPECT_EQ(sim.tasks().now(), 10ms);
    log.clear();
    sim.advance_to(20ms);
    sim.tick({}, 0.01, 2);
    EXPECT_EQ(log, (std::vector<std::string>{"time task", "tick 2"}));
}

#include "scenes/lander_beacons.hpp"
#include "scenes/lander_scene.hpp"
#include "sim/scene_services.hpp"

#include <ticklab/scheduler.hpp>
#include <ticklab/script.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <memory>

using namespace std::chrono_literals;
using ticklab::game::lander_beacons;
using ticklab::game::scene_services;
using ticklab::game::vec2;

namespace {

// A scheduler and the services a scene gets from it, as a session or a replica holds them.
struct timed_work {
    ticklab::scheduler tasks;
    ticklab::script_host scripts{tasks};
    scene_services services{tasks, scripts};
};

vec2 lander_at() {
    return {50.0f, 100.0f};
}

std::uint64_t hash_of(const lander_beacons& b) {
    ticklab::game::state_hasher h;
    b.hash(h);
    return h.value();
}

}  // namespace

// Drops at 0.4, 1.0, ... s; pings due 2 s later; beacons 1 and 3 (of each four) burn out after 1 and
// 1.4 s, before their pings. By 5.5 s pings 0-5 are due: 0, 2, 4 ran, 1, 3, 5 found their beacon gone.
TEST(LanderBeacons, PingsOnBeaconsThatBurntOutFirstFindTheirTargetGone) {
    timed_work w;
    lander_beacons b;
    b.start(w.services, lander_at);
    w.tasks.advance_to(5500ms);
    EXPECT_EQ(b.dropped(), 9u);
    EXPECT_EQ(b.completed(), 3u);
    EXPECT_EQ(b.target_gone(), 3u);
    EXPECT_EQ(b.wrong_target(), 0u);
    EXPECT_EQ(b.pings_waiting(), 9u - 6u);
}

// Each gone ping's slot holds a newer beacon when the ping falls due (the registry reuses freed
// slots), and that beacon is not pinged by it: a lookup by slot would have pinged it.
TEST(LanderBeacons, AReusedSlotIsNeverPingedByTheOldCall) {
    timed_work w;
    lander_beacons b;
    b.start(w.services, lander_at);
    // Beacon 1 burns out at 2.0 s; beacon 3, dropped at 2.2 s, takes its slot; beacon 1's ping is due
    // at 3.0 s, beacon 3's at 4.2 s.
    w.tasks.advance_to(3001ms);
    EXPECT_EQ(b.target_gone(), 1u);
    EXPECT_EQ(b.gone_slot_reused(), 1u);
    int newer_pinged = 0, newer = 0;
    b.registry().for_each([&](ticklab::object_handle, const lander_beacons::beacon& beacon) {
        if (beacon.serial == 3) {
            ++newer;
            newer_pinged += beacon.pinged ? 1 : 0;
        }
    });
    EXPECT_EQ(newer, 1);
    EXPECT_EQ(newer_pinged, 0);
    EXPECT_EQ(b.wrong_target(), 0u);
    w.tasks.advance_to(6s);
    EXPECT_EQ(b.gone_slot_reused(), b.target_gone());
}

TEST(LanderBeacons, StoppingTheServicesDropsEveryPendingCall) {
    timed_work w;
    lander_beacons b;
    b.start(w.services, lander_at);
    w.tasks.advance_to(2500ms);
    const std::uint64_t before = hash_of(b);
    w.services.stop_all();
    w.tasks.advance_to(10s);
    EXPECT_EQ(hash_of(b), before);
    EXPECT_EQ(w.tasks.size(), 0u);
}

// A copy started on another scheduler at the same time (a snapshot restored, a rollback) posts its
// pending calls again and goes on exactly as the original does.
TEST(LanderBeacons, ACopyResumesTheSameSchedule) {
    timed_work first;
    lander_beacons original;
    original.start(first.services, lander_at);
    first.tasks.advance_to(2500ms);
    lander_beacons copy = original;
    timed_work second;
    second.tasks.advance_to(2500ms);
    copy.start(second.services, lander_at);
    first.tasks.advance_to(7s);
    second.tasks.advance_to(7s);
    EXPECT_EQ(hash_of(copy), hash_of(original));
    EXPECT_EQ(copy.completed(), original.completed());
    EXPECT_EQ(copy.target_gone(), original.target_gone());
    EXPECT_GT(original.target_gone(), 2u);
}

TEST(LanderBeacons, OffByDefaultTheLanderHashIsUnchangedAndNothingIsDrawn) {
    ticklab::game::scene_options off;
    ticklab::game::scene_options on;
    on.beacons = true;
    ticklab::game::lander_scene a{off};
    ticklab::game::lander_scene c{on};
    timed_work w;
    a.start_scripts(w.services);
    EXPECT_EQ(w.tasks.size(), 0u);
    EXPECT_NE(a.state_hash(), c.state_hash());  // on: the beacons' state is hashed too
    ticklab::game::draw_list drawn_off;
    a.draw(drawn_off, 1.0);
    ticklab::game::scene_options off_again;
    ticklab::game::lander_scene b{off_again};
    ticklab::game::draw_list drawn_again;
    b.draw(drawn_again, 1.0);
    EXPECT_EQ(drawn_off, drawn_again);
}

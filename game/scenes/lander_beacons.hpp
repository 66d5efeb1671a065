#pragma once
// Beacons for the lander scene: a lesson in deferred calls whose target died first.
//
// Every drop_interval a beacon is dropped near the lander, with two deferred calls on it: "ping in
// ping_delay" (by handle, engine/include/ticklab/deferred_calls.hpp) and "burn out after its
// lifetime". Lifetimes cycle through burn_times; two of the four are shorter than ping_delay, so
// those beacons are gone when their ping falls due, and by then a newer beacon has taken their slot
// in the registry. The handle (slot and generation) tells them apart: the ping finds its target
// gone and does nothing, instead of pinging the newer beacon. Each beacon carries its serial number
// and a ping checks it against the one it was made for, so a call that ever reached another object
// is counted (wrong_target), never silent.
//
// Usage (lander_scene owns one, as scene state):
//   beacons.reset();                                  // none, no calls, counters zero
//   beacons.start(services, [this] { return where; });  // in start_scripts: drops and calls resume
//   beacons.advance(dt);                              // in every tick: the drawing clock
//   beacons.draw(out);  beacons.hash(h);
//
// Times are the scheduler's virtual time. The pending calls are also kept here as records (target,
// due time), so a restored copy can post them again (start) and resume the same schedule: the
// deferred_calls object itself lives in scene_services and ends with the scene.

#include "sim/draw_list.hpp"
#include "sim/state_hasher.hpp"

#include <ticklab/object_registry.hpp>
#include <ticklab/time.hpp>

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace ticklab::game {

class scene_services;

class lander_beacons {
public:
    static constexpr ticklab::nanoseconds first_drop{400'000'000};
    static constexpr ticklab::nanoseconds drop_interval{600'000'000};
    static constexpr ticklab::nanoseconds ping_delay{2'000'000'000};
    // How long each beacon burns, by serial number modulo 4 (ns).
    static constexpr std::array<ticklab::nanoseconds, 4> burn_times{
        ticklab::nanoseconds{3'000'000'000}, ticklab::nanoseconds{1'000'000'000}, ticklab::nanoseconds{2'800'000'000},
        ticklab::nanoseconds{1'400'000'000}};

    struct beacon {
        std::uint32_t serial = 0;
        vec2 at;
        ticklab::nanoseconds born{0};
        ticklab::nanoseconds dies{0};
        bool pinged = false;
    };

    void reset();
    // Posts the next drop and every pending call on services.calls(); `near` says where the lander
    // is when a beacon is dropped. Call after every reset and restore.
    void start(scene_services& services, std::function<vec2()> near);
    void advance(double dt_seconds);
    void draw(draw_list& out) const;
    void hash(state_hasher& h) const;

    [[nodiscard]] std::uint32_t dropped() const noexcept { return dropped_; }
    [[nodiscard]] std::uint32_t completed() const noexcept { return completed_; }
    [[nodiscard]] std::uint32_t target_gone() const noexcept { return target_gone_; }
    // Pings that ran on a beacon other than the one they were made for: 0 unless handles are broken.
    [[nodiscard]] std::uint32_t wrong_target() const noexcept { return wrong_target_; }
    // Pings that found their target gone while a newer beacon lived in its slot: where a lookup
    // by slot alone would have hit the wrong one.
    [[nodiscard]] std::uint32_t gone_slot_reused() const noexcept { return gone_slot_reused_; }
    [[nodiscard]] std::size_t live() const noexcept { return live_.size(); }
    [[nodiscard]] std::size_t pings_waiting() const noexcept;
    [[nodiscard]] const ticklab::object_registry<beacon>& registry() const noexcept { return registry_; }
    [[nodiscard]] ticklab::object_registry<beacon>& registry() noexcept { return registry_; }

private:
    enum class call_kind : std::uint8_t { ping, burn_out };
    struct pending_call {
        call_kind kind = call_kind::ping;
        ticklab::object_handle target;
        std::uint32_t serial = 0;
        vec2 at;  // where the target was dropped: a ping whose target is gone is drawn there
        ticklab::nanoseconds due{0};
    };
    struct outcome {
        vec2 at;
        ticklab::nanoseconds when{0};
        bool gone = false;
    };

    void post(scene_services& services, const pending_call& call);
    void post_drop(scene_services& services, std::function<vec2()> near);
    void drop(scene_services& services, vec2 near);
    void finish(std::uint32_t serial, call_kind kind);

    ticklab::object_registry<beacon> registry_;
    std::vector<ticklab::object_handle> live_;  // in drop order
    std::vector<pending_call> calls_;           // in posting order
    std::vector<outcome> outcomes_;             // drawing only: the last second's results
    std::optional<ticklab::nanoseconds> next_drop_;
    ticklab::nanoseconds clock_{0};  // drawing only: synced to the scheduler by every call
    std::uint32_t dropped_ = 0;
    std::uint32_t completed_ = 0;
    std::uint32_t target_gone_ = 0;
    std::uint32_t wrong_target_ = 0;
    std::uint32_t gone_slot_reused_ = 0;
};

}  // namespace ticklab::game

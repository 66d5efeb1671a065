#pragma once
// Lunar lander: gravity, a main engine, attitude jets and fuel; land gently on the pad.
//
// Units: metres, seconds, radians. The world is 240 x 135 m. A touchdown is a landing when both
// feet are on the pad and the vertical speed, horizontal speed and tilt are within
// lander_physics' limits; anything else touching the ground, or leaving the world sideways, is a
// crash. The autopilot, when on, replaces the player's controls and decides once per tick.

#include "scenes/lander_autopilot.hpp"
#include "scenes/lander_beacons.hpp"
#include "scenes/lander_terrain.hpp"
#include "sim/random.hpp"
#include "sim/scene.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace ticklab::game {

enum class lander_state : std::uint8_t { flying, landed, crashed };
[[nodiscard]] std::string_view to_string(lander_state state);

class lander_scene final : public scene {
public:
    static constexpr double width = 240.0;
    static constexpr double height = 135.0;

    explicit lander_scene(const scene_options& options);

    void reset(const scene_options& options) override;
    void tick(const tick_input& input, double dt_seconds) override;
    void draw(draw_list& out, double alpha) const override;
    // Each ship whose hull was more than ghost_distance_m from where `predicted` had it (at the
    // predicted tick), drawn there as an outline with a line to where it is.
    void draw_ghost(draw_list& out, const scene& predicted, double opacity) const override;
    static constexpr double ghost_distance_m = 0.15;  // about 2 px on the 800 px scene area
    void hud_lines(std::vector<std::string>& out) const override;
    void write_options(scene_options& options) const override;
    // With options.beacons: drops beacons and posts their deferred calls (lander_beacons.hpp).
    void start_scripts(scene_services& services) override;
    void report_fields(std::vector<report_field>& out) const override;
    [[nodiscard]] std::uint64_t state_hash() const override;
    void state_fields(state_field_list& out) const override;
    void save(std::unique_ptr<scene_snapshot>& slot) const override;
    void restore(const scene_snapshot& snapshot) override;
    [[nodiscard]] double divergence(const scene& other) const override;
    // lander_section_controls and lander_figures (lander_parts.cpp).
    [[nodiscard]] double control_value(std::string_view name) const override;
    void set_control(std::string_view name, double value) override;
    [[nodiscard]] scene_text readout(std::string_view name) const override;
    [[nodiscard]] scene_text figure(std::string_view name) const override;

    void set_autopilot(bool on) noexcept { autopilot_ = on; }
    [[nodiscard]] bool autopilot_on() const noexcept { return autopilot_; }
    // The options of the last reset.
    [[nodiscard]] const scene_options& options() const noexcept { return options_; }
    [[nodiscard]] lander_state state() const noexcept { return state_; }
    [[nodiscard]] const lander_body& body() const noexcept { return body_; }
    [[nodiscard]] const lander_terrain& terrain() const noexcept { return terrain_; }
    // Speeds and tilt at the moment of touchdown (zero while flying).
    [[nodiscard]] const lander_body& touchdown() const noexcept { return touchdown_; }
    // Height of the lowest foot above the ground below it, m.
    [[nodiscard]] double altitude() const noexcept;
    // Why the lander crashed, every broken limit with its figure ("vertical speed 7.3 m/s over a
    // limit of 2.5; off the pad"); empty unless crashed. Derived from touchdown() and the terrain.
    [[nodiscard]] std::string crash_reason() const;
    // The beacons and their deferred calls (empty unless options().beacons).
    [[nodiscard]] const lander_beacons& beacons() const noexcept { return beacons_; }
    // The beacons' ping counts since the last reset or restart_counters(): what the HUD shows.
    // The totals (beacons()) are simulation state, so a restart moves a shown baseline instead.
    struct ping_counts {
        std::uint32_t completed = 0;
        std::uint32_t target_gone = 0;
        std::uint32_t gone_slot_reused = 0;
        std::uint32_t wrong_target = 0;
    };
    void restart_counters() override;
    [[nodiscard]] ping_counts pings_shown() const noexcept;
    // Virtual seconds from the start to touchdown (or so far, while flying).
    [[nodiscard]] double flight_seconds() const noexcept { return flight_s_; }

    // The second player's ship, flown only with scene_options::players = 2 (the network game):
    // the first ship then follows tick_input::held_by[0] and this one held_by[1], under the same
    // physics, each landing or crashing on its own. In state_hash only when flown.
    struct ship {
        lander_body body;
        lander_body previous;  // last tick's, for interpolated drawing
        lander_body touchdown;
        lander_state state = lander_state::flying;
        bool thrusting = false;
    };
    [[nodiscard]] bool two_ships() const noexcept { return options_.players == 2; }
    [[nodiscard]] const ship& second_ship() const noexcept { return second_; }

    // The centre at each of the last trail_length ticks, oldest first: where the simulation (and
    // the autopilot) sampled the lander. Drawing only: not in state_hash.
    static constexpr std::size_t trail_length = 160;
    [[nodiscard]] std::size_t trail_size() const noexcept { return trail_count_; }
    [[nodiscard]] vec2 trail_point(std::size_t i) const noexcept {
        return trail_[(trail_next_ + trail_length - trail_count_ + i) % trail_length];
    }

private:
    [[nodiscard]] lander_controls controls_for(const tick_input& input, std::size_t player,
                                               const lander_body& body) const;
    static void fly(lander_body& b, bool& thrusting, const lander_controls& controls, double dt);
    void judge_contact(lander_body& b, lander_body& touchdown, lander_state& state) const;
    void remember_position() noexcept;

    scene_options options_;
    random_source rng_;
    lander_terrain terrain_;
    lander_body body_;
    lander_body previous_;  // last tick's body, for interpolated drawing
    lander_body touchdown_;
    lander_state state_ = lander_state::flying;
    bool autopilot_ = false;
    bool thrusting_ = false;  // during the last tick, for the flame
    std::uint64_t ticks_ = 0;
    double flight_s_ = 0.0;                   // virtual seconds flown until touchdown; for the report, not state
    std::array<vec2, trail_length> trail_{};  // ring buffer of tick positions
    std::size_t trail_next_ = 0;
    std::size_t trail_count_ = 0;
    lander_beacons beacons_;
    ping_counts pings_from_;  // the totals at restart_counters(); display only, not in state_hash
    ship second_;
};

// The panel's section: the autopilot, a restart, and how the last touchdown went.
inline constexpr std::array<scene_control, 4> lander_section_controls{{
    {.kind = control_kind::toggle, .name = "autopilot", .label = "autopilot"},
    {.kind = control_kind::button, .name = "restart", .label = "Restart"},
    {.kind = control_kind::readout, .name = "touchdown"},
    {.kind = control_kind::readout, .name = "crash"},
}};
// The speeds against the landing limits, and the beacons' pings (scene_options::beacons).
inline constexpr std::array<scene_figure, 5> lander_figures{{
    {"lander_fall", "speed -"},
    {"lander_drift", "speed -"},
    {"calls_completed", "calls -"},
    {"calls_target_gone", "calls -"},
    {"calls_wrong_target", "calls -"},
}};
inline constexpr std::array<std::string_view, 2> lander_default_figures{"lander_fall", "lander_drift"};
inline constexpr std::array<scene_key, 3> lander_keys{{
    {{"Up", "W", ""}, action::thrust, "Up / W", "thrust"},
    {{"Left", "A", ""}, action::rotate_left, "Left Right / A D", "rotate"},
    {{"Right", "D", ""}, action::rotate_right, "", ""},
}};
inline constexpr scene_parts lander_parts{.controls = lander_section_controls,
                                          .figures = lander_figures,
                                          .default_figures = lander_default_figures,
                                          .keys = lander_keys,
                                          .divergence_unit = "m apart",
                                          .reads_presses = false,
                                          .reads_pointer = false};

}  // namespace ticklab::game

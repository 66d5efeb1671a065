#pragma once
// A simulation scene: state that changes only in fixed ticks, drawn between ticks.
//
// Usage: each scene has one entry in scenes/scene_registry.cpp ({name, title, create, limits,
// parts}); nothing else (main, the command line, the window, tests) needs to change when a scene is
// added. Tests and benchmarks create scenes through the registry and tick them with no window. The
// interface has no UI in it: the scene describes its panel controls, HUD figures and keys as data
// (sim/scene_parts.hpp) that the window draws and binds, and its drawing goes through draw_list.

#include "sim/draw_list.hpp"
#include "sim/scene_parts.hpp"
#include "sim/state_fields.hpp"
#include "sim/tick_input.hpp"

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace ticklab::game {

class scene;
class scene_services;

// A saved copy of one scene's whole simulation state (sim/scene_snapshot.hpp). Opaque: only the
// kind of scene that made it can read it back.
class scene_snapshot {
public:
    virtual ~scene_snapshot() = default;
    // The scene's state_hash() at the moment it was saved.
    [[nodiscard]] virtual std::uint64_t state_hash() const = 0;
    // The saved scene itself, when the snapshot is a copy of it (scene_copy): what a view draws a
    // rollback's ghost from. Null for a snapshot that holds something else.
    [[nodiscard]] virtual const scene* saved_scene() const noexcept { return nullptr; }
};

// Launch-time choices that scenes read (from the command line).
struct scene_options {
    std::uint64_t seed = 1;
    std::uint32_t balls = 300;
    bool autopilot = false;
    // Balls: a thin wall down the middle of the box, tested once a tick like the box's walls (a
    // fast ball can pass through it between two ticks), and volleys of fast balls thrown at it.
    bool wall = false;
    // Lander: drop beacons with deferred calls on them, some of which outlive their beacon
    // (scenes/lander_beacons.hpp). Off: the scene is exactly what it was without them.
    bool beacons = false;
    // Balls: the box's width in world units, its height staying box_height (min_box_width to max_box_width);
    // 0 keeps the scene's own, 160 (16:9). A window fits it to its scene area (app/window_app.cpp).
    std::uint32_t box_width = 0;
    static constexpr std::uint32_t box_height = 90;
    static constexpr std::uint32_t min_box_width = 90;   // 1:1
    static constexpr std::uint32_t max_box_width = 320;  // 32:9
    // Threads a tick may use; 0: one per hardware thread. Never changes the simulation's result.
    std::uint32_t threads = 0;
    // Players sharing the world: 1, or 2 in the network game, where the lander flies a ship per
    // player (steered by tick_input::held_by) and the balls show each player's pushes in their
    // colour. 1 leaves every scene exactly as it was.
    std::uint32_t players = 1;
};

// A key/value pair the scene adds to the JSON report (value already JSON-encoded).
struct report_field {
    std::string key;
    std::string json_value;
};

class scene {
public:
    virtual ~scene() = default;

    // Back to the initial state for `options` (same options, same state, bit for bit).
    virtual void reset(const scene_options& options) = 0;
    // One fixed step of dt_seconds. The only place simulation state changes.
    virtual void tick(const tick_input& input, double dt_seconds) = 0;
    // Interpolated view: alpha 0 = previous tick's state, 1 = the current one. Alpha in (1, 2]
    // extrapolates: the current state moved on by (alpha - 1) of the last tick's motion (its
    // velocity times the elapsed part of the tick), drawn ahead of the simulation.
    virtual void draw(draw_list& out, double alpha) const = 0;
    // After a rollback correction in the network game: `predicted` (this scene as it was drawn
    // before the correction) where it differs from this one, as a ghost at `opacity` (0 to 1, the
    // view fades it out): the lander the ships that were mispredicted, the balls those that moved.
    // Nothing by default.
    virtual void draw_ghost(draw_list& out, const scene& predicted, double opacity) const {
        static_cast<void>(out);
        static_cast<void>(predicted);
        static_cast<void>(opacity);
    }

    // Lines for the SDL_ttf HUD (scene-specific: the lander's altitude, speeds, fuel ...).
    virtual void hud_lines(std::vector<std::string>& out) const { static_cast<void>(out); }
    // Copies back the launch choices the user changed in the panel (ball count, autopilot), so
    // that session::reset() keeps them instead of returning to the command line's values.
    virtual void write_options(scene_options& options) const { static_cast<void>(options); }
    // Starts the scene's timed behaviour (scripts, tasks) on the session's scheduler; called after
    // every create and reset. Everything started through `services` ends with the scene.
    virtual void start_scripts(scene_services& services) { static_cast<void>(services); }
    // Extra report keys, e.g. {"lander_state", "\"landed\""}.
    virtual void report_fields(std::vector<report_field>& out) const { static_cast<void>(out); }
    // Starts afresh the counts a lesson shows (balls through the wall, pings done): they count
    // from here on. The totals stay in state_hash and the report: nothing the simulation sees changes.
    virtual void restart_counters() {}

    // How far `other` (the same scene in a comparison ghost) has drifted from this one, in the
    // scene's own units (balls: mean position error over matched balls; lander: distance between
    // the two landers, m). NaN when the scene has no such measure or `other` is another scene.
    [[nodiscard]] virtual double divergence(const scene& other) const {
        static_cast<void>(other);
        return std::numeric_limits<double>::quiet_NaN();
    }

    // Its controls (scene_parts::controls), by name: the value shown (a toggle's 1 or 0, a range's
    // low by its name and high by its high_name, an on_reset value as the last reset took it), and a
    // live change, clamped into the control's range. Both throw std::invalid_argument naming a name
    // the scene has no control by (unknown_control). set_option writes an on_reset value into the
    // options of the next reset.
    [[nodiscard]] virtual double control_value(std::string_view name) const { throw unknown_control(name, {}); }
    virtual void set_control(std::string_view name, double value) {
        static_cast<void>(value);
        throw unknown_control(name, {});
    }
    virtual void set_option(scene_options& options, std::string_view name, double value) const {
        static_cast<void>(options);
        static_cast<void>(value);
        throw unknown_control(name, {});
    }
    // A readout control's line now ("" hides it), and a HUD figure's (scene_parts::figures); an
    // empty text for a name it does not know.
    [[nodiscard]] virtual scene_text readout(std::string_view name) const {
        static_cast<void>(name);
        return {};
    }
    [[nodiscard]] virtual scene_text figure(std::string_view name) const {
        static_cast<void>(name);
        return {};
    }

    // Hash of the full simulation state: equal for equal trajectories.
    [[nodiscard]] virtual std::uint64_t state_hash() const = 0;
    // The fields state_hash covers, by name ("balls[17].vy", "ship2.x") with the bits it adds: what
    // the sync test (net/sync_test.hpp) names when a re-simulated tick differs. Nothing by default
    // (a scene without it is still checked, by its hash, but no field is named).
    virtual void state_fields(state_field_list& out) const { static_cast<void>(out); }

    // Saves everything that decides later ticks and hashes (positions, counters, the random
    // generator, the state its scripts resume from) into `slot`, reusing the storage of a snapshot
    // this kind of scene made before. restore() puts it back: the same inputs then give the same
    // ticks and hashes, bit for bit, as they did after the save. Scripts are not in a snapshot: after
    // a restore the caller starts them again (start_scripts), and they continue from the restored
    // state. restore() throws std::invalid_argument for another kind of scene's snapshot.
    virtual void save(std::unique_ptr<scene_snapshot>& slot) const = 0;
    virtual void restore(const scene_snapshot& snapshot) = 0;

protected:
    // Scenes are copied only by their own snapshots (a copy of the whole object: a member added
    // later cannot be left out of the saved state).
    scene() = default;
    scene(const scene&) = default;
    scene& operator=(const scene&) = default;
};

struct scene_entry {
    std::string_view name;   // for --scene
    std::string_view title;  // for the panel and HUD
    std::unique_ptr<scene> (*create)(const scene_options& options);
    // The most balls scene_options::balls may ask this scene for (0: it draws none and ignores
    // the count).
    std::uint32_t max_balls = 0;
    // Its panel controls, HUD figures, keys and facts (sim/scene_parts.hpp).
    scene_parts parts = {};
};

}  // namespace ticklab::game

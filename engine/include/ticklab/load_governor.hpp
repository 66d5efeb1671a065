#pragma once
// Keeps a frame's idle share in a target band by moving a load level in small steps (text 002:
// aim for 5-10 % idle so that small swings in cost do not slow the game; avoid swinging between
// extremes by making small incremental changes).
//
// Usage (the game's session feeds it once a frame, session::use_spare_time; work reads the level and scales by it):
//
//   ticklab::load_governor governor{{.idle_low = 0.05, .idle_high = 0.10}};
//   governor.update(busy, frame_budget);             // after the frame's work
//   int agents = static_cast<int>(governor.level() * max_agents);
//
// Rule: idle = 1 - busy / budget. Inside [idle_low, idle_high] the level holds. Outside it, the
// level moves towards the band's middle by the step the last frame's cost predicts (cost taken as
// proportional to the level), but never by more than max_step, and stays in [min_level,
// max_level]. The prediction counts the whole cost as scalable, so it undershoots when part of it
// is not: the level approaches the band from one side and does not overshoot it. With a band
// wider than one step's effect it settles instead of oscillating.

#include <ticklab/time.hpp>

#include <cstdint>
#include <string>

namespace ticklab {

struct load_governor_config {
    double idle_low = 0.05;  // the band of idle share the level aims for
    double idle_high = 0.10;
    double max_step = 0.05;  // the most the level moves in one frame
    double min_level = 0.05;
    double max_level = 1.0;
    double initial_level = 1.0;
};

// Empty when the configuration is allowed, else one line naming the bad value and what is allowed.
[[nodiscard]] std::string check_load_governor(const load_governor_config& config);

class load_governor {
public:
    // Throws std::invalid_argument for a configuration check_load_governor refuses.
    explicit load_governor(load_governor_config config = {});

    // One frame's cost against its budget (budget > 0). Returns the new level.
    double update(nanoseconds busy, nanoseconds budget);

    [[nodiscard]] double level() const noexcept { return level_; }
    [[nodiscard]] double last_idle() const noexcept { return idle_; }  // of the last update
    [[nodiscard]] std::uint64_t adjustments() const noexcept { return adjustments_; }
    [[nodiscard]] const load_governor_config& config() const noexcept { return config_; }

private:
    load_governor_config config_;
    double level_;
    double idle_ = 1.0;
    std::uint64_t adjustments_ = 0;
};

}  // namespace ticklab

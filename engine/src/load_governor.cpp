#include <ticklab/load_governor.hpp>

#include "format.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace ticklab {

std::string check_load_governor(const load_governor_config& c) {
    const auto finite = [](double v) { return std::isfinite(v); };
    if (!finite(c.idle_low) || !finite(c.idle_high) || c.idle_low < 0.0 || c.idle_high >= 1.0 ||
        c.idle_low >= c.idle_high) {
        return "load governor idle band " + detail::format_number(c.idle_low) + " to " +
               detail::format_number(c.idle_high) + " is not allowed: use 0 <= low < high < 1";
    }
    if (!finite(c.max_step) || c.max_step <= 0.0 || c.max_step > 1.0) {
        return "load governor max step " + detail::format_number(c.max_step) + " is not allowed: use (0, 1]";
    }
    if (!finite(c.min_level) || !finite(c.max_level) || c.min_level <= 0.0 || c.min_level > c.max_level) {
        return "load governor levels " + detail::format_number(c.min_level) + " to " +
               detail::format_number(c.max_level) + " are not allowed: use 0 < min <= max";
    }
    if (!finite(c.initial_level) || c.initial_level < c.min_level || c.initial_level > c.max_level) {
        return "load governor initial level " + detail::format_number(c.initial_level) +
               " is not allowed: use a value from min_level to max_level";
    }
    return {};
}

load_governor::load_governor(load_governor_config config) : config_{config}, level_{config.initial_level} {
    if (std::string error = check_load_governor(config_); !error.empty()) throw std::invalid_argument(error);
}

double load_governor::update(nanoseconds busy, nanoseconds budget) {
    if (budget <= nanoseconds{0}) {
        throw std::invalid_argument("load_governor::update: budget " + std::to_string(budget.count()) +
                                    " ns is not allowed: use > 0");
    }
    const double share = std::max(0.0, to_seconds(busy)) / to_seconds(budget);
    idle_ = 1.0 - share;
    if (idle_ >= config_.idle_low && idle_ <= config_.idle_high) return level_;
    // Cost taken as proportional to the level: the level that would put idle at the band's middle.
    const double target_share = 1.0 - (config_.idle_low + config_.idle_high) / 2.0;
    double step = share > 0.0 ? level_ * (target_share / share - 1.0) : config_.max_step;
    step = std::clamp(step, -config_.max_step, config_.max_step);
    const double next = std::clamp(level_ + step, config_.min_level, config_.max_level);
    if (next != level_) ++adjustments_;
    level_ = next;
    return level_;
}

}  // namespace ticklab

#include "sim/setting_table.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ticklab::game {

namespace {

// Up to 15 significant digits: 1e10 frames reads 10000000000, 59.5 Hz reads 59.5.
std::string number(double value) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.15g", value);
    return buffer;
}

std::string with_unit(std::string text, std::string_view unit) {
    if (unit.empty()) return text;
    if (unit == "x" || unit == "%") return text + std::string{unit};
    return text + " " + std::string{unit};
}

// A bound as messages write it: the seed's top is 2^64 - 1 exactly, not the double it rounds to.
std::string bound(const setting_spec& spec, double value) {
    if (spec.whole && value >= max_seed) return std::to_string(std::numeric_limits<std::uint64_t>::max());
    return number(value);
}

bool in_range(const setting_spec& spec, double value) {
    if (!std::isfinite(value)) return false;
    if (spec.whole && value != std::floor(value)) return false;
    if (value == 0.0 && !spec.zero_means.empty()) return true;
    const bool above = spec.above_low ? value > spec.range.low : value >= spec.range.low;
    // The seed's top, 2^64 - 1, is 2^64 as a double: that double itself is one past it.
    const bool below = spec.range.high >= max_seed ? value < max_seed : value <= spec.range.high;
    return above && below;
}

}  // namespace

std::string allowed_values(setting id) {
    const setting_spec& spec = setting_of(id);
    const std::string kind = spec.whole ? "a whole number" : "a value";
    const std::string high = with_unit(bound(spec, spec.range.high), spec.unit);
    if (spec.above_low) return kind + " above " + bound(spec, spec.range.low) + ", at most " + high;
    std::string low = bound(spec, spec.range.low);
    if (spec.zero_means.empty()) return kind + " from " + low + " to " + high;
    const std::string zero = "0 (" + std::string{spec.zero_means} + ")";
    if (spec.range.low == 0.0) return kind + " from " + zero + " to " + high;
    return zero + " or " + kind + " from " + low + " to " + high;
}

std::string refuse_value(std::string_view name, std::string_view shown, std::string_view allowed) {
    return std::string{name} + " " + std::string{shown} + " is not allowed: use " + std::string{allowed};
}

std::string one_of(std::span<const std::string_view> choices) {
    std::string out;
    for (std::size_t i = 0; i < choices.size(); ++i) {
        out += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + std::string{choices[i]};
    }
    return out;
}

std::string refuse_setting(setting id, std::string_view shown) {
    return refuse_value(setting_of(id).name, shown, allowed_values(id));
}

std::string value_with_unit(setting id, double value) {
    return with_unit(number(value), setting_of(id).unit);
}

std::string check_setting(setting id, double value) {
    if (in_range(setting_of(id), value)) return {};
    return refuse_setting(id, value_with_unit(id, value));
}

std::string check_whole_setting(setting id, std::uint64_t value) {
    const setting_spec& spec = setting_of(id);
    // Past 2^53 a double no longer holds every whole number: compare those as integers.
    constexpr std::uint64_t exact = std::uint64_t{1} << 53;
    const bool top_is_all = spec.range.high >= max_seed;
    const bool allowed = value <= exact ? in_range(spec, static_cast<double>(value))
                                        : spec.whole && (top_is_all || static_cast<double>(value) <= spec.range.high);
    if (allowed) return {};
    return refuse_setting(id, with_unit(std::to_string(value), spec.unit));
}

double clamp_setting(setting id, double value) {
    const setting_spec& spec = setting_of(id);
    if (std::isnan(value)) return spec.default_value;
    if (spec.whole) value = std::round(value);
    if (!spec.zero_means.empty() && value < spec.range.low) {
        // Below the range the nearest allowed value is 0 or the range's start.
        return value < spec.range.low / 2 ? 0.0 : spec.range.low;
    }
    if (spec.above_low && value <= spec.range.low) return std::nextafter(spec.range.low, spec.range.high);
    return std::clamp(value, spec.range.low, spec.range.high);
}

}  // namespace ticklab::game

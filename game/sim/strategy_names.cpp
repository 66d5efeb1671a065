#include "sim/strategy_names.hpp"

namespace ticklab::game {

namespace {

template <typename Enum, std::size_t N>
std::string set_from(const std::array<named_choice<Enum>, N>& table, std::string_view key, std::string_view value,
                     Enum& out) {
    if (const auto found = find_choice(table, value)) {
        out = *found;
        return {};
    }
    return std::string{key} + " '" + std::string{value} + "' is not allowed: use " + choice_list(table);
}

}  // namespace

std::string set_strategy_field(loop_strategy& strategy, std::string_view key, std::string_view value) {
    if (key == "stepping") return set_from(stepping_choices, key, value, strategy.step_mode);
    if (key == "catch-up") return set_from(catch_up_choices, key, value, strategy.catch_up_mode);
    if (key == "smoothing") return set_from(smoothing_choices, key, value, strategy.smoothing_mode);
    if (key == "time-scaling") return set_from(time_scaling_choices, key, value, strategy.scaling);
    return "'" + std::string{key} + "' is not a strategy: use stepping, catch-up, smoothing or time-scaling";
}

std::string describe(const loop_strategy& strategy) {
    std::string out{choice_name(stepping_choices, strategy.step_mode)};
    out += ", ";
    out += choice_name(catch_up_choices, strategy.catch_up_mode);
    out += ", ";
    out += choice_name(smoothing_choices, strategy.smoothing_mode);
    out += ", ";
    out += choice_name(time_scaling_choices, strategy.scaling);
    return out;
}

}  // namespace ticklab::game

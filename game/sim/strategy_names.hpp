#pragma once
// The names of the loop strategies, one table per choice, shared by the command line (--stepping,
// --catch-up, --smoothing, --time-scaling, --compare), the panel's combos and docs/strategies.md.
//
// Usage:
//   if (auto mode = find_choice(catch_up_choices, "debt")) settings.strategy.catch_up_mode = *mode;
//   ImGui::TextUnformatted(choice_name(catch_up_choices, mode).data());
//   std::string allowed = choice_list(catch_up_choices);  // "drop, clamp, debt or none"

#include "sim/loop_settings.hpp"

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace ticklab::game {

template <typename Enum>
struct named_choice {
    std::string_view name;   // the command line's word
    std::string_view label;  // the panel's words
    std::string_view hint;   // one line: what it does and who does it this way
    Enum value;
};

inline constexpr std::array<named_choice<ticklab::stepping>, 2> stepping_choices{{
    {"fixed", "fixed ticks", "whole ticks of 1/hz, as many as are due", ticklab::stepping::fixed},
    {"variable", "variable delta", "one update per frame with the frame's delta: results depend on the frame rate",
     ticklab::stepping::variable},
}};

inline constexpr std::array<named_choice<ticklab::catch_up>, 5> catch_up_choices{{
    {"drop", "cap, drop backlog",
     "at most MAX_LOOPS ticks; the backlog is dropped, the tick's phase kept (text 004's cap, Godot's 8 steps)",
     ticklab::catch_up::drop_backlog},
    {"clamp", "clamp frame time", "a frame brings at most the clamp (Fiedler 0.25 s, Bevy 250 ms, Unity)",
     ticklab::catch_up::clamp_frame_time},
    {"debt", "cap, keep debt", "at most MAX_LOOPS ticks; the backlog is caught up later in bursts (deWiTTERS)",
     ticklab::catch_up::keep_debt},
    {"none", "no cap", "every due tick runs: the spiral of death, stopped only by the safety limits",
     ticklab::catch_up::uncapped},
    {"text004", "text 004 as printed",
     "the text's loop: a tick runs when MORE than a tick is pending, so it runs a tick behind ours",
     ticklab::catch_up::text_004},
}};

inline constexpr std::array<named_choice<smoothing>, 3> smoothing_choices{{
    {"none", "none", "draw the current tick: motion steps at the tick rate", smoothing::none},
    {"interpolate", "interpolate", "between the last two ticks: smooth, one tick of latency", smoothing::interpolate},
    {"extrapolate", "extrapolate", "ahead of the current tick (Nystrom, Unity): no lag, overshoots",
     smoothing::extrapolate},
}};

inline constexpr std::array<named_choice<ticklab::time_scaling>, 2> time_scaling_choices{{
    {"count", "tick count", "scaled time brings more or fewer ticks of the same length: deterministic",
     ticklab::time_scaling::tick_count},
    {"length", "tick length", "ticks at the real rate, each tick's dt scaled (Godot): the result depends on the scale",
     ticklab::time_scaling::tick_length},
}};

template <typename Enum, std::size_t N>
[[nodiscard]] constexpr std::optional<Enum> find_choice(const std::array<named_choice<Enum>, N>& table,
                                                        std::string_view name) {
    for (const auto& choice : table) {
        if (choice.name == name) return choice.value;
    }
    return std::nullopt;
}

template <typename Enum, std::size_t N>
[[nodiscard]] constexpr const named_choice<Enum>& find_named(const std::array<named_choice<Enum>, N>& table,
                                                             Enum value) {
    for (const auto& choice : table) {
        if (choice.value == value) return choice;
    }
    return table.front();  // unreachable for a valid enum value
}

template <typename Enum, std::size_t N>
[[nodiscard]] constexpr std::string_view choice_name(const std::array<named_choice<Enum>, N>& table, Enum value) {
    return find_named(table, value).name;
}

// "a, b or c", for error messages and --help.
template <typename Enum, std::size_t N>
[[nodiscard]] std::string choice_list(const std::array<named_choice<Enum>, N>& table) {
    std::string out;
    for (std::size_t i = 0; i < N; ++i) {
        if (i > 0) out += i + 1 == N ? " or " : ", ";
        out += table[i].name;
    }
    return out;
}

// Sets one field of `strategy` from a command-line style pair ("catch-up", "debt"). Returns an
// empty string, or one line naming the bad key or value and what is allowed.
[[nodiscard]] std::string set_strategy_field(loop_strategy& strategy, std::string_view key, std::string_view value);

// "fixed, drop, interpolate, count": the four choices in command-line words, for the panel and reports.
[[nodiscard]] std::string describe(const loop_strategy& strategy);

}  // namespace ticklab::game

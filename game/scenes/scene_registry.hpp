#pragma once
// Every scene the program knows, by name: the one list that --scene, the panel, replays and
// lessons choose from.
//
// Usage:
//   if (const scene_entry* entry = find_scene("lander")) auto scene = entry->create(options);
//   for (const scene_entry& entry : scene_registry()) ...

#include "sim/scene.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ticklab::game {

[[nodiscard]] std::span<const scene_entry> scene_registry();
// nullptr when no scene has that name.
[[nodiscard]] const scene_entry* find_scene(std::string_view name);
// "balls, lander": the names, for error messages.
[[nodiscard]] std::string scene_name_list();
// Every HUD figure a scene offers (scene_parts::figures), each name once, in the registry's order:
// what a lesson's "hud" list may name besides the loop's figures.
[[nodiscard]] std::vector<std::string_view> scene_figure_names();
// The figure of that name, from whichever scene offers it; nullptr when none does.
[[nodiscard]] const scene_figure* find_scene_figure(std::string_view name);
// The largest scene_entry::max_balls: the range of --balls and of a replay's ball count, which
// are given apart from the scene.
[[nodiscard]] std::uint32_t max_scene_balls();

}  // namespace ticklab::game

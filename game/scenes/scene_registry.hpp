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

namespace ticklab::game {

[[nodiscard]] std::span<const scene_entry> scene_registry();
// nullptr when no scene has that name.
[[nodiscard]] const scene_entry* find_scene(std::string_view name);
// "balls, lander": the names, for error messages.
[[nodiscard]] std::string scene_name_list();
// The largest scene_entry::max_balls: the range of --balls and of a replay's ball count, which
// are given apart from the scene.
[[nodiscard]] std::uint32_t max_scene_balls();

}  // namespace ticklab::game

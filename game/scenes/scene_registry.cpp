#include "scenes/scene_registry.hpp"

#include "scenes/balls_scene.hpp"
#include "scenes/lander_scene.hpp"
#include "scenes/orbits_scene.hpp"

#include <algorithm>
#include <array>

namespace ticklab::game {

namespace {

template <typename Scene>
std::unique_ptr<scene> make(const scene_options& options) {
    return std::make_unique<Scene>(options);
}

constexpr std::array<scene_entry, 3> entries{{
    {"balls", "Bouncing balls", &make<balls_scene>, max_balls, balls_parts},
    {"lander", "Lunar lander", &make<lander_scene>, 0, lander_parts},
    {"orbits", "Integrators: one orbit, three ways", &make<orbits_scene>, 0, orbits_parts},
}};

}  // namespace

std::span<const scene_entry> scene_registry() {
    return entries;
}

const scene_entry* find_scene(std::string_view name) {
    for (const scene_entry& entry : entries) {
        if (entry.name == name) return &entry;
    }
    return nullptr;
}

std::string scene_name_list() {
    std::string names;
    for (const scene_entry& entry : entries) names += (names.empty() ? "" : ", ") + std::string{entry.name};
    return names;
}

std::vector<std::string_view> scene_figure_names() {
    std::vector<std::string_view> names;
    for (const scene_entry& entry : entries) {
        for (const scene_figure& figure : entry.parts.figures) {
            if (std::find(names.begin(), names.end(), figure.name) == names.end()) names.push_back(figure.name);
        }
    }
    return names;
}

const scene_figure* find_scene_figure(std::string_view name) {
    for (const scene_entry& entry : entries) {
        for (const scene_figure& figure : entry.parts.figures) {
            if (figure.name == name) return &figure;
        }
    }
    return nullptr;
}

std::uint32_t max_scene_balls() {
    std::uint32_t most = 0;
    for (const scene_entry& entry : entries) most = std::max(most, entry.max_balls);
    return most;
}

}  // namespace ticklab::game

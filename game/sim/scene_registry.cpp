#include "scenes/balls_scene.hpp"
#include "scenes/lander_scene.hpp"
#include "sim/scene.hpp"

#include <array>

namespace ticklab::game {

namespace {

template <typename Scene>
std::unique_ptr<scene> make(const scene_options& options) {
    return std::make_unique<Scene>(options);
}

constexpr std::array<scene_entry, 2> entries{{
    {"balls", "Bouncing balls", &make<balls_scene>},
    {"lander", "Lunar lander", &make<lander_scene>},
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

}  // namespace ticklab::game

#pragma once
// Snapshots that are copies of the scene object itself, for scenes whose state is plain values
// (vectors, numbers, the random generator): every member is saved, so none can be forgotten, and
// saving into a slot that already holds one reuses its vectors' storage.
//
// Usage (in a scene `my_scene`):
//   void my_scene::save(std::unique_ptr<scene_snapshot>& slot) const { save_copy(*this, slot); }
//   void my_scene::restore(const scene_snapshot& s) { restore_copy(*this, s, "my_scene"); }

#include "sim/scene.hpp"

#include <memory>
#include <stdexcept>
#include <string>

namespace ticklab::game {

template <typename Scene>
class scene_copy final : public scene_snapshot {
public:
    explicit scene_copy(const Scene& scene) : scene_{scene} {}
    [[nodiscard]] std::uint64_t state_hash() const override { return scene_.state_hash(); }
    [[nodiscard]] const Scene& scene() const noexcept { return scene_; }
    [[nodiscard]] const game::scene* saved_scene() const noexcept override { return &scene_; }
    void assign(const Scene& scene) { scene_ = scene; }

private:
    Scene scene_;
};

template <typename Scene>
void save_copy(const Scene& scene, std::unique_ptr<scene_snapshot>& slot) {
    if (auto* copy = dynamic_cast<scene_copy<Scene>*>(slot.get())) {
        copy->assign(scene);
    } else {
        slot = std::make_unique<scene_copy<Scene>>(scene);
    }
}

template <typename Scene>
void restore_copy(Scene& scene, const scene_snapshot& snapshot, const char* kind) {
    const auto* copy = dynamic_cast<const scene_copy<Scene>*>(&snapshot);
    if (copy == nullptr) {
        throw std::invalid_argument(std::string{"snapshot is not of a "} + kind + " scene: restore one it saved");
    }
    if (&copy->scene() != &scene) scene = copy->scene();
}

}  // namespace ticklab::game

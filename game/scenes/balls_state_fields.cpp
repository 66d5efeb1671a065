// balls_scene::state_fields: the fields balls_scene::state_hash covers, in its order, by name
// ("balls[17].vy"), for the sync test to name what a re-simulated tick changed.

#include "scenes/balls_scene.hpp"

namespace ticklab::game {

void balls_scene::state_fields(state_field_list& out) const {
    out.add("rng", rng_.state());
    out.add("ticks", ticks_);
    out.add("waves", waves_);
    out.add("radius_scale", radius_scale_);
    out.add("config.width", config_.width);
    out.add("config.height", config_.height);
    out.add("config.gravity_on", config_.gravity_on);
    out.add("config.gravity", config_.gravity);
    out.add("config.restitution", config_.restitution);
    out.add("config.sleeping", config_.sleeping);
    if (options_.wall) {
        out.add("through_wall", through_wall_);
        out.add("off_wall", off_wall_);
    }
    out.add("balls.count", static_cast<std::uint64_t>(x_.size()));
    const std::pair<const char*, const std::vector<double>*> members[] = {
        {"x", &x_},   {"y", &y_},   {"prev_x", &prev_x_}, {"prev_y", &prev_y_},
        {"vx", &vx_}, {"vy", &vy_}, {"radius", &radius_}};
    for (const auto& [name, values] : members) out.add_each<double>("balls", name, *values);
    const auto widen = [&out](const char* name, const auto& values) {
        for (std::size_t i = 0; i < values.size(); ++i) {
            out.add("balls[" + std::to_string(i) + "]." + name, static_cast<std::uint64_t>(values[i]));
        }
    };
    widen("colour", colour_);
    widen("asleep", asleep_);
    widen("still_ticks", still_ticks_);
}

}  // namespace ticklab::game

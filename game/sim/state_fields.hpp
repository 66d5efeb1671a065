#pragma once
// A scene's simulation state as named values (scene::state_fields): the fields its state_hash
// covers, each with the bit pattern the hash adds, so that two states can be compared field by
// field and the ones that differ named ("balls[17].vy"). Built only when a difference has to be
// explained (the sync test), never on a tick.

#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ticklab::game {

struct state_field {
    std::string name;
    std::uint64_t bits = 0;  // what state_hasher adds: equal bits, equal field
};

class state_field_list {
public:
    void add(std::string name, std::uint64_t value) { fields_.push_back({std::move(name), value}); }
    void add(std::string name, double value) { add(std::move(name), std::bit_cast<std::uint64_t>(value)); }
    void add(std::string name, float value) {
        add(std::move(name), static_cast<std::uint64_t>(std::bit_cast<std::uint32_t>(value)));
    }
    void add(std::string name, bool value) { add(std::move(name), static_cast<std::uint64_t>(value)); }
    void add(std::string name, std::uint32_t value) { add(std::move(name), static_cast<std::uint64_t>(value)); }
    // One field per element, named "array[i].member" (the count as "array.count"), so that a
    // vector per member (the balls' x_, vy_) names the element the way a reader thinks of it.
    template <typename T>
    void add_each(std::string_view array, std::string_view member, std::span<const T> values) {
        for (std::size_t i = 0; i < values.size(); ++i) {
            add(std::string{array} + "[" + std::to_string(i) + "]." + std::string{member}, values[i]);
        }
    }

    [[nodiscard]] const std::vector<state_field>& fields() const noexcept { return fields_; }

private:
    std::vector<state_field> fields_;
};

// The names of the fields whose bits differ between `a` and `b`, in `a`'s order; a field only one
// of them has (a ball added in one run) counts as differing. At most `limit` names.
[[nodiscard]] std::vector<std::string> differing_fields(const state_field_list& a, const state_field_list& b,
                                                        std::size_t limit = 16);

}  // namespace ticklab::game

#include "sim/state_fields.hpp"

#include <unordered_map>

namespace ticklab::game {

std::vector<std::string> differing_fields(const state_field_list& a, const state_field_list& b, std::size_t limit) {
    // By name, not by position: a ball added in one run shifts every later field's position.
    std::unordered_map<std::string_view, std::uint64_t> in_b;
    in_b.reserve(b.fields().size());
    for (const state_field& f : b.fields()) in_b.emplace(f.name, f.bits);
    std::vector<std::string> out;
    for (const state_field& f : a.fields()) {
        if (out.size() >= limit) return out;
        const auto found = in_b.find(f.name);
        if (found == in_b.end() || found->second != f.bits) out.push_back(f.name);
        if (found != in_b.end()) in_b.erase(found);
    }
    for (const state_field& f : b.fields()) {
        if (out.size() >= limit) break;
        if (in_b.contains(f.name)) out.push_back(f.name);
    }
    return out;
}

}  // namespace ticklab::game

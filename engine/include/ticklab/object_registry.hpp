#pragma once
// Game objects named by generational handles instead of raw pointers.
//
// Usage:
//
//   ticklab::object_registry<ball> balls;
//   ticklab::object_handle b = balls.create(ball{...});
//   if (ball* p = balls.get(b)) p->vy = -p->vy;   // nullptr once the ball is destroyed
//   balls.destroy(b);                             // b is stale forever: get() returns nullptr
//
// Invariants: a handle is (slot index, generation); destroying an object bumps its slot's
// generation, so no stale handle reaches a newer object in the same slot (a slot whose generation
// would wrap is retired). Objects live in a std::deque: creating objects never moves existing ones,
// so a reference obtained from get() stays valid until that object is destroyed, also while other
// objects are created (a deferred call may spawn objects from inside an action).

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <utility>
#include <vector>

namespace ticklab {

struct object_handle {
    std::uint32_t index = 0;
    std::uint32_t generation = 0;  // 0 only in the null handle

    [[nodiscard]] explicit operator bool() const noexcept { return generation != 0; }
    friend bool operator==(object_handle, object_handle) = default;
};

template <typename T>
class object_registry {
public:
    template <typename... Args>
    object_handle create(Args&&... args) {
        std::uint32_t index = 0;
        if (free_.empty()) {
            index = static_cast<std::uint32_t>(slots_.size());
            slots_.emplace_back();
        } else {
            index = free_.back();
            free_.pop_back();
        }
        slot& s = slots_[index];
        s.value.emplace(std::forward<Args>(args)...);
        ++size_;
        return {index, s.generation};
    }

    // Destroys the object; false for a stale or null handle.
    bool destroy(object_handle handle) {
        if (get(handle) == nullptr) return false;
        slot& s = slots_[handle.index];
        ++s.generation;  // first: the destructor may look the handle up and must find it stale
        --size_;
        s.value.reset();
        if (s.generation != 0) free_.push_back(handle.index);  // after: a create() in the destructor
        return true;                                           // must not reuse this slot yet
    }

    [[nodiscard]] T* get(object_handle handle) noexcept {
        if (handle.generation == 0 || handle.index >= slots_.size()) return nullptr;
        slot& s = slots_[handle.index];
        return s.generation == handle.generation && s.value ? &*s.value : nullptr;
    }
    [[nodiscard]] const T* get(object_handle handle) const noexcept {
        return const_cast<object_registry*>(this)->get(handle);
    }
    [[nodiscard]] bool contains(object_handle handle) const noexcept { return get(handle) != nullptr; }
    [[nodiscard]] std::size_t size() const noexcept { return size_; }

    // Calls fn(handle, object) for every live object, in slot order.
    template <typename F>
    void for_each(F&& fn) {
        for (std::uint32_t i = 0; i < slots_.size(); ++i) {
            if (slots_[i].value) fn(object_handle{i, slots_[i].generation}, *slots_[i].value);
        }
    }

private:
    struct slot {
        std::optional<T> value;
        std::uint32_t generation = 1;
    };
    std::deque<slot> slots_;
    std::vector<std::uint32_t> free_;
    std::size_t size_ = 0;
};

}  // namespace ticklab

#pragma once
// Names a scheduled task without owning it.
//
// Usage: keep the handle `scheduler::schedule_*` returns and pass it back to terminate, pause,
// resume or retune the task; a default-constructed handle names nothing.
//
//   ticklab::task_handle spawner = tasks.schedule_time({.interval = 2s}, spawn_wave);
//   tasks.terminate(spawner);   // true once; false for every later call
//
// Invariant: a handle is (slot index, generation). A slot's generation changes when its task ends
// (expires, is terminated or throws), so a stale handle never reaches a newer task that reuses the
// slot. A slot whose generation would wrap is retired instead of reused.

#include <cstdint>

namespace ticklab {

struct task_handle {
    std::uint32_t index = 0;
    std::uint32_t generation = 0;  // 0 only in the null handle; live tasks start at 1

    [[nodiscard]] explicit operator bool() const noexcept { return generation != 0; }
    friend bool operator==(task_handle, task_handle) = default;
};

// What a task is scheduled on. Time tasks run on virtual time (nanoseconds); tick, frame, render
// and idle tasks on a count of ticks, frames, render passes and idle passes.
enum class task_kind : std::uint8_t { time, tick, frame, render, idle };

[[nodiscard]] constexpr const char* to_string(task_kind kind) noexcept {
    switch (kind) {
        case task_kind::time:
            return "time";
        case task_kind::tick:
            return "tick";
        case task_kind::frame:
            return "frame";
        case task_kind::render:
            return "render";
        case task_kind::idle:
            return "idle";
    }
    return "?";
}

}  // namespace ticklab

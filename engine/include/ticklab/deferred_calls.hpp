#pragma once
// Deferred calls (GPG3 "precise game event broadcasting"): run an action on a game object after a
// delay of virtual time, then tell the caller how it went.
//
// Usage:
//
//   ticklab::deferred_calls calls{tasks};   // runs on the scheduler's time line
//   calls.call(balls, ball_handle, [](ball& b) { b.explode(); }, 2s,
//              [](ticklab::call_status s) { if (s == ticklab::call_status::completed) score += 10; });
//   calls.time_until_next();                // how long a waiting loop may sleep (virtual time)
//
// Contract:
// - A call is a one-shot time task due at now() + delay, so it obeys the scheduler's order rule:
//   calls with equal due times (and priority) run FIFO, interleaved correctly with time tasks.
// - The target is looked up by handle when the call is due, never earlier. If it was destroyed,
//   the action is not run and on_done gets call_status::target_gone. Otherwise the action runs
//   and on_done gets call_status::completed.
// - cancel(handle) drops a pending call and calls on_done with call_status::cancelled at once.
// - An action that throws: on_done gets call_status::failed, then the exception ends the call's
//   task as any task's does (the scheduler counts it: scheduler.hpp, Errors).
// - on_done is called exactly once per call, through one of those four paths. When the
//   deferred_calls object is destroyed, pending calls are terminated without calling on_done
//   (nothing runs during destruction).
// - The registry and the scheduler are not owned and must outlive this object.

#include <ticklab/object_registry.hpp>
#include <ticklab/scheduler.hpp>
#include <ticklab/time.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ticklab {

enum class call_status : std::uint8_t { completed, target_gone, cancelled, failed };

using call_done = std::function<void(call_status)>;

class deferred_calls {
public:
    explicit deferred_calls(scheduler& tasks) : tasks_{tasks} {}
    deferred_calls(const deferred_calls&) = delete;
    deferred_calls& operator=(const deferred_calls&) = delete;
    ~deferred_calls();

    // Runs action(T&) on `target` after `delay` (>= 0) of virtual time; see the contract above.
    template <typename T, typename Action>
    task_handle call(object_registry<T>& registry, object_handle target, Action action, nanoseconds delay,
                     call_done on_done = {}) {
        return post(
            [&registry, target, action = std::move(action)]() mutable {
                T* object = registry.get(target);
                if (object == nullptr) return call_status::target_gone;
                action(*object);
                return call_status::completed;
            },
            delay, std::move(on_done));
    }

    // A call with no target: action() after `delay`.
    task_handle call(std::function<void()> action, nanoseconds delay, call_done on_done = {});

    bool cancel(task_handle call);
    [[nodiscard]] std::size_t pending() const noexcept { return pending_.size(); }
    // Virtual time until the next pending call is due (0 if overdue), or nullopt when none is.
    [[nodiscard]] std::optional<nanoseconds> time_until_next() const;

private:
    task_handle post(std::function<call_status()> attempt, nanoseconds delay, call_done on_done);
    void finish(task_handle call, call_status status);

    struct due_entry {
        std::int64_t due;
        std::uint64_t seq;
        task_handle call;
    };
    [[nodiscard]] static std::uint64_t key(task_handle h) noexcept {
        return (std::uint64_t{h.index} << 32) | h.generation;
    }

    scheduler& tasks_;
    std::unordered_map<std::uint64_t, call_done> pending_;  // by key(handle)
    mutable std::vector<due_entry> due_heap_;               // min-heap; entries of finished calls are lazily dropped
    std::uint64_t next_seq_ = 0;
};

}  // namespace ticklab

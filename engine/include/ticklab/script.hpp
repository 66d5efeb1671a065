#pragma once
// Game scripts as straight-line C++20 coroutines on the scheduler's virtual time.
//
// Usage:
//
//   ticklab::script spawn_waves(game& g) {
//       for (int wave = 1;; ++wave) {
//           co_await ticklab::wait(3s);                                // 3 s of virtual time
//           g.spawn_balls(5 * wave);
//           co_await ticklab::until([&] { return g.balls_alive() == 0; });  // checked after every tick
//           co_await countdown(g);                                     // another script, run to its end
//       }
//   }
//   ticklab::script_host scripts{tasks};                 // after `tasks`, so it is destroyed first
//   ticklab::script_handle h = scripts.start(spawn_waves(g), "waves");  // runs to its first co_await
//   scripts.cancel(h);                                   // or: destroy the host, or let the owner die
//
// Awaitables (only inside a `script`):
//   wait(d)        resumes at now() + d, as a one-shot time task: in order with every time task, and
//                  while it runs the clock reads exactly that time. Paused clock = no progress; time
//                  scale speeds it up, because both only change how fast virtual time moves.
//   next_tick()    resumes after the next simulation tick (scheduler::on_tick); stops while paused.
//   next_frame()   resumes in the next run_frame() call; frames go on while the clock is paused.
//   until(pred)    returns at once if pred() holds, else checks it after every tick (stops while paused).
//   co_await s     runs script `s` to its end inside this one; its exception is rethrown here.
//
// Ownership and cancellation: the host owns every started script's coroutine frame, and each frame
// owns the child scripts it awaits. A frame is destroyed when its script ends, on cancel(), when the
// host is destroyed, or when the script's owner is found gone: `start(s, owner_alive)` checks
// owner_alive() before every resume (and before every until() check) and drops the script instead;
// cancel_orphans() drops them all at once. Destroying a suspended frame terminates its pending wake-up
// task, so nothing dangles. An exception that escapes a top-level script ends it and propagates out
// of the call that resumed it (start() or the scheduler's advance_to/on_tick/run_frame).
// The scheduler must outlive the host; a script must not destroy its own host.

#include <ticklab/object_registry.hpp>
#include <ticklab/scheduler.hpp>
#include <ticklab/task_handle.hpp>
#include <ticklab/time.hpp>

#include <coroutine>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <string>
#include <unordered_map>
#include <utility>

namespace ticklab {

class script;
class script_host;

namespace detail {

struct script_promise {
    script_host* host = nullptr;           // set when started or awaited; null for a script never run
    std::uint64_t root = 0;                // id of the top-level script this frame runs under
    std::coroutine_handle<> continuation;  // the awaiting parent; null for a top-level script
    task_handle wake;                      // the task that will resume this frame, while it waits
    std::exception_ptr error;

    script get_return_object() noexcept;
    std::suspend_always initial_suspend() noexcept { return {}; }  // lazy: started by the host or a parent

    struct final_awaiter {
        bool await_ready() noexcept { return false; }
        std::coroutine_handle<> await_suspend(std::coroutine_handle<script_promise> h) noexcept {
            const std::coroutine_handle<> parent = h.promise().continuation;
            return parent ? parent : std::noop_coroutine();  // symmetric transfer: no stack growth
        }
        void await_resume() noexcept {}
    };
    final_awaiter final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() noexcept { error = std::current_exception(); }

    script_promise() = default;
    script_promise(const script_promise&) = delete;
    script_promise& operator=(const script_promise&) = delete;
    ~script_promise();  // terminates `wake`
};

using script_coroutine = std::coroutine_handle<script_promise>;

}  // namespace detail

// The coroutine type. Owns its frame; move-only.
class [[nodiscard]] script {
public:
    using promise_type = detail::script_promise;

    script() = default;
    script(script&& other) noexcept : frame_{std::exchange(other.frame_, {})} {}
    script& operator=(script&& other) noexcept {
        if (this != &other) {
            reset();
            frame_ = std::exchange(other.frame_, {});
        }
        return *this;
    }
    ~script() { reset(); }

    [[nodiscard]] bool done() const noexcept { return !frame_ || frame_.done(); }

    // Awaiting a script runs it to its end inside the awaiting one.
    bool await_ready() const noexcept { return done(); }
    std::coroutine_handle<> await_suspend(detail::script_coroutine parent) noexcept {
        promise_type& child = frame_.promise();
        child.host = parent.promise().host;
        child.root = parent.promise().root;
        child.continuation = parent;
        return frame_;
    }
    void await_resume() const {
        if (frame_ && frame_.promise().error) std::rethrow_exception(frame_.promise().error);
    }

private:
    friend struct detail::script_promise;
    friend class script_host;
    explicit script(detail::script_coroutine frame) noexcept : frame_{frame} {}
    void reset() noexcept {
        if (frame_) std::exchange(frame_, {}).destroy();
    }

    detail::script_coroutine frame_;
};

inline script detail::script_promise::get_return_object() noexcept {
    return script{script_coroutine::from_promise(*this)};
}

struct script_handle {
    std::uint64_t id = 0;  // ids are never reused, so a stale handle names nothing
    [[nodiscard]] explicit operator bool() const noexcept { return id != 0; }
    friend bool operator==(script_handle, script_handle) = default;
};

class script_host {
public:
    explicit script_host(scheduler& tasks) : tasks_{tasks} {}
    script_host(const script_host&) = delete;
    script_host& operator=(const script_host&) = delete;
    ~script_host();

    // Starts `s` (runs it to its first suspension). The handle is already stale if it finished.
    script_handle start(script s, std::string name = {});
    // As above; the script is dropped as soon as owner_alive() is found false.
    script_handle start(script s, std::function<bool()> owner_alive, std::string name = {});
    // As above, owned by an object of a registry (which must outlive the host).
    template <typename T>
    script_handle start(script s, const object_registry<T>& owners, object_handle owner, std::string name = {}) {
        return start(
            std::move(s), [&owners, owner] { return owners.contains(owner); }, std::move(name));
    }

    bool cancel(script_handle handle);  // false for a stale handle
    [[nodiscard]] bool running(script_handle handle) const { return scripts_.contains(handle.id); }
    [[nodiscard]] std::size_t size() const noexcept { return scripts_.size(); }
    std::size_t cancel_orphans();  // drops every script whose owner is gone; returns how many
    [[nodiscard]] scheduler& tasks() noexcept { return tasks_; }

    // Used by the awaitables.
    void wait_time(detail::script_coroutine frame, nanoseconds delay);
    void wait_tick(detail::script_coroutine frame);
    void wait_frame(detail::script_coroutine frame);
    void wait_until(detail::script_coroutine frame, std::function<bool()> predicate);

private:
    struct record {
        script body;
        std::function<bool()> owner_alive;
        std::string name;
        bool resuming = false;
        bool drop_requested = false;
    };

    // Resumes `frame` (a frame of script `root`) unless the script is gone or its owner died.
    void resume(std::uint64_t root, detail::script_coroutine frame);
    // False (and the script is dropped, or marked for dropping) when its owner is gone.
    bool owner_alive(std::uint64_t root);
    void drop(std::unordered_map<std::uint64_t, record>::iterator it);
    [[nodiscard]] std::string task_name(std::uint64_t root) const;

    scheduler& tasks_;
    std::unordered_map<std::uint64_t, record> scripts_;  // node-based: records never move
    std::uint64_t next_id_ = 1;
};

// ---- awaitables ---------------------------------------------------------------------------------

struct wait_awaiter {
    nanoseconds delay;
    bool await_ready() const noexcept { return false; }
    void await_suspend(detail::script_coroutine frame) const { frame.promise().host->wait_time(frame, delay); }
    void await_resume() const noexcept {}
};

struct next_tick_awaiter {
    bool await_ready() const noexcept { return false; }
    void await_suspend(detail::script_coroutine frame) const { frame.promise().host->wait_tick(frame); }
    void await_resume() const noexcept {}
};

struct next_frame_awaiter {
    bool await_ready() const noexcept { return false; }
    void await_suspend(detail::script_coroutine frame) const { frame.promise().host->wait_frame(frame); }
    void await_resume() const noexcept {}
};

struct until_awaiter {
    std::function<bool()> predicate;
    bool await_ready() const { return predicate(); }
    void await_suspend(detail::script_coroutine frame) {
        frame.promise().host->wait_until(frame, std::move(predicate));
    }
    void await_resume() const noexcept {}
};

// Throws std::invalid_argument for a negative delay.
[[nodiscard]] wait_awaiter wait(nanoseconds delay);
[[nodiscard]] inline next_tick_awaiter next_tick() noexcept {
    return {};
}
[[nodiscard]] inline next_frame_awaiter next_frame() noexcept {
    return {};
}
[[nodiscard]] until_awaiter until(std::function<bool()> predicate);

}  // namespace ticklab

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
//   ticklab::script_of<int> ask(player& p) {                          // a script with a result
//       ticklab::promise<int> reply;
//       p.request_score(reply);                                        // someone calls reply.set_value(7) later
//       co_return co_await reply;                                      // resumes with 7, in the same frame
//   }
//   ticklab::script_host scripts{tasks};                 // after `tasks`, so it is destroyed first
//   ticklab::script_handle h = scripts.start(spawn_waves(g), "waves");  // runs to its first co_await
//   scripts.cancel(h);                                   // or: destroy the host, or let the owner die
//
// Awaitables (only inside a script):
//   wait(d)        resumes at now() + d, as a one-shot time task: in order with every time task, and
//                  while it runs the clock reads exactly that time. Paused clock = no progress; time
//                  scale speeds it up, because both only change how fast virtual time moves.
//                  wait(0s) resumes in the next pass (scheduler.hpp, "Passes"): after the next tick.
//   next_tick()    resumes after the next simulation tick (scheduler::on_tick); stops while paused.
//   next_frame()   resumes in the next run_frame() call; frames go on while the clock is paused.
//   until(pred)    returns at once if pred() holds, else checks it after every tick (stops while paused).
//   co_await s     runs script `s` to its end inside this one and gives its co_return value (a
//                  script_of<T>); its exception is rethrown here.
//   co_await p     a promise<T>: its value, at once if it is already set, else when another task
//                  or script calls set_value(): the waiting scripts resume inside that call, so in
//                  the same frame, also while the clock is paused or in a frame with no tick.
//   co_await e     an event<T>: the value of the next emit(v); every script waiting then resumes
//                  inside emit(), in the order they began to wait.
//
// Ownership and cancellation: the host owns every started script's coroutine frame, and each frame
// owns the child scripts it awaits. A frame is destroyed when its script ends, on cancel(), when the
// host is destroyed, or when the script's owner is found gone: `start(s, owner_alive)` checks
// owner_alive() before every resume (and before every until() check) and drops the script instead;
// cancel_orphans() drops them all at once. Destroying a suspended frame terminates its pending wake-up
// task or leaves the promise or event it waits on, so nothing dangles. Destroying a promise or an
// event that scripts wait on cancels those scripts (their wait can never end).
//
// Errors: an exception that escapes a top-level script (or its until() predicate) ends that script
// only. It never leaves the call that resumed it (start(), the scheduler's driving calls,
// set_value()/emit()): the host counts it on the scheduler (scheduler::record_error, named "script
// NAME"), so whatever shows the scheduler's errors shows it. A child script's exception is rethrown
// in its parent first, which may catch it.
//
// In the scheduler's snapshot a waiting script is its wake-up task, named "script NAME": a new task
// for each wait, whose `runs` carries on from the last one's (the script's wake-ups so far, an
// until() check each tick included), so the count grows across the waits. Pausing that task holds
// the script; resumed after its due time, it resumes the script at once (late).
//
// The scheduler must outlive the host; a script must not destroy its own host; promises and events
// are used on the thread that drives the scheduler.

#include <ticklab/object_registry.hpp>
#include <ticklab/scheduler.hpp>
#include <ticklab/task_handle.hpp>
#include <ticklab/time.hpp>

#include <coroutine>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

namespace ticklab {

template <typename T = void>
class script_of;
using script = script_of<void>;
class script_host;

namespace detail {

// What every script frame knows, whatever its result type.
struct script_promise_base {
    script_host* host = nullptr;           // set when started or awaited; null for a script never run
    std::uint64_t root = 0;                // id of the top-level script this frame runs under
    std::coroutine_handle<> self;          // this frame
    std::coroutine_handle<> continuation;  // the awaiting parent; null for a top-level script
    task_handle wake;                      // the task that will resume this frame, while it waits
    std::exception_ptr error;

    std::suspend_always initial_suspend() noexcept { return {}; }  // lazy: started by the host or a parent

    struct final_awaiter {
        bool await_ready() noexcept { return false; }
        template <typename P>
        std::coroutine_handle<> await_suspend(std::coroutine_handle<P> h) noexcept {
            const std::coroutine_handle<> parent = h.promise().continuation;
            return parent ? parent : std::noop_coroutine();  // symmetric transfer: no stack growth
        }
        void await_resume() noexcept {}
    };
    final_awaiter final_suspend() noexcept { return {}; }
    void unhandled_exception() noexcept { error = std::current_exception(); }

    script_promise_base() = default;
    script_promise_base(const script_promise_base&) = delete;
    script_promise_base& operator=(const script_promise_base&) = delete;
    ~script_promise_base();  // terminates `wake`
};

template <typename T>
struct script_promise final : script_promise_base {
    std::optional<T> value;
    script_of<T> get_return_object() noexcept;
    template <typename U>
    void return_value(U&& v) {
        value.emplace(std::forward<U>(v));
    }
};

template <>
struct script_promise<void> final : script_promise_base {
    script_of<void> get_return_object() noexcept;
    void return_void() noexcept {}
};

template <typename P>
constexpr bool is_script_promise = std::is_base_of_v<script_promise_base, P>;

}  // namespace detail

// The coroutine type: a script whose co_return gives a T (script = script_of<void>). Owns its
// frame; move-only. Only a script (void) can be started on a host; a script_of<T> is awaited.
template <typename T>
class [[nodiscard]] script_of {
public:
    using promise_type = detail::script_promise<T>;

    script_of() = default;
    script_of(script_of&& other) noexcept : frame_{std::exchange(other.frame_, {})} {}
    script_of& operator=(script_of&& other) noexcept {
        if (this != &other) {
            reset();
            frame_ = std::exchange(other.frame_, {});
        }
        return *this;
    }
    ~script_of() { reset(); }

    [[nodiscard]] bool done() const noexcept { return !frame_ || frame_.done(); }

    // Awaiting a script runs it to its end inside the awaiting one.
    bool await_ready() const noexcept { return done(); }
    template <typename P>
    std::coroutine_handle<> await_suspend(std::coroutine_handle<P> parent) noexcept {
        static_assert(detail::is_script_promise<P>, "a script can be awaited only inside a script");
        promise_type& child = frame_.promise();
        child.host = parent.promise().host;
        child.root = parent.promise().root;
        child.continuation = parent;
        return frame_;
    }
    T await_resume() {
        if constexpr (std::is_void_v<T>) {
            if (frame_ && frame_.promise().error) std::rethrow_exception(frame_.promise().error);
        } else {
            if (!frame_) throw std::logic_error("co_await on an empty script_of: there is no value");
            if (frame_.promise().error) std::rethrow_exception(frame_.promise().error);
            return std::move(*frame_.promise().value);
        }
    }

private:
    friend struct detail::script_promise<T>;
    friend class script_host;
    explicit script_of(std::coroutine_handle<promise_type> frame) noexcept : frame_{frame} {}
    void reset() noexcept {
        if (frame_) std::exchange(frame_, {}).destroy();
    }

    std::coroutine_handle<promise_type> frame_;
};

template <typename T>
script_of<T> detail::script_promise<T>::get_return_object() noexcept {
    const auto frame = std::coroutine_handle<script_promise<T>>::from_promise(*this);
    self = frame;
    return script_of<T>{frame};
}

inline script_of<void> detail::script_promise<void>::get_return_object() noexcept {
    const auto frame = std::coroutine_handle<script_promise<void>>::from_promise(*this);
    self = frame;
    return script_of<void>{frame};
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
    void wait_time(detail::script_promise_base& frame, nanoseconds delay);
    void wait_tick(detail::script_promise_base& frame);
    void wait_frame(detail::script_promise_base& frame);
    void wait_until(detail::script_promise_base& frame, std::function<bool()> predicate);
    // Resumes `frame` (a frame of script `root`) unless the script is gone or its owner died.
    void resume(std::uint64_t root, std::coroutine_handle<> frame);

private:
    struct record {
        script body;
        std::function<bool()> owner_alive;
        std::string name;
        std::uint64_t wakes = 0;  // the script's wake-up tasks' runs so far (scheduler rows count on)
        bool resuming = false;
        bool drop_requested = false;
    };

    // False (and the script is dropped, or marked for dropping) when its owner is gone.
    bool owner_alive(std::uint64_t root);
    void drop(std::unordered_map<std::uint64_t, record>::iterator it);
    [[nodiscard]] std::string task_name(std::uint64_t root) const;
    // Counts a run of one of script `root`'s wake-up tasks.
    void count_wake(std::uint64_t root);
    [[nodiscard]] std::uint64_t wakes(std::uint64_t root) const;

    scheduler& tasks_;
    std::unordered_map<std::uint64_t, record> scripts_;  // node-based: records never move
    std::uint64_t next_id_ = 1;
};

// ---- promises and events --------------------------------------------------------------------------

namespace detail {

// A script waiting on a promise or an event. Lives in the awaiter, so in the suspended coroutine
// frame: destroying the frame (cancel) unlinks it.
template <typename V>
struct waiter {
    waiter* prev = nullptr;
    waiter* next = nullptr;
    void* list = nullptr;  // the waiter_list it is linked into; null when not waiting
    script_promise_base* frame = nullptr;
    std::optional<V> value;
};

// The scripts waiting on one promise or event, in the order they began to wait.
template <typename V>
class waiter_list {
public:
    waiter_list() = default;
    waiter_list(const waiter_list&) = delete;
    waiter_list& operator=(const waiter_list&) = delete;
    // Scripts still waiting can never be resumed: they are cancelled.
    ~waiter_list() {
        std::vector<std::pair<script_host*, std::uint64_t>> orphans;
        for (waiter<V>* w = first_; w != nullptr; w = w->next) {
            w->list = nullptr;
            orphans.emplace_back(w->frame->host, w->frame->root);
        }
        first_ = last_ = nullptr;
        for (const auto& [host, root] : orphans) host->cancel(script_handle{root});
    }

    void add(waiter<V>& w) {
        w.list = this;
        w.prev = last_;
        w.next = nullptr;
        (last_ != nullptr ? last_->next : first_) = &w;
        last_ = &w;
    }
    void remove(waiter<V>& w) noexcept {
        if (w.list != this) return;
        (w.prev != nullptr ? w.prev->next : first_) = w.next;
        (w.next != nullptr ? w.next->prev : last_) = w.prev;
        w.list = nullptr;
    }
    [[nodiscard]] bool empty() const noexcept { return first_ == nullptr; }
    [[nodiscard]] std::size_t size() const noexcept {
        std::size_t n = 0;
        for (const waiter<V>* w = first_; w != nullptr; w = w->next) ++n;
        return n;
    }

    // Hands `value` to every script waiting now and resumes them, in order. Scripts that begin to
    // wait meanwhile wait for the next call. The list may be destroyed by a resumed script: nothing
    // here touches it after the waiters are detached.
    void resume_all(const V& value) {
        std::vector<std::pair<script_promise_base*, std::coroutine_handle<>>> ready;
        std::vector<std::pair<script_host*, std::uint64_t>> roots;
        for (waiter<V>* w = first_; w != nullptr; w = w->next) {
            w->list = nullptr;
            w->value.emplace(value);
            roots.emplace_back(w->frame->host, w->frame->root);
            ready.emplace_back(w->frame, w->frame->self);
        }
        first_ = last_ = nullptr;
        std::exception_ptr error;
        for (std::size_t i = 0; i < ready.size(); ++i) {
            // The host skips a script an earlier one cancelled (its frames are gone with it).
            try {
                roots[i].first->resume(roots[i].second, ready[i].second);
            } catch (...) {
                if (!error) error = std::current_exception();
            }
        }
        if (error) std::rethrow_exception(error);
    }

private:
    waiter<V>* first_ = nullptr;
    waiter<V>* last_ = nullptr;
};

template <typename T>
using stored_t = std::conditional_t<std::is_void_v<T>, std::monostate, T>;

template <typename V>
struct waiter_awaiter_base {
    waiter_list<V>* list;
    waiter<V> node;
    explicit waiter_awaiter_base(waiter_list<V>& l) : list{&l} {}
    waiter_awaiter_base(const waiter_awaiter_base&) = delete;
    waiter_awaiter_base& operator=(const waiter_awaiter_base&) = delete;
    ~waiter_awaiter_base() {
        if (node.list != nullptr) list->remove(node);  // the frame was destroyed while waiting
    }
    template <typename P>
    void await_suspend(std::coroutine_handle<P> frame) {
        static_assert(is_script_promise<P>, "a promise or event can be awaited only inside a script");
        node.frame = &frame.promise();
        list->add(node);
    }
};

}  // namespace detail

// One value, set once, that scripts can wait for. Neither copyable nor movable: waiting scripts
// point at it. T may be void (set()).
template <typename T>
class promise {
    using stored = detail::stored_t<T>;

public:
    promise() = default;
    promise(const promise&) = delete;
    promise& operator=(const promise&) = delete;

    // Sets the value and resumes every waiting script inside this call. Throws std::logic_error if
    // the value was already set.
    template <typename U = stored>
    requires(!std::is_void_v<T>) void set_value(U&& value) { fulfil(stored{std::forward<U>(value)}); }
    void set() requires std::is_void_v<T> { fulfil(stored{}); }

    [[nodiscard]] bool fulfilled() const noexcept { return value_.has_value(); }
    [[nodiscard]] std::size_t waiting() const noexcept { return waiters_.size(); }
    // The value; throws std::logic_error while it is not set.
    [[nodiscard]] const stored& value() const {
        if (!value_) throw std::logic_error("promise: the value is not set yet");
        return *value_;
    }

    struct awaiter : detail::waiter_awaiter_base<stored> {
        const promise* owner;
        explicit awaiter(promise& p) : detail::waiter_awaiter_base<stored>{p.waiters_}, owner{&p} {}
        bool await_ready() const noexcept { return owner->fulfilled(); }
        T await_resume() {
            if constexpr (std::is_void_v<T>) {
                return;
            } else {
                // Ready at once: the promise is still there. Resumed: the value came with the resume.
                return this->node.value ? std::move(*this->node.value) : *owner->value_;
            }
        }
    };
    awaiter operator co_await() & { return awaiter{*this}; }

private:
    void fulfil(stored value) {
        if (value_) throw std::logic_error("promise: the value is already set; allowed: once");
        value_.emplace(std::move(value));
        waiters_.resume_all(*value_);  // may destroy *this: nothing after it
    }

    detail::waiter_list<stored> waiters_;
    std::optional<stored> value_;
};

// A signal that carries a value each time it is emitted; scripts wait for the next one. Neither
// copyable nor movable: waiting scripts point at it. T may be void (emit()).
template <typename T = void>
class event {
    using stored = detail::stored_t<T>;

public:
    event() = default;
    event(const event&) = delete;
    event& operator=(const event&) = delete;

    // Resumes every script waiting now, inside this call, each with `value`. Returns how many.
    template <typename U = stored>
    requires(!std::is_void_v<T>) std::size_t emit(U&& value) {
        const std::size_t n = waiters_.size();
        waiters_.resume_all(stored{std::forward<U>(value)});
        return n;
    }
    std::size_t emit() requires std::is_void_v<T> {
        const std::size_t n = waiters_.size();
        waiters_.resume_all(stored{});
        return n;
    }
    [[nodiscard]] std::size_t waiting() const noexcept { return waiters_.size(); }

    struct awaiter : detail::waiter_awaiter_base<stored> {
        using detail::waiter_awaiter_base<stored>::waiter_awaiter_base;
        bool await_ready() const noexcept { return false; }
        T await_resume() {
            if constexpr (std::is_void_v<T>) {
                return;
            } else {
                return std::move(*this->node.value);
            }
        }
    };
    awaiter operator co_await() & { return awaiter{waiters_}; }

private:
    detail::waiter_list<stored> waiters_;
};

// ---- time, tick and frame awaitables ------------------------------------------------------------

struct wait_awaiter {
    nanoseconds delay;
    bool await_ready() const noexcept { return false; }
    template <typename P>
    void await_suspend(std::coroutine_handle<P> frame) const {
        frame.promise().host->wait_time(frame.promise(), delay);
    }
    void await_resume() const noexcept {}
};

struct next_tick_awaiter {
    bool await_ready() const noexcept { return false; }
    template <typename P>
    void await_suspend(std::coroutine_handle<P> frame) const {
        frame.promise().host->wait_tick(frame.promise());
    }
    void await_resume() const noexcept {}
};

struct next_frame_awaiter {
    bool await_ready() const noexcept { return false; }
    template <typename P>
    void await_suspend(std::coroutine_handle<P> frame) const {
        frame.promise().host->wait_frame(frame.promise());
    }
    void await_resume() const noexcept {}
};

struct until_awaiter {
    std::function<bool()> predicate;
    bool await_ready() const { return predicate(); }
    template <typename P>
    void await_suspend(std::coroutine_handle<P> frame) {
        frame.promise().host->wait_until(frame.promise(), std::move(predicate));
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

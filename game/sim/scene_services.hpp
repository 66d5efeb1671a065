#pragma once
// What a scene may use of its session's scheduler. Everything a scene starts through here ends
// with the scene: on reset and on a scene switch the session stops it all, so no script ever
// resumes on a scene that is gone.
//
// Usage (in a scene's start_scripts):
//   services.start(rain(), "balls: a wave every 4 s");     // a coroutine script on virtual time
//   services.adopt(services.tasks().schedule_frame({.interval = 30, .name = "blink"}, [this] { ... }));
//   services.calls().call(registry, handle, [](beacon& b) { b.ping(); }, 2s, on_done);  // by handle

#include <ticklab/deferred_calls.hpp>
#include <ticklab/scheduler.hpp>
#include <ticklab/script.hpp>

#include <optional>
#include <string>
#include <vector>

namespace ticklab::game {

class scene_services {
public:
    scene_services(ticklab::scheduler& tasks, ticklab::script_host& scripts) : tasks_{tasks}, scripts_{scripts} {}

    ticklab::script_handle start(ticklab::script script, std::string name) {
        const ticklab::script_handle handle = scripts_.start(std::move(script), std::move(name));
        scripts_started_.push_back(handle);
        return handle;
    }
    // Tasks scheduled directly on tasks() end with the scene only once adopted.
    void adopt(ticklab::task_handle handle) { tasks_started_.push_back(handle); }
    [[nodiscard]] ticklab::scheduler& tasks() noexcept { return tasks_; }
    // Deferred calls on the scheduler's time line that end with the scene: stop_all drops the
    // pending ones without calling their on_done (the scene they would report to may be gone).
    [[nodiscard]] ticklab::deferred_calls& calls() {
        if (!calls_) calls_.emplace(tasks_);
        return *calls_;
    }

    // Cancels every script, terminates every adopted task (stale handles are ignored) and drops
    // every pending deferred call.
    void stop_all() {
        calls_.reset();
        for (const ticklab::script_handle handle : scripts_started_) scripts_.cancel(handle);
        for (const ticklab::task_handle handle : tasks_started_) tasks_.terminate(handle);
        scripts_started_.clear();
        tasks_started_.clear();
    }

private:
    ticklab::scheduler& tasks_;
    ticklab::script_host& scripts_;
    std::vector<ticklab::script_handle> scripts_started_;
    std::vector<ticklab::task_handle> tasks_started_;
    std::optional<ticklab::deferred_calls> calls_;  // last: destroyed first, while tasks_ lives
};

}  // namespace ticklab::game

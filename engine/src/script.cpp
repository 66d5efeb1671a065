#include <ticklab/script.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace ticklab {

detail::script_promise_base::~script_promise_base() {
    if (host != nullptr && wake) host->tasks().terminate(wake);
}

wait_awaiter wait(nanoseconds delay) {
    if (delay < nanoseconds{0}) {
        throw std::invalid_argument("wait: delay " + std::to_string(delay.count()) + " ns is negative; allowed: >= 0");
    }
    return {delay};
}

until_awaiter until(std::function<bool()> predicate) {
    if (!predicate) throw std::invalid_argument("until: the predicate is empty; allowed: any callable returning bool");
    return {std::move(predicate)};
}

script_host::~script_host() {
    // Frames first (their promises terminate pending wake-ups in the scheduler), then the map.
    for (auto& [id, r] : scripts_) r.body = script{};
    scripts_.clear();
}

script_handle script_host::start(script s, std::string name) {
    return start(std::move(s), {}, std::move(name));
}

script_handle script_host::start(script s, std::function<bool()> owner_alive, std::string name) {
    if (!s.frame_ || s.frame_.done()) {
        throw std::invalid_argument("script_host::start: the script is empty or finished; allowed: a new script");
    }
    if (s.frame_.promise().host != nullptr) {
        throw std::invalid_argument("script_host::start: the script was already started; allowed: a new script");
    }
    const std::uint64_t id = next_id_++;
    const std::coroutine_handle<> frame = s.frame_;
    s.frame_.promise().host = this;
    s.frame_.promise().root = id;
    scripts_.emplace(id, record{.body = std::move(s), .owner_alive = std::move(owner_alive), .name = std::move(name)});
    resume(id, frame);
    return {id};
}

bool script_host::cancel(script_handle handle) {
    const auto it = scripts_.find(handle.id);
    if (it == scripts_.end() || it->second.drop_requested) return false;
    drop(it);
    return true;
}

std::size_t script_host::cancel_orphans() {
    std::vector<std::uint64_t> orphans;
    for (const auto& [id, r] : scripts_) {
        if (!r.drop_requested && r.owner_alive && !r.owner_alive()) orphans.push_back(id);
    }
    for (const std::uint64_t id : orphans) {
        const auto it = scripts_.find(id);
        if (it != scripts_.end()) drop(it);
    }
    return orphans.size();
}

void script_host::drop(std::unordered_map<std::uint64_t, record>::iterator it) {
    if (it->second.resuming) {  // its frame is executing: destroy it once it suspends
        it->second.drop_requested = true;
        return;
    }
    script body = std::move(it->second.body);
    scripts_.erase(it);
    // `body` is destroyed here, after the record is gone: a destructor in the frame that calls back
    // into the host sees a consistent map.
}

bool script_host::owner_alive(std::uint64_t root) {
    const auto it = scripts_.find(root);
    if (it == scripts_.end() || it->second.drop_requested) return false;
    if (!it->second.owner_alive || it->second.owner_alive()) return true;
    drop(it);
    return false;
}

void script_host::resume(std::uint64_t root, std::coroutine_handle<> frame) {
    if (!owner_alive(root)) return;
    record& r = scripts_.find(root)->second;  // node-based map: stays valid while the script runs
    r.resuming = true;
    frame.resume();
    r.resuming = false;
    if (!r.body.done() && !r.drop_requested) return;
    const std::exception_ptr error = r.body.done() ? r.body.frame_.promise().error : nullptr;
    const std::string name = error ? task_name(root) : std::string{};
    drop(scripts_.find(root));
    // The script ends here, and only it: whoever resumed it (a wake-up task, start(), set_value())
    // goes on. The scheduler keeps the error for whoever shows them.
    if (error) tasks_.record_error(name, error);
}

void script_host::count_wake(std::uint64_t root) {
    if (const auto it = scripts_.find(root); it != scripts_.end()) ++it->second.wakes;
}

std::uint64_t script_host::wakes(std::uint64_t root) const {
    const auto it = scripts_.find(root);
    return it == scripts_.end() ? 0 : it->second.wakes;
}

std::string script_host::task_name(std::uint64_t root) const {
    const auto it = scripts_.find(root);
    return it == scripts_.end() || it->second.name.empty() ? std::string{"script"} : "script " + it->second.name;
}

void script_host::wait_time(detail::script_promise_base& frame, nanoseconds delay) {
    const std::uint64_t root = frame.root;
    frame.wake = tasks_.schedule_time(
        {.start = tasks_.now() + delay, .name = task_name(root), .runs_so_far = wakes(root)}, [this, root, &frame] {
            frame.wake = {};
            count_wake(root);
            resume(root, frame.self);
        });
}

void script_host::wait_tick(detail::script_promise_base& frame) {
    const std::uint64_t root = frame.root;
    frame.wake = tasks_.schedule_tick(
        {.start = tasks_.tick() + 1, .interval = 0, .name = task_name(root), .runs_so_far = wakes(root)},
        [this, root, &frame] {
            frame.wake = {};
            count_wake(root);
            resume(root, frame.self);
        });
}

void script_host::wait_frame(detail::script_promise_base& frame) {
    const std::uint64_t root = frame.root;
    frame.wake = tasks_.schedule_frame(
        {.start = tasks_.frame() + 1, .interval = 0, .name = task_name(root), .runs_so_far = wakes(root)},
        [this, root, &frame] {
            frame.wake = {};
            count_wake(root);
            resume(root, frame.self);
        });
}

void script_host::wait_until(detail::script_promise_base& frame, std::function<bool()> predicate) {
    const std::uint64_t root = frame.root;
    frame.wake = tasks_.schedule_tick(
        {.start = tasks_.tick() + 1, .interval = 1, .name = task_name(root), .runs_so_far = wakes(root)},
        [this, root, &frame, predicate = std::move(predicate)](task_context& context) {
            // The owner first: the predicate may read the owner's state.
            if (!owner_alive(root)) return;
            count_wake(root);
            bool ready = false;
            try {
                ready = predicate();
            } catch (...) {
                // The predicate is the script's own code: its error ends the script, as one thrown in
                // the script does. Cancelling destroys the frame (and terminates this task).
                const std::string name = task_name(root);
                cancel(script_handle{root});
                tasks_.record_error(name, std::current_exception());
                return;
            }
            if (!ready) return;
            context.terminate();
            frame.wake = {};
            resume(root, frame.self);
        });
}

}  // namespace ticklab

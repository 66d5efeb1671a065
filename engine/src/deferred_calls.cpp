#include <ticklab/deferred_calls.hpp>

#include <algorithm>
#include <stdexcept>
#include <string>

namespace ticklab {

namespace {

struct later {
    template <typename E>
    bool operator()(const E& a, const E& b) const noexcept {
        return a.due != b.due ? a.due > b.due : a.seq > b.seq;
    }
};

}  // namespace

deferred_calls::~deferred_calls() {
    for (const auto& [k, done] : pending_) {
        tasks_.terminate({static_cast<std::uint32_t>(k >> 32), static_cast<std::uint32_t>(k)});
    }
}

task_handle deferred_calls::call(std::function<void()> action, nanoseconds delay, call_done on_done) {
    if (!action) throw std::invalid_argument("deferred_calls::call: the action is empty; allowed: any callable");
    return post(
        [action = std::move(action)] {
            action();
            return call_status::completed;
        },
        delay, std::move(on_done));
}

task_handle deferred_calls::post(std::function<call_status()> attempt, nanoseconds delay, call_done on_done) {
    if (delay < nanoseconds{0}) {
        throw std::invalid_argument("deferred_calls::call: delay " + std::to_string(delay.count()) +
                                    " ns is negative; allowed: >= 0");
    }
    const nanoseconds due = tasks_.now() + delay;
    const task_handle h = tasks_.schedule_time(
        {.start = due, .name = "deferred call"}, [this, attempt = std::move(attempt)](task_context& c) mutable {
            // Looked up at run time: an earlier cancel() made the handle stale
            // and the task is gone.
            call_status status = call_status::failed;
            try {
                status = attempt();
            } catch (...) {
                finish(c.self, call_status::failed);  // not pending any more; the scheduler counts the error
                throw;
            }
            finish(c.self, status);
        });
    pending_.emplace(key(h), std::move(on_done));
    if (due_heap_.size() > 2 * pending_.size() + 64) {  // drop finished calls so the heap stays O(pending)
        std::erase_if(due_heap_, [this](const due_entry& e) { return !pending_.contains(key(e.call)); });
        std::make_heap(due_heap_.begin(), due_heap_.end(), later{});
    }
    due_heap_.push_back({due.count(), next_seq_++, h});
    std::push_heap(due_heap_.begin(), due_heap_.end(), later{});
    return h;
}

void deferred_calls::finish(task_handle call, call_status status) {
    const auto it = pending_.find(key(call));
    if (it == pending_.end()) return;
    call_done done = std::move(it->second);
    pending_.erase(it);  // before on_done, which may post or cancel calls
    if (done) done(status);
}

bool deferred_calls::cancel(task_handle call) {
    if (!pending_.contains(key(call)) || !tasks_.terminate(call)) return false;
    finish(call, call_status::cancelled);
    return true;
}

std::optional<nanoseconds> deferred_calls::time_until_next() const {
    while (!due_heap_.empty() && !pending_.contains(key(due_heap_.front().call))) {
        std::pop_heap(due_heap_.begin(), due_heap_.end(), later{});
        due_heap_.pop_back();
    }
    if (due_heap_.empty()) return std::nullopt;
    return std::max(nanoseconds{due_heap_.front().due} - tasks_.now(), nanoseconds{0});
}

}  // namespace ticklab

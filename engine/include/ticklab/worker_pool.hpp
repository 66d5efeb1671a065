#pragma once
// A small persistent pool of threads for splitting one step of work across cores.
//
// Usage:
//   ticklab::worker_pool pool{ticklab::worker_pool::machine_threads()};
//   pool.run([&](unsigned worker, unsigned workers) { /* rows worker, worker + workers, ... */ });
//
// run() calls the job once on every worker (worker 0 is the calling thread) and returns when all
// of them have returned: a fork and a join. Which part of the work a worker takes is the job's
// choice, so a job that splits its work by a fixed rule gets the same result for any pool size.
// Between runs the workers spin for a short while (runs within one tick follow each other
// closely), yielding now and then, then sleep on a futex; an idle pool costs nothing. On Linux a
// worker that finds itself on its caller's core moves to another (worker_pool.cpp).
//
// One run at a time: a second thread calling run() waits for the first. A job must not throw.

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

namespace ticklab {

inline constexpr unsigned max_worker_threads = 64;

class worker_pool {
public:
    // `threads` from 1 (no extra thread: run() calls the job on the caller) to max_worker_threads;
    // anything else throws std::invalid_argument.
    explicit worker_pool(unsigned threads);
    ~worker_pool();
    worker_pool(const worker_pool&) = delete;
    worker_pool& operator=(const worker_pool&) = delete;

    [[nodiscard]] unsigned size() const noexcept { return size_; }

    template <typename Job>
    void run(Job&& job) {
        run_erased([](void* context, unsigned worker,
                      unsigned workers) { (*static_cast<std::remove_reference_t<Job>*>(context))(worker, workers); },
                   &job);
    }

    // The machine's hardware threads (std::thread::hardware_concurrency), at least 1 and at most
    // max_worker_threads.
    [[nodiscard]] static unsigned machine_threads() noexcept;

private:
    using erased_job = void (*)(void* context, unsigned worker, unsigned workers);
    void run_erased(erased_job job, void* context);
    void work(unsigned worker, std::stop_token stop);

    unsigned size_;
    std::mutex run_mutex_;
    erased_job job_ = nullptr;
    void* context_ = nullptr;
    // Bumped once per run; workers wait for it to change.
    alignas(64) std::atomic<std::uint32_t> generation_{0};
    std::atomic<std::uint32_t> sleeping_workers_{0};
    // Workers still running the current job; the caller waits for 0.
    alignas(64) std::atomic<std::uint32_t> pending_{0};
    std::atomic<bool> caller_sleeping_{false};
    // The CPU the caller ran on when it posted the current job (-1: not known): a worker on the
    // same one moves off it (worker_pool.cpp).
    std::atomic<int> caller_cpu_{-1};
    std::vector<std::jthread> threads_;
};

// A process-wide pool of `threads` threads, made on first use and kept until exit: scenes (and
// copies of them) share it instead of each starting threads of its own.
[[nodiscard]] worker_pool& shared_worker_pool(unsigned threads);

}  // namespace ticklab

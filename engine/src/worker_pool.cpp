#include <ticklab/worker_pool.hpp>

#include <chrono>
#include <map>
#include <stdexcept>
#include <string>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sched.h>
#define TICKLAB_NUDGE_WORKERS 1
#endif

namespace ticklab {

namespace {

void cpu_relax() noexcept {
#if defined(__x86_64__) || defined(__i386__)
    _mm_pause();
#endif
}

// How long a thread spins on a value before it sleeps on it. Runs within one tick come a few
// microseconds apart: waking a sleeping thread costs tens of microseconds, so spinning through
// such gaps pays; the gap between ticks (milliseconds) is slept through.
constexpr auto spin_time = std::chrono::microseconds{200};

// Spins until `value` differs from `old` or spin_time has passed; true if it changed.
bool spin_while_equal(const std::atomic<std::uint32_t>& value, std::uint32_t old) noexcept {
    const auto until = std::chrono::steady_clock::now() + spin_time;
    for (;;) {
        for (int k = 0; k < 64; ++k) {
            if (value.load(std::memory_order_acquire) != old) return true;
            cpu_relax();
        }
        if (std::chrono::steady_clock::now() >= until) return false;
        // Should the thread it waits for share this core, spinning on would hold up the very value
        // it waits for: on one core, each run of a pool that spun without yielding cost a whole
        // spin_time.
        std::this_thread::yield();
    }
}

// The CPU the calling thread runs on, or -1 where that is not known.
int current_cpu() noexcept {
#ifdef TICKLAB_NUDGE_WORKERS
    return sched_getcpu();
#else
    return -1;
#endif
}

// Moves the calling thread off `cpu` (the one it shares with the thread that gave it work), then
// allows every CPU it was allowed before: the scheduler may later move it anywhere, but it starts
// on another core now. Without this, a worker and its caller could stay on one core for seconds
// (BENCHMARKS.md, issue 27's sixteenth round): Linux's wake-up placement keeps threads that wake
// each other together, and the other core stayed idle.
void move_off(int cpu) noexcept {
#ifdef TICKLAB_NUDGE_WORKERS
    cpu_set_t allowed;
    if (cpu < 0 || cpu >= CPU_SETSIZE || sched_getaffinity(0, sizeof allowed, &allowed) != 0) return;
    if (!CPU_ISSET(cpu, &allowed) || CPU_COUNT(&allowed) < 2) return;
    cpu_set_t elsewhere = allowed;
    CPU_CLR(cpu, &elsewhere);
    if (sched_setaffinity(0, sizeof elsewhere, &elsewhere) == 0) sched_setaffinity(0, sizeof allowed, &allowed);
#else
    (void)cpu;
#endif
}

}  // namespace

worker_pool::worker_pool(unsigned threads) : size_{threads} {
    if (threads < 1 || threads > max_worker_threads) {
        throw std::invalid_argument("thread count " + std::to_string(threads) +
                                    " is not allowed: use a whole number from 1 to " +
                                    std::to_string(max_worker_threads));
    }
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
    // A web page without threads (docs/web.md): the caller runs the one worker, and a job split by
    // a fixed rule gets the same result as with the threads asked for.
    size_ = 1;
    return;
#endif
    threads_.reserve(threads - 1);
    for (unsigned w = 1; w < threads; ++w) {
        threads_.emplace_back([this, w](std::stop_token stop) { work(w, stop); });
    }
}

worker_pool::~worker_pool() {
    for (auto& thread : threads_) thread.request_stop();
    generation_.fetch_add(1, std::memory_order_seq_cst);
    generation_.notify_all();
    threads_.clear();  // joins
}

unsigned worker_pool::machine_threads() noexcept {
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
    return 1;
#endif
    const unsigned n = std::thread::hardware_concurrency();
    return n == 0 ? 1 : (n > max_worker_threads ? max_worker_threads : n);
}

void worker_pool::run_erased(erased_job job, void* context) {
    if (size_ == 1) {
        job(context, 0, 1);
        return;
    }
    const std::lock_guard lock{run_mutex_};
    job_ = job;
    context_ = context;
    caller_cpu_.store(current_cpu(), std::memory_order_relaxed);
    pending_.store(size_ - 1, std::memory_order_relaxed);
    // seq_cst pairs with the workers' seq_cst increment of sleeping_workers_: either a worker sees
    // the new generation before it sleeps, or this sees it asleep and wakes it.
    generation_.fetch_add(1, std::memory_order_seq_cst);
    if (sleeping_workers_.load(std::memory_order_seq_cst) > 0) generation_.notify_all();
    job(context, 0, size_);
    for (std::uint32_t left = pending_.load(std::memory_order_acquire); left != 0;
         left = pending_.load(std::memory_order_acquire)) {
        if (spin_while_equal(pending_, left)) continue;
        caller_sleeping_.store(true, std::memory_order_seq_cst);
        pending_.wait(left, std::memory_order_acquire);
        caller_sleeping_.store(false, std::memory_order_relaxed);
    }
}

void worker_pool::work(unsigned worker, std::stop_token stop) {
    // Not the current value: the first run may have begun before this thread got here.
    std::uint32_t seen = 0;
    for (;;) {
        if (!spin_while_equal(generation_, seen)) {
            sleeping_workers_.fetch_add(1, std::memory_order_seq_cst);
            generation_.wait(seen, std::memory_order_seq_cst);
            sleeping_workers_.fetch_sub(1, std::memory_order_relaxed);
        }
        const std::uint32_t now = generation_.load(std::memory_order_acquire);
        if (now == seen) continue;
        seen = now;
        if (stop.stop_requested()) return;
        // Measured: after such a move the scheduler left the threads apart (1-3 moves in a run of
        // 600 ticks), so no limit on how often.
        const int caller_cpu = caller_cpu_.load(std::memory_order_relaxed);
        if (caller_cpu >= 0 && caller_cpu == current_cpu()) move_off(caller_cpu);
        job_(context_, worker, size_);
        if (pending_.fetch_sub(1, std::memory_order_seq_cst) == 1 && caller_sleeping_.load(std::memory_order_seq_cst)) {
            pending_.notify_one();
        }
    }
}

worker_pool& shared_worker_pool(unsigned threads) {
    static std::mutex mutex;
    static std::map<unsigned, std::unique_ptr<worker_pool>> pools;
    const std::lock_guard lock{mutex};
    auto& pool = pools[threads];
    if (!pool) pool = std::make_unique<worker_pool>(threads);
    return *pool;
}

}  // namespace ticklab

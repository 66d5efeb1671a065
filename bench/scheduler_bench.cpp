// Scheduler throughput with 1,000 / 10,000 / 100,000 live periodic tasks, against the baseline of
// seed text 001: a GPG3-style scheduler keeping its time tasks in a sorted singly linked list
// (O(n) insertion walking from the head, O(n) removal by id), reproduced here in the same binary.
//
//   build-sched/bench/scheduler_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
//
// dispatch:  every task is periodic (interval uniform in [1, 100] ms, random phase); one iteration
//            advances virtual time by a step sized to dispatch about 47 runs at any N; the rate
//            reported (items_per_second) is task dispatches per second.
// churn:     with N live tasks, one iteration schedules one task at a random due time and
//            terminates one live task (items_per_second counts the pairs).
#include <ticklab/scheduler.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <vector>

using namespace std::chrono_literals;

namespace {

constexpr std::int64_t ms = 1'000'000;

struct periodic {
    std::int64_t start;
    std::int64_t interval;
};

std::vector<periodic> make_tasks(std::int64_t n, std::uint64_t seed = 42) {
    std::mt19937_64 rng{seed};
    std::uniform_int_distribution<std::int64_t> interval{1 * ms, 100 * ms};
    std::vector<periodic> out;
    out.reserve(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) {
        const std::int64_t iv = interval(rng);
        out.push_back({std::uniform_int_distribution<std::int64_t>{0, iv - 1}(rng), iv});
    }
    return out;
}

// About 4.65 runs per microsecond per 100,000 tasks for intervals uniform in [1, 100] ms.
std::int64_t step_for(std::int64_t n) {
    return 10'000 * 100'000 / n;
}

// ---- baseline: seed 001's sorted linked list ---------------------------------------------------

class linked_list_scheduler {
public:
    struct task {
        int id = 0;
        std::int64_t next = 0;
        std::int64_t interval = 0;
        std::function<void(int, std::int64_t)> execute;
        task* next_task = nullptr;
    };

    ~linked_list_scheduler() {
        while (head_ != nullptr) delete std::exchange(head_, head_->next_task);
    }

    int add(std::int64_t start, std::int64_t interval, std::function<void(int, std::int64_t)> fn) {
        auto* t = new task{next_id_++, start, interval, std::move(fn), nullptr};
        insert(t);
        return t->id;
    }

    // Setup only: links tasks already sorted by due time, so building 100,000 tasks does not take
    // the O(n^2) of inserting them one by one (which is what add() would do).
    void add_sorted(std::vector<periodic> tasks, std::function<void(int, std::int64_t)> fn) {
        std::sort(tasks.begin(), tasks.end(), [](const periodic& a, const periodic& b) { return a.start < b.start; });
        task** link = &head_;
        while (*link != nullptr) link = &(*link)->next_task;
        for (const periodic& p : tasks) {
            *link = new task{next_id_++, p.start, p.interval, fn, nullptr};
            link = &(*link)->next_task;
        }
    }

    // The seed's ExecuteFrame time loop: pop the head while due, run it, re-insert it.
    void advance_to(std::int64_t t) {
        while (head_ != nullptr && head_->next <= t) {
            task* current = head_;
            head_ = current->next_task;
            current->next_task = nullptr;
            current->execute(current->id, current->next);
            current->next += current->interval;
            insert(current);
        }
    }

    // The seed's RemoveTask: a walk from the head.
    bool remove(int id) {
        for (task** link = &head_; *link != nullptr; link = &(*link)->next_task) {
            if ((*link)->id == id) {
                delete std::exchange(*link, (*link)->next_task);
                return true;
            }
        }
        return false;
    }

private:
    // The seed's InsertTimeTask: before the first task due at or after the new one.
    void insert(task* t) {
        if (head_ == nullptr || head_->next > t->next) {
            t->next_task = head_;
            head_ = t;
            return;
        }
        task* current = head_;
        while (current->next_task != nullptr && current->next_task->next < t->next) current = current->next_task;
        t->next_task = current->next_task;
        current->next_task = t;
    }

    task* head_ = nullptr;
    int next_id_ = 1;
};

// ---- dispatch ---------------------------------------------------------------------------------

void scheduler_dispatch(benchmark::State& state, bool measure_costs) {
    const std::int64_t n = state.range(0);
    ticklab::scheduler tasks{{.measure_costs = measure_costs}};
    std::uint64_t runs = 0;
    for (const periodic& p : make_tasks(n)) {
        tasks.schedule_time({.start = ticklab::nanoseconds{p.start}, .interval = ticklab::nanoseconds{p.interval}},
                            [&runs] { ++runs; });
    }
    const std::int64_t step = step_for(n);
    tasks.advance_to(ticklab::nanoseconds{100 * ms});  // every task has run once: steady state
    runs = 0;
    std::int64_t t = 100 * ms;
    for (auto _ : state) {
        t += step;
        tasks.advance_to(ticklab::nanoseconds{t});
    }
    benchmark::DoNotOptimize(runs);
    state.SetItemsProcessed(static_cast<std::int64_t>(runs));
}

void linked_list_dispatch(benchmark::State& state) {
    const std::int64_t n = state.range(0);
    linked_list_scheduler tasks;
    std::uint64_t runs = 0;
    tasks.add_sorted(make_tasks(n), [&runs](int, std::int64_t) { ++runs; });
    const std::int64_t step = step_for(n);
    std::int64_t t = 0;
    for (auto _ : state) {
        t += step;
        tasks.advance_to(t);
    }
    benchmark::DoNotOptimize(runs);
    state.SetItemsProcessed(static_cast<std::int64_t>(runs));
}

void scheduler_dispatch_unmeasured(benchmark::State& state) {
    scheduler_dispatch(state, false);
}
void scheduler_dispatch_measured(benchmark::State& state) {
    scheduler_dispatch(state, true);
}

// ---- churn: schedule one, terminate one ---------------------------------------------------------

void scheduler_churn(benchmark::State& state) {
    const std::int64_t n = state.range(0);
    ticklab::scheduler tasks;
    std::vector<ticklab::task_handle> live;
    for (const periodic& p : make_tasks(n)) {
        live.push_back(tasks.schedule_time(
            {.start = ticklab::nanoseconds{p.start}, .interval = ticklab::nanoseconds{p.interval}}, [] {}));
    }
    std::mt19937_64 rng{7};
    std::uniform_int_distribution<std::int64_t> due{0, 100 * ms};
    std::uniform_int_distribution<std::size_t> pick{0, live.size() - 1};
    for (auto _ : state) {
        const std::size_t victim = pick(rng);
        tasks.terminate(live[victim]);
        live[victim] = tasks.schedule_time({.start = ticklab::nanoseconds{due(rng)}, .interval = 50ms}, [] {});
    }
    state.SetItemsProcessed(state.iterations());
}

void linked_list_churn(benchmark::State& state) {
    const std::int64_t n = state.range(0);
    linked_list_scheduler tasks;
    tasks.add_sorted(make_tasks(n), [](int, std::int64_t) {});
    std::vector<int> live(static_cast<std::size_t>(n));
    for (std::size_t i = 0; i < live.size(); ++i) live[i] = static_cast<int>(i) + 1;
    std::mt19937_64 rng{7};
    std::uniform_int_distribution<std::int64_t> due{0, 100 * ms};
    std::uniform_int_distribution<std::size_t> pick{0, live.size() - 1};
    for (auto _ : state) {
        const std::size_t victim = pick(rng);
        tasks.remove(live[victim]);
        live[victim] = tasks.add(due(rng), 50 * ms, [](int, std::int64_t) {});
    }
    state.SetItemsProcessed(state.iterations());
}

BENCHMARK(scheduler_dispatch_unmeasured)->Arg(1'000)->Arg(10'000)->Arg(100'000);
BENCHMARK(scheduler_dispatch_measured)->Arg(1'000)->Arg(10'000)->Arg(100'000);
BENCHMARK(linked_list_dispatch)->Arg(1'000)->Arg(10'000)->Arg(100'000);
BENCHMARK(scheduler_churn)->Arg(1'000)->Arg(10'000)->Arg(100'000);
BENCHMARK(linked_list_churn)->Arg(1'000)->Arg(10'000)->Arg(100'000);

}  // namespace

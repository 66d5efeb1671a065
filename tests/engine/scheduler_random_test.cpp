// Drives the scheduler with random operations and checks every dispatch against a reference model
// that implements the documented rules the slow, obvious way (a linear scan for the next run).
#include <ticklab/scheduler.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <limits>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using ticklab::nanoseconds;
using ticklab::scheduler;
using ticklab::task_context;
using ticklab::task_handle;

namespace {

constexpr std::int64_t forever = std::numeric_limits<std::int64_t>::max();

struct dispatch_record {
    int id;
    std::int64_t due;
    std::int64_t clock;  // now() in ns for time tasks, frame() for frame tasks, while the task ran
    friend bool operator==(const dispatch_record&, const dispatch_record&) = default;
};

std::string describe(const dispatch_record& r) {
    std::ostringstream out;
    out << "{id " << r.id << ", due " << r.due << ", clock " << r.clock << "}";
    return out.str();
}

// What a task does when it runs, a pure function of its id and run count, so that the scheduler
// under test and the model make the same mid-dispatch changes.
struct behaviour {
    bool terminate_self = false;
    bool pause_self = false;
    std::int64_t new_interval = -1;  // -1 = keep
    bool spawn_child = false;
};

behaviour behave(int id, int runs, bool is_child, bool frame_task) {
    behaviour b;
    b.terminate_self = id % 13 == 0 && runs == 3;
    b.pause_self = id % 17 == 0 && runs == 2;
    if (id % 11 == 0 && runs % 3 == 0) b.new_interval = frame_task ? runs % 3 + 1 : runs % 5 + 1;
    b.spawn_child = !is_child && id % 7 == 0 && runs % 4 == 1;
    return b;
}

struct child_spec {
    std::int64_t interval;
    std::int64_t duration;
    int priority;
};

child_spec child_of(int id, bool frame_task) {
    const std::int64_t interval = frame_task ? 1 + id % 2 : 1 + id % 5;
    return {interval, frame_task ? 3 * interval : 3 * interval + 1, id % 5 - 2};
}

std::int64_t catch_up(std::int64_t due, std::int64_t interval, std::int64_t floor) {
    if (due >= floor) return due;
    if (interval == 0) return floor;
    return due + (floor - due + interval - 1) / interval * interval;
}

// ---- the reference model -----------------------------------------------------------------------

class model {
public:
    struct task {
        bool frame_task = false;
        std::int64_t due = 0;
        std::int64_t interval = 0;
        std::int64_t end = forever;
        int priority = 0;
        std::uint64_t seq = 0;
        bool paused = false;
        bool held = false;  // posted for the instant advance_to was dispatching: waits for the next pass
        bool running = false;
        bool terminated_while_running = false;
        bool paused_while_running = false;
        int runs = 0;
        bool is_child = false;
    };

    std::map<int, task> tasks;  // live tasks by id
    std::vector<dispatch_record> log;
    std::int64_t now = 0;
    std::int64_t frame = 0;
    int next_id = 0;

    int schedule(bool frame_task, std::int64_t start, std::int64_t interval, std::int64_t duration, int priority,
                 bool is_child) {
        task t;
        t.frame_task = frame_task;
        t.due = std::max(start, earliest(frame_task));
        t.interval = interval;
        t.end = duration == 0 ? forever : t.due + duration;
        t.priority = priority;
        t.is_child = is_child;
        const int id = next_id++;
        tasks[id] = t;
        queue(tasks[id], tasks[id].due);
        if (!frame_task && in_time_pass_ && t.due <= now) {
            tasks[id].held = true;
            held_.push_back(id);
        }
        return id;
    }

    bool terminate(int id) {
        auto it = tasks.find(id);
        if (it == tasks.end() || it->second.terminated_while_running) return false;
        if (it->second.running) {
            it->second.terminated_while_running = true;
        } else {
            tasks.erase(it);
        }
        return true;
    }

    bool pause(int id) {
        task* t = find(id);
        if (t == nullptr) return false;
        if (t->running) {
            t->paused_while_running = true;
        } else {
            t->paused = true;
            t->held = false;
        }
        return true;
    }

    bool resume(int id) {
        task* t = find(id);
        if (t == nullptr) return false;
        if (t->running) {
            t->paused_while_running = false;
        } else if (t->paused) {
            t->paused = false;
            const std::int64_t next = catch_up(t->due, t->interval, earliest(t->frame_task));
            if (next >= t->end) {
                tasks.erase(id);
            } else {
                queue(*t, next);
            }
        }
        return true;
    }

    bool set_interval(int id, std::int64_t interval) {
        task* t = find(id);
        if (t == nullptr) return false;
        t->interval = interval;
        return true;
    }

    bool set_priority(int id, int priority) {
        task* t = find(id);
        if (t == nullptr) return false;
        t->priority = priority;
        if (!t->paused && !t->running) queue(*t, t->due);  // re-queued: a new place in the FIFO
        return true;
    }

    void advance_to(std::int64_t t) {
        in_time_pass_ = true;
        for (;;) {
            const int id = next_due(false, t);
            if (id < 0) break;
            now = tasks[id].due;
            run(id);
        }
        now = t;
        in_time_pass_ = false;
        if (ticks_ == 0) release();  // never ticked: held runs wait for the next pass only
    }

    // After the tick: the held runs join the queue at now, in the order they were posted.
    void on_tick(std::int64_t k) {
        release();
        ticks_ = k;
    }

    void run_frame(std::int64_t f) {
        frame = f;
        for (;;) {
            const int id = next_due(true, f);
            if (id < 0) break;
            run(id);
        }
    }

private:
    task* find(int id) {
        auto it = tasks.find(id);
        return it == tasks.end() || it->second.terminated_while_running ? nullptr : &it->second;
    }

    std::int64_t earliest(bool frame_task) const {
        if (!frame_task) return now;
        return frame + 1;  // the next pass, also from inside a frame pass
    }

    void queue(task& t, std::int64_t due) {
        t.due = due;
        t.seq = next_seq_++;
    }

    // The order rule, spelled out: earliest due, then highest priority, then first queued.
    int next_due(bool frame_task, std::int64_t until) const {
        int best = -1;
        const task* b = nullptr;
        for (const auto& [id, t] : tasks) {
            if (t.frame_task != frame_task || t.paused || t.held || t.running || t.due > until) continue;
            if (b == nullptr || t.due < b->due || (t.due == b->due && t.priority > b->priority) ||
                (t.due == b->due && t.priority == b->priority && t.seq < b->seq)) {
                best = id;
                b = &t;
            }
        }
        return best;
    }

    void run(int id) {
        task& t = tasks[id];
        const std::int64_t due = t.due;
        t.running = true;
        ++t.runs;
        log.push_back({id, due, t.frame_task ? frame : now});
        const behaviour b = behave(id, t.runs, t.is_child, t.frame_task);
        if (b.spawn_child) {
            const child_spec c = child_of(id, t.frame_task);
            schedule(t.frame_task, 0, c.interval, c.duration, c.priority, true);
        }
        task& self = tasks[id];  // the map node is stable; re-fetched for clarity
        if (b.new_interval >= 0) self.interval = b.new_interval;
        if (b.pause_self) self.paused_while_running = true;
        if (b.terminate_self) self.terminated_while_running = true;
        self.running = false;
        if (self.terminated_while_running || self.interval == 0) {
            tasks.erase(id);
            return;
        }
        std::int64_t next = due + self.interval;
        if (self.frame_task) next = catch_up(next, self.interval, frame + 1);
        if (next >= self.end) {
            tasks.erase(id);
            return;
        }
        if (self.paused_while_running) {
            self.paused_while_running = false;
            self.paused = true;
            self.due = next;
        } else {
            queue(self, next);
        }
    }

    void release() {
        for (const int id : held_) {
            const auto it = tasks.find(id);
            if (it == tasks.end() || !it->second.held) continue;  // terminated or paused meanwhile
            it->second.held = false;
            it->second.due = now;
        }
        held_.clear();
    }

    std::uint64_t next_seq_ = 0;
    bool in_time_pass_ = false;
    std::int64_t ticks_ = 0;
    std::vector<int> held_;
};

// ---- the scheduler under test, with the same behaviours ------------------------------------------

class subject {
public:
    struct meta {
        task_handle handle;
        bool frame_task = false;
        bool is_child = false;
        int runs = 0;
    };

    // Nanoseconds per model time unit. The model counts in small integers; scaling every time by the
    // same factor keeps every order the same, and a large unit spreads the tasks over the timing
    // wheel's buckets and its far heap instead of the first bucket.
    explicit subject(std::int64_t time_unit) : unit{time_unit} {}

    const std::int64_t unit;
    scheduler tasks{{.measure_costs = false}};
    std::vector<dispatch_record> log;
    std::map<int, meta> all;  // every task ever, dead ones included (their handles are stale)
    int next_id = 0;

    int schedule(bool frame_task, std::int64_t start, std::int64_t interval, std::int64_t duration, int priority,
                 bool is_child) {
        const int id = next_id++;
        auto fn = [this, id](task_context& c) { run(id, c); };
        task_handle h;
        if (frame_task) {
            h = tasks.schedule_frame({.start = static_cast<std::uint64_t>(start),
                                      .interval = static_cast<std::uint64_t>(interval),
                                      .duration = static_cast<std::uint64_t>(duration),
                                      .priority = priority},
                                     fn);
        } else {
            h = tasks.schedule_time({.start = nanoseconds{start * unit},
                                     .interval = nanoseconds{interval * unit},
                                     .duration = nanoseconds{duration * unit},
                                     .priority = priority},
                                    fn);
        }
        all[id] = meta{h, frame_task, is_child, 0};
        return id;
    }

    bool set_interval(int id, std::int64_t interval) {
        const meta& m = all.at(id);
        return m.frame_task ? tasks.set_interval(m.handle, static_cast<std::uint64_t>(interval))
                            : tasks.set_interval(m.handle, nanoseconds{interval * unit});
    }

private:
    void run(int id, task_context& c) {
        meta& m = all.at(id);
        ++m.runs;
        if (m.frame_task) {
            log.push_back({id, c.due, static_cast<std::int64_t>(tasks.frame())});
        } else {
            log.push_back({id, c.due / unit, tasks.now().count() / unit});
        }
        const behaviour b = behave(id, m.runs, m.is_child, m.frame_task);
        if (b.spawn_child) {
            const child_spec s = child_of(id, m.frame_task);
            schedule(m.frame_task, 0, s.interval, s.duration, s.priority, true);
        }
        if (b.new_interval >= 0) set_interval(id, b.new_interval);
        if (b.pause_self) tasks.pause(c.self);
        if (b.terminate_self) c.terminate();
    }
};

// `ticked`: every frame with time that passes ends with a tick (on_tick), so runs posted for now
// wait for it; otherwise the scheduler is never ticked and they wait for the next advance_to.
void run_random_operations(std::uint64_t seed, int operations, std::int64_t time_unit = 1, bool ticked = false) {
    std::mt19937_64 rng{seed};
    auto roll = [&](std::int64_t lo, std::int64_t hi) {
        return std::uniform_int_distribution<std::int64_t>{lo, hi}(rng);
    };

    model expected;
    subject actual{time_unit};
    std::size_t checked = 0;
    std::uint64_t frame = 0;
    std::uint64_t tick = 0;

    for (int op = 0; op < operations; ++op) {
        const std::int64_t choice = roll(0, 99);
        const bool crowded = expected.tasks.size() > 50;
        // Mostly a live task; sometimes any task ever scheduled, whose handle is likely stale.
        int any_id = -1;
        if (!expected.tasks.empty() && roll(0, 4) != 0) {
            any_id =
                std::next(expected.tasks.begin(), roll(0, static_cast<std::int64_t>(expected.tasks.size()) - 1))->first;
        } else if (actual.next_id > 0) {
            any_id = static_cast<int>(roll(0, actual.next_id - 1));
        }
        std::string what;

        if (choice < (crowded ? 5 : 22)) {
            what = "schedule";
            const bool frame_task = roll(0, 3) == 0;
            const std::int64_t start =
                frame_task ? static_cast<std::int64_t>(frame) + roll(0, 5) : expected.now + roll(-5, 40);
            const std::int64_t interval = roll(0, 9) == 0 ? 0 : (frame_task ? roll(1, 4) : roll(1, 60));
            const std::int64_t duration = roll(0, 2) == 0 ? 0 : roll(1, frame_task ? 30 : 300);
            const int priority = static_cast<int>(roll(-2, 2));
            const std::int64_t clamped = std::max<std::int64_t>(start, 0);
            const int a = actual.schedule(frame_task, clamped, interval, duration, priority, false);
            const int e = expected.schedule(frame_task, clamped, interval, duration, priority, false);
            ASSERT_EQ(a, e);
        } else if (choice < (crowded ? 40 : 32)) {
            what = "terminate";
            if (any_id < 0) continue;
            ASSERT_EQ(actual.tasks.terminate(actual.all.at(any_id).handle), expected.terminate(any_id)) << op;
        } else if (choice < 42) {
            what = "pause";
            if (any_id < 0) continue;
            ASSERT_EQ(actual.tasks.pause(actual.all.at(any_id).handle), expected.pause(any_id)) << op;
        } else if (choice < 52) {
            what = "resume";
            if (any_id < 0) continue;
            ASSERT_EQ(actual.tasks.resume(actual.all.at(any_id).handle), expected.resume(any_id)) << op;
        } else if (choice < 58) {
            what = "set_interval";
            if (any_id < 0) continue;
            const std::int64_t interval = actual.all.at(any_id).frame_task ? roll(0, 4) : roll(0, 60);
            ASSERT_EQ(actual.set_interval(any_id, interval), expected.set_interval(any_id, interval)) << op;
        } else if (choice < 64) {
            what = "set_priority";
            if (any_id < 0) continue;
            const int priority = static_cast<int>(roll(-2, 2));
            ASSERT_EQ(actual.tasks.set_priority(actual.all.at(any_id).handle, priority),
                      expected.set_priority(any_id, priority))
                << op;
        } else {
            // One frame: time moves in uneven steps, or not at all (a paused clock); frames go on.
            what = "advance";
            const std::int64_t step = roll(0, 3) == 0 ? 0 : roll(1, 40);
            actual.tasks.advance_to(nanoseconds{(expected.now + step) * time_unit});
            expected.advance_to(expected.now + step);
            if (ticked && step > 0) {
                actual.tasks.on_tick(++tick);
                expected.on_tick(static_cast<std::int64_t>(tick));
            }
            if (roll(0, 4) != 0) {
                frame += roll(0, 19) == 0 ? 3 : 1;  // sometimes frames are skipped
                actual.tasks.run_frame(frame);
                expected.run_frame(static_cast<std::int64_t>(frame));
            }
        }

        ASSERT_EQ(actual.log.size(), expected.log.size()) << "operation " << op << " (" << what << ")";
        for (; checked < expected.log.size(); ++checked) {
            ASSERT_EQ(actual.log[checked], expected.log[checked])
                << "dispatch " << checked << " after operation " << op << " (" << what << "): scheduler ran "
                << describe(actual.log[checked]) << ", model expected " << describe(expected.log[checked]);
        }
        ASSERT_EQ(actual.tasks.size(), expected.tasks.size()) << "operation " << op;
        if (op % 1000 == 0) {
            for (const auto& [id, t] : expected.tasks) {
                const auto info = actual.tasks.info(actual.all.at(id).handle);
                ASSERT_TRUE(info) << "task " << id;
                const std::int64_t unit = t.frame_task ? 1 : time_unit;
                EXPECT_EQ(info->next_due, t.due * unit) << "task " << id;
                EXPECT_EQ(info->interval, t.interval * unit) << "task " << id;
                EXPECT_EQ(info->priority, t.priority) << "task " << id;
                EXPECT_EQ(info->paused, t.paused) << "task " << id;
                EXPECT_EQ(info->runs, static_cast<std::uint64_t>(t.runs)) << "task " << id;
            }
        }
    }
    // The test is only as good as its coverage: make sure the interesting paths happened.
    EXPECT_GT(expected.log.size(), 100'000u);
    EXPECT_GT(actual.next_id, 5'000);
}

}  // namespace

TEST(SchedulerRandom, HundredThousandOperationsMatchTheReferenceModel) {
    run_random_operations(0x5eed'0001, 100'000);
}

TEST(SchedulerRandom, SecondSeedMatchesTheReferenceModel) {
    run_random_operations(0x5eed'0002, 100'000);
}

TEST(SchedulerRandom, TimeTasksSpreadOverTheWheelMatchTheReferenceModel) {
    // A model unit of 2^18 ns is a quarter of a wheel bucket: many runs share a bucket.
    run_random_operations(0x5eed'0003, 100'000, std::int64_t{1} << 18);
}

TEST(SchedulerRandom, TickedSchedulerHoldsZeroDelayRunsUntilTheTickAndMatchesTheModel) {
    run_random_operations(0x5eed'0005, 100'000, 1, true);
}

TEST(SchedulerRandom, TimeTasksReachingTheFarHeapMatchTheReferenceModel) {
    // 2^23 ns is 8 buckets: a 60-unit interval (480 buckets) lands beyond the wheel.
    run_random_operations(0x5eed'0004, 100'000, std::int64_t{1} << 23);
}

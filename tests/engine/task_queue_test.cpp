// Checks task_queue against a std::set of the same entries: every top and pop must be the set's
// first entry in (due, key) order, through sorted buckets, late pushes, the far heap and compaction.
#include <ticklab/task_queue.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>
#include <tuple>
#include <vector>

using ticklab::task_queue;

namespace {

using entry = task_queue::entry;

struct by_order {
    bool operator()(const entry& a, const entry& b) const { return std::tie(a.due, a.key) < std::tie(b.due, b.key); }
};

void expect_same(const entry& actual, const entry& expected, int op) {
    ASSERT_EQ(actual.due, expected.due) << "operation " << op;
    ASSERT_EQ(actual.key, expected.key) << "operation " << op;
    ASSERT_EQ(actual.slot, expected.slot) << "operation " << op;
}

// `unit` is one bucket's span in due units; dues land in the current bucket (often equal, so that the
// key decides), a few buckets ahead, or beyond the wheel (the far heap).
void run_random_operations(unsigned bucket_shift, std::uint64_t seed, int operations) {
    std::mt19937_64 rng{seed};
    auto roll = [&](std::int64_t lo, std::int64_t hi) {
        return std::uniform_int_distribution<std::int64_t>{lo, hi}(rng);
    };
    const std::int64_t unit = std::int64_t{1} << bucket_shift;
    task_queue q{bucket_shift};
    std::set<entry, by_order> expected;
    std::uint64_t seq = 1;
    std::uint32_t slot = 0;
    std::int64_t now = 0;  // the due of the last entry popped: pushes are never before it, as in the scheduler
    std::size_t sorted_buckets = 0;

    auto make = [&]() {
        std::int64_t due = now;
        const std::int64_t where = roll(0, 9);
        if (where < 4) {
            due += roll(0, 3) * (unit / 4 + 1);  // the current bucket or the next, few distinct dues
        } else if (where < 9) {
            due += roll(0, 8 * unit);  // the wheel
        } else {
            due += roll(300, 600) * unit;  // beyond the wheel: the far heap
        }
        return entry{.due = due, .key = task_queue::make_key(static_cast<int>(roll(-2, 2)), seq++), .slot = slot++};
    };

    for (int op = 0; op < operations; ++op) {
        // The queue grows by about 0.15 entries per operation; a compaction every ~5,000 operations
        // keeps it near 2,000 entries, a few hundred per bucket.
        const std::int64_t choice = roll(0, 9999);
        if (choice < 4500 || expected.size() < 50) {
            const entry e = make();
            q.push(e);
            expected.insert(e);
        } else if (choice < 7500) {
            const std::uint64_t pours = q.pours();
            expect_same(q.top(), *expected.begin(), op);
            if (q.pours() != pours) sorted_buckets += q.near_entries().size() >= 64 ? 1 : 0;
            const entry popped = q.pop();
            expect_same(popped, *expected.begin(), op);
            expected.erase(expected.begin());
            now = popped.due;
        } else if (choice < 9998) {
            // A periodic task re-queued after its run, as the scheduler does.
            expect_same(q.top(), *expected.begin(), op);
            now = q.top().due;
            expected.erase(expected.begin());
            const entry e = make();
            q.replace_top(e);
            expected.insert(e);
        } else {
            const std::uint64_t modulus = static_cast<std::uint64_t>(roll(2, 5));
            auto dead = [modulus](const entry& e) { return e.slot % modulus == 0; };
            std::size_t removed = 0;
            for (auto it = expected.begin(); it != expected.end();) {
                if (dead(*it)) {
                    it = expected.erase(it);
                    ++removed;
                } else {
                    ++it;
                }
            }
            ASSERT_EQ(q.remove_if(dead), removed) << "operation " << op;
        }
        ASSERT_EQ(q.size(), expected.size()) << "operation " << op;
    }
    while (!expected.empty()) {
        expect_same(q.pop(), *expected.begin(), operations);
        expected.erase(expected.begin());
    }
    EXPECT_TRUE(q.empty());
    // Only as good as its coverage: buckets big enough for the radix sort must have come up.
    EXPECT_GT(sorted_buckets, 10u);
}

}  // namespace

TEST(TaskQueue, TimeBucketsPopInDueThenKeyOrder) {
    run_random_operations(20, 0x7a5c'0001, 200'000);
}

TEST(TaskQueue, CountBucketsPopInDueThenKeyOrder) {
    run_random_operations(0, 0x7a5c'0002, 200'000);
}

TEST(TaskQueue, EqualDuesInABigBucketComeOutByKey) {
    // Pushed out of key order (priorities mixed, then a far entry that reaches the wheel late):
    // the radix sort alone, being stable, would keep push order among equal dues.
    task_queue q{20};
    std::vector<entry> expected;
    std::uint64_t seq = 1;
    for (std::uint32_t i = 0; i < 500; ++i) {
        const entry e{
            .due = (5 << 20) + (i % 7) * 1000, .key = task_queue::make_key(static_cast<int>(i % 3), seq++), .slot = i};
        q.push(e);
        expected.push_back(e);
    }
    std::sort(expected.begin(), expected.end(), by_order{});
    for (const entry& e : expected) {
        const entry popped = q.pop();
        ASSERT_EQ(popped.due, e.due);
        ASSERT_EQ(popped.key, e.key);
    }
}

#pragma once
// The scheduler's priority queue: a 4-ary min-heap of (due, order key, slot) entries.
//
// Usage: internal to ticklab::scheduler (public only because the scheduler holds it by value).
//
//   ticklab::task_queue q;
//   q.push({.due = 5, .key = ticklab::task_queue::make_key(0, 1), .slot = 3});
//   ticklab::task_queue::entry first = q.pop();
//
// Why a heap: push and pop are O(log n) with a small constant (4 children share a cache line or
// two, so a 100,000-entry heap is about 9 levels deep). Removal is lazy: the scheduler marks an
// entry stale instead of searching for it, skips stale entries as they reach the top, and calls
// `remove_if` to compact when stale entries outnumber live ones.
//
// Order: by due, then by key. The key packs (max_priority - priority) above a 52-bit sequence
// number, so at equal due time a higher priority comes first and, at equal priority, the entry
// pushed first (FIFO). 2^52 pushes is 14 years at 10 million pushes a second.

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace ticklab {

inline constexpr int min_priority = -1000;
inline constexpr int max_priority = 1000;

class task_queue {
public:
    static constexpr int seq_bits = 52;
    static constexpr std::uint64_t seq_mask = (std::uint64_t{1} << seq_bits) - 1;

    struct entry {
        std::int64_t due = 0;   // nanoseconds for time tasks, a count for the others
        std::uint64_t key = 0;  // see make_key
        std::uint32_t slot = 0;
    };

    [[nodiscard]] static constexpr std::uint64_t make_key(int priority, std::uint64_t seq) noexcept {
        return (static_cast<std::uint64_t>(max_priority - priority) << seq_bits) | (seq & seq_mask);
    }
    [[nodiscard]] static constexpr std::uint64_t seq_of(std::uint64_t key) noexcept { return key & seq_mask; }

    [[nodiscard]] bool empty() const noexcept { return heap_.empty(); }
    [[nodiscard]] std::size_t size() const noexcept { return heap_.size(); }
    [[nodiscard]] const entry& top() const noexcept { return heap_.front(); }

    void push(const entry& e) {
        heap_.push_back(e);
        sift_up(heap_.size() - 1);
    }

    entry pop() noexcept {
        const entry first = heap_.front();
        const entry last = heap_.back();
        heap_.pop_back();
        if (!heap_.empty()) sift_down(0, last);
        return first;
    }

    // Drops every entry `dead(entry)` says is dead and restores the heap in O(n).
    template <typename Predicate>
    std::size_t remove_if(Predicate dead) {
        std::size_t kept = 0;
        for (const entry& e : heap_) {
            if (!dead(e)) heap_[kept++] = e;
        }
        const std::size_t removed = heap_.size() - kept;
        heap_.resize(kept);
        if (heap_.size() > 1) {
            for (std::size_t i = (heap_.size() - 2) / arity + 1; i-- > 0;) sift_down(i, heap_[i]);
        }
        return removed;
    }

    // Replaces the top entry by `e` (one sift-down: cheaper than pop() then push()).
    void replace_top(const entry& e) noexcept { sift_down(0, e); }

    void clear() noexcept { heap_.clear(); }

private:
    static constexpr std::size_t arity = 4;

    // Branch-free on purpose: which child wins is unpredictable, and mispredictions were the main
    // cost of a sift-down.
    [[nodiscard]] static bool before(const entry& a, const entry& b) noexcept {
        return a.due < b.due || (a.due == b.due && a.key < b.key);
    }

    void sift_up(std::size_t i) noexcept {
        const entry moving = heap_[i];
        while (i > 0) {
            const std::size_t parent = (i - 1) / arity;
            if (!before(moving, heap_[parent])) break;
            heap_[i] = heap_[parent];
            i = parent;
        }
        heap_[i] = moving;
    }

    // Places `moving` at hole `i` or below it.
    void sift_down(std::size_t i, const entry moving) noexcept {
        const std::size_t n = heap_.size();
        for (;;) {
            const std::size_t first = i * arity + 1;
            if (first >= n) break;
            std::size_t best = first;
            const std::size_t end = first + arity < n ? first + arity : n;
            for (std::size_t c = first + 1; c < end; ++c) {
                if (before(heap_[c], heap_[best])) best = c;
            }
            if (!before(heap_[best], moving)) break;
            heap_[i] = heap_[best];
            i = best;
        }
        heap_[i] = moving;
    }

    std::vector<entry> heap_;
};

}  // namespace ticklab

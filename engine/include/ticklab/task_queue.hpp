#pragma once
// The scheduler's priority queue: a timing wheel in front of a 4-ary min-heap of (due, order key,
// slot) entries.
//
// Usage: internal to ticklab::scheduler (public only because the scheduler holds it by value).
//
//   ticklab::task_queue q{20};  // buckets of 2^20 due units (about 1 ms of nanoseconds)
//   q.push({.due = 5, .key = ticklab::task_queue::make_key(0, 1), .slot = 3});
//   ticklab::task_queue::entry first = q.pop();
//
// Why a wheel in front of a heap: with 100,000 periodic tasks a single heap is about 9 levels deep
// and every re-key walks them through cache misses. Here only the entries of the current bucket
// (due >> bucket_shift == cursor) sit in the small "near" heap, which stays in the L1 cache; the
// next `wheel_size - 1` buckets are plain arrays (a push is an append), and anything further goes
// to a "far" heap that is rarely touched. When the near heap runs dry the cursor moves to the next
// bucket and pours it in. The order is exactly the heap's: entries with equal due share a bucket.
// Removal is lazy: the scheduler marks an entry stale instead of searching for it, skips stale
// entries as they reach the top, and calls `remove_if` to compact when stale entries outnumber
// live ones. No allocation once the arrays have grown to their working size.
//
// Order: by due, then by key. The key packs (max_priority - priority) above a 52-bit sequence
// number, so at equal due time a higher priority comes first and, at equal priority, the entry
// pushed first (FIFO). 2^52 pushes is 14 years at 10 million pushes a second.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace ticklab {

inline constexpr int min_priority = -1000;
inline constexpr int max_priority = 1000;

class task_queue {
public:
    static constexpr int seq_bits = 52;
    static constexpr std::uint64_t seq_mask = (std::uint64_t{1} << seq_bits) - 1;
    static constexpr std::size_t wheel_size = 256;  // buckets, a power of two

    struct entry {
        std::int64_t due = 0;   // nanoseconds for time tasks, a count for the others; >= 0
        std::uint64_t key = 0;  // see make_key
        std::uint32_t slot = 0;
    };

    // `bucket_shift`: a bucket spans 2^bucket_shift due units; 0 (counts) makes each count a bucket.
    explicit task_queue(unsigned bucket_shift = 0) noexcept : shift_{bucket_shift} {}

    [[nodiscard]] static constexpr std::uint64_t make_key(int priority, std::uint64_t seq) noexcept {
        return (static_cast<std::uint64_t>(max_priority - priority) << seq_bits) | (seq & seq_mask);
    }
    [[nodiscard]] static constexpr std::uint64_t seq_of(std::uint64_t key) noexcept { return key & seq_mask; }

    [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
    [[nodiscard]] std::size_t size() const noexcept { return size_; }
    // The first entry in order. Not empty() required. Logically const: it may move the cursor and
    // pour a bucket into the near heap, which changes no entry's order.
    [[nodiscard]] const entry& top() const {
        settle();
        return near_.front();
    }

    void push(const entry& e) {
        ++size_;
        place(e);
    }

    entry pop() {
        settle();
        --size_;
        return near_.pop();
    }

    // Replaces the top entry by `e` (cheaper than pop() then push()).
    void replace_top(const entry& e) {
        settle();
        if (bucket_of(e) <= cursor_) {
            near_.replace_top(e);
        } else {
            near_.pop();
            place(e);
        }
    }

    // Drops every entry `dead(entry)` says is dead, in O(n).
    template <typename Predicate>
    std::size_t remove_if(Predicate dead) {
        std::size_t removed = near_.remove_if(dead) + far_.remove_if(dead);
        for (std::vector<entry>& bucket : wheel_) {
            const auto end = std::remove_if(bucket.begin(), bucket.end(), dead);
            const auto n = static_cast<std::size_t>(bucket.end() - end);
            bucket.erase(end, bucket.end());
            wheel_count_ -= n;
            removed += n;
        }
        size_ -= removed;
        return removed;
    }

    // Counts the buckets poured into the near heap so far, and the near heap's entries in no
    // particular order: a caller that sees the count change can prefetch what the new bucket's
    // entries point at, thousands of runs before they are dispatched.
    [[nodiscard]] std::uint64_t pours() const noexcept { return pours_; }
    [[nodiscard]] std::span<const entry> near_entries() const noexcept { return near_.entries(); }

    void clear() noexcept {
        near_.clear();
        far_.clear();
        for (std::vector<entry>& bucket : wheel_) bucket.clear();
        size_ = 0;
        wheel_count_ = 0;
    }

private:
    // A 4-ary min-heap: 4 children share a cache line or two.
    class min_heap {
    public:
        [[nodiscard]] bool empty() const noexcept { return heap_.empty(); }
        [[nodiscard]] std::size_t size() const noexcept { return heap_.size(); }
        [[nodiscard]] const entry& front() const noexcept { return heap_.front(); }
        [[nodiscard]] std::span<const entry> entries() const noexcept { return heap_; }
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
        void replace_top(const entry& e) noexcept { sift_down(0, e); }
        template <typename Predicate>
        std::size_t remove_if(Predicate dead) {
            const auto end = std::remove_if(heap_.begin(), heap_.end(), dead);
            const auto removed = static_cast<std::size_t>(heap_.end() - end);
            heap_.erase(end, heap_.end());
            if (heap_.size() > 1) {
                for (std::size_t i = (heap_.size() - 2) / arity + 1; i-- > 0;) sift_down(i, heap_[i]);
            }
            return removed;
        }
        void clear() noexcept { heap_.clear(); }

    private:
        static constexpr std::size_t arity = 4;

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

    // Branch-free on purpose: which child wins is unpredictable, and mispredictions were the main
    // cost of a sift-down.
    [[nodiscard]] static bool before(const entry& a, const entry& b) noexcept {
        return a.due < b.due || (a.due == b.due && a.key < b.key);
    }

    [[nodiscard]] std::int64_t bucket_of(const entry& e) const noexcept { return e.due >> shift_; }

    // Invariant: near_ holds every entry of bucket <= cursor_, wheel_ those of (cursor_, cursor_ +
    // wheel_size), far_ the rest.
    void place(const entry& e) const {
        const std::int64_t b = bucket_of(e);
        if (b <= cursor_) {
            near_.push(e);
        } else if (b - cursor_ < static_cast<std::int64_t>(wheel_size)) {
            wheel_[static_cast<std::size_t>(b) & (wheel_size - 1)].push_back(e);
            ++wheel_count_;
        } else {
            far_.push(e);
        }
    }

    // Moves the cursor until the near heap holds the first entry (no-op when it is not empty).
    void settle() const {
        while (near_.empty() && size_ > 0) {
            if (wheel_count_ == 0) cursor_ = std::max(cursor_, bucket_of(far_.front()) - 1);  // skip empty turns
            ++cursor_;
            std::vector<entry>& bucket = wheel_[static_cast<std::size_t>(cursor_) & (wheel_size - 1)];
            wheel_count_ -= bucket.size();
            // Capacity is reserved by earlier turns; pushes here do not allocate in steady state.
            for (const entry& e : bucket) near_.push(e);
            bucket.clear();
            ++pours_;
            // The far heap's entries that the wheel now reaches.
            while (!far_.empty() && bucket_of(far_.front()) - cursor_ < static_cast<std::int64_t>(wheel_size)) {
                place(far_.pop());
            }
        }
    }

    unsigned shift_;
    std::size_t size_ = 0;
    mutable std::int64_t cursor_ = -1;  // the near heap's bucket; due >= 0, so bucket 0 is ahead
    mutable std::size_t wheel_count_ = 0;
    mutable std::uint64_t pours_ = 0;
    mutable min_heap near_;
    mutable min_heap far_;
    mutable std::array<std::vector<entry>, wheel_size> wheel_;
};

}  // namespace ticklab

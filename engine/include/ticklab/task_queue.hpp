#pragma once
// The scheduler's priority queue of (due, order key, slot) entries: a timing wheel whose current
// bucket is sorted when the wheel reaches it, with 4-ary min-heaps for late arrivals and far dues.
//
// Usage: internal to ticklab::scheduler (public only because the scheduler holds it by value).
//
//   ticklab::task_queue q{20};  // buckets of 2^20 due units (about 1 ms of nanoseconds)
//   q.push({.due = 5, .key = ticklab::task_queue::make_key(0, 1), .slot = 3});
//   ticklab::task_queue::entry first = q.pop();
//
// Why a wheel: with 100,000 periodic tasks a single heap is about 9 levels deep and every re-key
// walks them through cache misses. Here the next `wheel_size - 1` buckets are plain arrays (a push
// is an append) and anything further goes to a "far" heap that is rarely touched. When the current
// bucket runs dry the cursor moves to the next one and sorts it once (a radix sort on the due's
// offset in the bucket, O(n)); a pop is then a step along that sorted run, where a heap pop was a
// sift-down through ~6 levels. Entries pushed into the current bucket after it was sorted (a run
// due within the call being dispatched) go to a small "late" heap, and the top is the smaller of
// the two fronts, so the order is exactly one heap's would be: entries with equal due share a
// bucket. The sorted run also says which entries come next, so the scheduler prefetches their
// task slots a few runs ahead (`near_entries`).
// Removal is lazy: the scheduler marks an entry stale instead of searching for it, skips stale
// entries as they reach the top, and calls `remove_if` to compact when stale entries outnumber
// live ones. No allocation once the arrays have grown to their working size (the sorted run, the
// radix sort's buffer and the bucket arrays swap buffers, never free them).
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
    // sort a bucket, which changes no entry's order.
    [[nodiscard]] const entry& top() const {
        settle();
        return top_is_late() ? late_.front() : sorted_[head_];
    }

    void push(const entry& e) {
        ++size_;
        place(e.due, e.key, e.slot);
    }

    entry pop() {
        settle();
        --size_;
        if (top_is_late()) return late_.pop();
        return sorted_[head_++];
    }

    // Replaces the top entry by `e` (cheaper than pop() then push()).
    void replace_top(const entry& e) {
        settle();
        if (bucket_of(e) > cursor_) {
            --size_;
            if (top_is_late()) {
                late_.pop();
            } else {
                ++head_;
            }
            push(e);
        } else if (top_is_late()) {
            late_.replace_top(e);
        } else {
            ++head_;
            late_.push(e);
        }
    }

    // Drops every entry `dead(entry)` says is dead, in O(n).
    template <typename Predicate>
    std::size_t remove_if(Predicate dead) {
        sorted_.erase(sorted_.begin(), sorted_.begin() + static_cast<std::ptrdiff_t>(head_));
        head_ = 0;
        const auto sorted_end = std::remove_if(sorted_.begin(), sorted_.end(), dead);  // stable: stays sorted
        std::size_t removed = static_cast<std::size_t>(sorted_.end() - sorted_end);
        sorted_.erase(sorted_end, sorted_.end());
        removed += late_.remove_if(dead) + far_.remove_if(dead);
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

    // Counts the buckets sorted so far, and the current bucket's sorted entries still to come, in
    // order: a caller that sees the count change can prefetch what they point at, long before
    // they are dispatched.
    [[nodiscard]] std::uint64_t pours() const noexcept { return pours_; }
    [[nodiscard]] std::span<const entry> near_entries() const noexcept {
        return std::span<const entry>{sorted_}.subspan(head_);
    }

    void clear() noexcept {
        sorted_.clear();
        head_ = 0;
        late_.clear();
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

    // Whether the first entry is the late heap's (else the sorted run's). Near must not be empty.
    [[nodiscard]] bool top_is_late() const noexcept {
        if (late_.empty()) return false;
        return head_ == sorted_.size() || before(late_.front(), sorted_[head_]);
    }
    [[nodiscard]] bool near_empty() const noexcept { return head_ == sorted_.size() && late_.empty(); }

    // Invariant: sorted_[head_..] and late_ hold every entry of bucket <= cursor_, wheel_ those of
    // (cursor_, cursor_ + wheel_size), far_ the rest.
    // Takes the fields, not an entry: an entry the caller has just built on the stack with 8-byte
    // stores and read back here with one 16-byte load defeats store forwarding, which stalled every
    // re-queue (perf put half of this function on that copy).
    void place(std::int64_t due, std::uint64_t key, std::uint32_t slot) const {
        const std::int64_t b = due >> shift_;
        if (b <= cursor_) {
            late_.push({.due = due, .key = key, .slot = slot});
        } else if (b - cursor_ < static_cast<std::int64_t>(wheel_size)) {
            wheel_[static_cast<std::size_t>(b) & (wheel_size - 1)].push_back({.due = due, .key = key, .slot = slot});
            ++wheel_count_;
        } else {
            far_.push({.due = due, .key = key, .slot = slot});
        }
    }

    // Moves the cursor until near holds the first entry (no-op when it is not empty).
    void settle() const {
        while (near_empty() && size_ > 0) {
            if (wheel_count_ == 0) cursor_ = std::max(cursor_, bucket_of(far_.front()) - 1);  // skip empty turns
            ++cursor_;
            // The far heap's entries that the wheel now reaches, this bucket's included (far entries
            // are never behind the cursor: it moves one bucket at a time or jumps to the far front).
            while (!far_.empty() && bucket_of(far_.front()) - cursor_ < static_cast<std::int64_t>(wheel_size)) {
                const entry e = far_.pop();
                wheel_[static_cast<std::size_t>(bucket_of(e)) & (wheel_size - 1)].push_back(e);
                ++wheel_count_;
            }
            std::vector<entry>& bucket = wheel_[static_cast<std::size_t>(cursor_) & (wheel_size - 1)];
            wheel_count_ -= bucket.size();
            // The swap hands the old run's capacity to the bucket: once every vector has grown to
            // its working size, nothing here allocates.
            sorted_.clear();
            sorted_.swap(bucket);
            head_ = 0;
            sort_run();
            ++pours_;
        }
    }

    // Sorts sorted_ (one bucket's entries) by (due, key): a stable LSD radix sort on the due's
    // offset within the bucket, then each run of equal due, already in push order and so usually in
    // key order, is checked and sorted by key only when it is not.
    void sort_run() const {
        std::vector<entry>& v = sorted_;
        const std::size_t n = v.size();
        if (n < radix_min) {
            // A lambda, not `before` itself: a function pointer would not be inlined into the sort.
            const auto in_order = [](const entry& a, const entry& b) { return before(a, b); };
            if (!std::is_sorted(v.begin(), v.end(), in_order)) std::sort(v.begin(), v.end(), in_order);
            return;
        }
        const auto by_due = [](const entry& a, const entry& b) { return a.due < b.due; };
        if (shift_ > 0 && !std::is_sorted(v.begin(), v.end(), by_due)) {
            const unsigned passes = (shift_ + radix_bits - 1) / radix_bits;
            const unsigned bits = (shift_ + passes - 1) / passes;
            const std::uint64_t mask = (std::uint64_t{1} << bits) - 1;
            scratch_.resize(n);
            for (unsigned pass = 0; pass < passes; ++pass) {
                const unsigned shift = pass * bits;
                std::array<std::uint32_t, (1u << radix_bits) + 1> start{};
                for (const entry& e : v) ++start[((static_cast<std::uint64_t>(e.due) >> shift) & mask) + 1];
                for (std::size_t d = 1; d <= mask + 1; ++d) start[d] += start[d - 1];
                for (const entry& e : v) scratch_[start[(static_cast<std::uint64_t>(e.due) >> shift) & mask]++] = e;
                v.swap(scratch_);
            }
        }
        for (std::size_t i = 0; i < n;) {
            std::size_t j = i + 1;
            while (j < n && v[j].due == v[i].due) ++j;
            if (j - i > 1) {
                const auto by_key = [](const entry& a, const entry& b) { return a.key < b.key; };
                const auto first = v.begin() + static_cast<std::ptrdiff_t>(i);
                const auto last = v.begin() + static_cast<std::ptrdiff_t>(j);
                if (!std::is_sorted(first, last, by_key)) std::sort(first, last, by_key);
            }
            i = j;
        }
    }

    static constexpr std::size_t radix_min = 64;  // below this a comparison sort is cheaper
    static constexpr unsigned radix_bits = 11;    // at most 2^11 counters per pass (8 KB)

    unsigned shift_;
    std::size_t size_ = 0;
    mutable std::int64_t cursor_ = -1;  // the current bucket; due >= 0, so bucket 0 is ahead
    mutable std::size_t wheel_count_ = 0;
    mutable std::uint64_t pours_ = 0;
    mutable std::vector<entry> sorted_;  // the current bucket, sorted; [0, head_) already popped
    mutable std::size_t head_ = 0;
    mutable min_heap late_;  // entries placed at or before the cursor after its bucket was sorted
    mutable min_heap far_;
    mutable std::array<std::vector<entry>, wheel_size> wheel_;
    mutable std::vector<entry> scratch_;  // the radix sort's other buffer
};

}  // namespace ticklab

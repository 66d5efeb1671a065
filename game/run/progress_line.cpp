#include "run/progress_line.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

namespace ticklab::game {

namespace {

// 1234567 -> "1,234,567": a long count read at a glance.
std::string grouped(std::uint64_t value) {
    std::string digits = std::to_string(value);
    for (std::size_t at = digits.size(); at > 3; at -= 3) digits.insert(at - 3, ",");
    return digits;
}

std::string percent(std::uint64_t done, std::uint64_t of) {
    if (of == 0) return "100%";
    const double share = std::min(1.0, static_cast<double>(done) / static_cast<double>(of));
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "%.0f%%", std::floor(share * 100.0));
    return buffer;
}

}  // namespace

progress_line::progress_line(std::function<void(std::string_view)> write, const ticklab::time_source& wall, goal to)
    : write_{std::move(write)}, wall_{&wall}, goal_{to}, start_{wall.now()}, next_{start_ + first_after} {}

bool progress_line::wanted(int fd) {
    return ::isatty(fd) == 1;
}

std::string progress_line::text(goal to, std::uint64_t frames, std::uint64_t ticks, double seconds) {
    std::string out = "ticklab: ";
    if (to.ticks) {
        out += grouped(ticks) + " of " + grouped(*to.ticks) + " ticks (" + percent(ticks, *to.ticks) + "), frame " +
               grouped(frames);
    } else {
        out += "frame " + grouped(frames) + " of " + grouped(to.frames) + " (" + percent(frames, to.frames) + "), " +
               grouped(ticks) + " ticks";
    }
    out += ", " + std::to_string(static_cast<std::uint64_t>(seconds)) + " s";
    return out;
}

void progress_line::update(std::uint64_t frames, std::uint64_t ticks) {
    const ticklab::nanoseconds now = wall_->now();
    if (now < next_) return;
    next_ = now + every;
    std::string line = text(goal_, frames, ticks, ticklab::to_seconds(now - start_));
    const std::size_t length = line.size();
    // Spaces over what a longer line before left, then back to the start: no terminal escapes needed.
    if (length < shown_) line.append(shown_ - length, ' ');
    write_("\r" + line + "\r");
    shown_ = length;
}

void progress_line::clear() {
    if (shown_ == 0) return;
    write_("\r" + std::string(shown_, ' ') + "\r");
    shown_ = 0;
}

}  // namespace ticklab::game

#include "run/report.hpp"

#include "io/output_file.hpp"

#include <sys/resource.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

namespace ticklab::game {

namespace {

std::string json_number(double value) {
    if (!std::isfinite(value)) return "null";
    char buffer[64];
    // Shortest text that reads back as the same double.
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return {buffer, result.ptr};
}

std::string hex64(std::uint64_t value) {
    char buffer[24];
    std::snprintf(buffer, sizeof buffer, "\"0x%016llx\"", static_cast<unsigned long long>(value));
    return buffer;
}

// User plus system CPU seconds of this process so far (all threads).
double process_cpu_seconds() {
    rusage usage{};
    if (::getrusage(RUSAGE_SELF, &usage) != 0) return std::numeric_limits<double>::quiet_NaN();
    const auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec * 1e-6; };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

}  // namespace

std::string json_string(std::string_view value) {
    std::string out{'"'};
    for (const char ch : value) {
        const auto byte = static_cast<unsigned char>(ch);
        switch (ch) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            case '\b':
                out += "\\b";
                break;
            case '\f':
                out += "\\f";
                break;
            default:
                if (byte < 0x20) {
                    char escaped[8];
                    std::snprintf(escaped, sizeof escaped, "\\u%04x", byte);
                    out += escaped;
                } else {
                    out += ch;
                }
        }
    }
    out += '"';
    return out;
}

std::string report_json(const session& s, double real_time_s) {
    const ticklab::fixed_loop& loop = s.loop();
    const ticklab::frame_stats& stats = loop.stats();
    std::vector<report_field> fields{
        {"scene", json_string(s.current_entry().name)},
        {"tick_rate", std::to_string(loop.tick_rate())},
        {"max_loops", std::to_string(loop.max_loops())},
        {"time_scale", json_number(loop.clock().time_scale())},
        {"paused", loop.clock().paused() ? "true" : "false"},
        {"frames", std::to_string(stats.frame_index)},
        {"ticks", std::to_string(loop.ticks())},
        {"virtual_time_s", json_number(ticklab::to_seconds(loop.virtual_now()))},
        {"real_time_s", json_number(real_time_s)},
        {"dropped_time_s", json_number(ticklab::to_seconds(stats.total_dropped))},
        {"max_ticks_per_frame", std::to_string(stats.max_ticks_per_frame)},
        {"state_hash", hex64(s.state_hash())},
        // Real-time costs, measured from outside the simulation (null when a phase never ran).
        {"tick_ms_mean", json_number(s.timings().tick.mean_ms())},
        {"tick_ms_p99", json_number(s.timings().tick.p99_ms())},
        {"frame_ms_mean", json_number(s.timings().frame.mean_ms())},
        {"frame_ms_p99", json_number(s.timings().frame.p99_ms())},
        {"render_ms_mean", json_number(s.timings().render.mean_ms())},
        {"render_ms_p99", json_number(s.timings().render.p99_ms())},
        {"cpu_s", json_number(process_cpu_seconds())},
    };
    s.current_scene().report_fields(fields);
    std::string out{'{'};
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i > 0) out += ", ";
        out += json_string(fields[i].key);
        out += ": ";
        out += fields[i].json_value;
    }
    out += '}';
    return out;
}

std::string write_report(const std::string& path, const session& s, double real_time_s) {
    return write_text_atomically(path, report_json(s, real_time_s) + "\n");
}

}  // namespace ticklab::game

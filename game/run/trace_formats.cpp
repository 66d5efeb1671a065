#include "run/trace_formats.hpp"

#include "io/output_file.hpp"
#include "run/run_settings.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <filesystem>

namespace ticklab::game {

namespace {

using ordered_json = nlohmann::ordered_json;

constexpr int frames_tid = 1;
constexpr int ticks_tid = 2;
constexpr int dropped_tid = 3;
constexpr int first_task_tid = 4;

double us(std::int64_t ns) {
    return static_cast<double>(ns) / 1e3;
}
double ms(std::int64_t ns) {
    return static_cast<double>(ns) / 1e6;
}
double seconds(std::int64_t ns) {
    return static_cast<double>(ns) / 1e9;
}

// Shortest text that reads back as the same double.
void append_number(std::string& out, double value) {
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    out.append(buffer, result.ptr);
}

ordered_json complete(const char* category, std::string name, int tid, std::int64_t start_ns, std::int64_t length_ns,
                      ordered_json args) {
    ordered_json event = ordered_json::object();
    event["name"] = std::move(name);
    event["cat"] = category;
    event["ph"] = "X";
    event["ts"] = us(start_ns);
    event["dur"] = us(std::max<std::int64_t>(0, length_ns));
    event["pid"] = 1;
    event["tid"] = tid;
    event["args"] = std::move(args);
    return event;
}

ordered_json counter(const char* name, std::int64_t at_ns, ordered_json args) {
    ordered_json event = ordered_json::object();
    event["name"] = name;
    event["ph"] = "C";
    event["ts"] = us(at_ns);
    event["pid"] = 1;
    event["args"] = std::move(args);
    return event;
}

ordered_json metadata(const char* what, int tid, ordered_json args) {
    ordered_json event = ordered_json::object();
    event["name"] = what;
    event["ph"] = "M";
    event["pid"] = 1;
    event["tid"] = tid;
    event["args"] = std::move(args);
    return event;
}

// The traceEvents array, one event a line (readable and diffable), each encoded by nlohmann as
// it is made: the events are never held all at once.
class event_writer {
public:
    explicit event_writer(std::string& out) : out_{out} {}
    void push_back(const ordered_json& event) {
        out_ += first_ ? "\n" : ",\n";
        first_ = false;
        out_ += event.dump(-1, ' ', false, ordered_json::error_handler_t::replace);
    }

private:
    std::string& out_;
    bool first_ = true;
};

void name_thread(event_writer& events, int tid, const std::string& name) {
    events.push_back(metadata("thread_name", tid, {{"name", name}}));
    events.push_back(metadata("thread_sort_index", tid, {{"sort_index", tid}}));
}

}  // namespace

trace_format trace_format_of(const std::string& path) {
    std::string extension = std::filesystem::path{path}.extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    return extension == ".json" ? trace_format::chrome_json : trace_format::csv;
}

std::string check_trace_path(const std::string& path) {
    if (path == "-") return "--trace '-' is not allowed: give a file path (.json for Perfetto, else CSV)";
    if (std::string error = check_output_path(path); !error.empty()) return "--trace: " + error;
    return {};
}

std::string trace_csv(const trace_recorder& trace) {
    std::string out = "# format=" + std::string{csv_trace_format} + "\n";
    out += settings_comment_lines(trace.settings());
    out += settings_comment_lines(trace.settings_at_end(), "at_end.");
    for (const trace_mark& m : trace.marks()) {
        out += "# mark=" + std::to_string(m.frame) + ',';
        append_number(out, seconds(m.reading_ns));
        out += ',' + m.what + '\n';
    }
    out += csv_trace_columns;
    out += '\n';
    out.reserve(out.size() + trace.frames().size() * 72);
    for (const trace_frame& f : trace.frames()) {
        out += std::to_string(f.frame);
        out += ',';
        append_number(out, seconds(f.reading_ns));
        out += ',';
        append_number(out, ms(f.real_ns));
        out += ',';
        out += std::to_string(f.ticks);
        out += ',';
        append_number(out, f.alpha);
        out += ',';
        append_number(out, ms(f.dropped_ns));
        out += ',';
        append_number(out, ms(f.debt_ns));
        out += ',';
        append_number(out, seconds(f.virtual_ns));
        out += f.paused ? ",1\n" : ",0\n";
    }
    return out;
}

std::string trace_chrome_json(const trace_recorder& trace) {
    const std::vector<trace_frame>& frames = trace.frames();
    std::string out = "{\"traceEvents\": [";
    event_writer events{out};
    events.push_back(metadata("process_name", 0, {{"name", "ticklab " + trace.scene()}}));
    name_thread(events, frames_tid, "frames");
    name_thread(events, ticks_tid, "ticks");
    name_thread(events, dropped_tid, "dropped");
    for (std::size_t t = 0; t < trace.tasks().size(); ++t) {
        const trace_task& task = trace.tasks()[t];
        name_thread(events, first_task_tid + static_cast<int>(t),
                    "task: " + task.name + " (" + ticklab::to_string(task.kind) + ")");
    }

    for (std::size_t i = 0; i < frames.size(); ++i) {
        const trace_frame& f = frames[i];
        const std::int64_t length = f.real_ns;
        events.push_back(complete("frame", "frame " + std::to_string(f.frame), frames_tid, f.reading_ns, length,
                                  {{"frame", f.frame},
                                   {"real_ms", ms(f.real_ns)},
                                   {"ticks", f.ticks},
                                   {"alpha", f.alpha},
                                   {"dropped_ms", ms(f.dropped_ns)},
                                   {"debt_ms", ms(f.debt_ns)},
                                   {"virtual_s", seconds(f.virtual_ns)},
                                   {"paused", f.paused}}));
        if (f.ticks > 0) {
            events.push_back(complete("tick", f.ticks == 1 ? "1 tick" : std::to_string(f.ticks) + " ticks", ticks_tid,
                                      f.reading_ns, std::min(f.tick_cost_ns, length),
                                      {{"count", f.ticks},
                                       {"first", f.first_tick},
                                       {"last", f.first_tick + f.ticks - 1},
                                       {"cost_ms", ms(f.tick_cost_ns)}}));
        }
        if (f.dropped_ns > 0) {
            const double real_dropped = static_cast<double>(f.dropped_ns) / std::max(f.time_scale, 1e-9);
            events.push_back(complete("drop", "dropped", dropped_tid, f.reading_ns,
                                      std::min(static_cast<std::int64_t>(std::llround(real_dropped)), length),
                                      {{"dropped_ms", ms(f.dropped_ns)}}));
        }
        // One counter, one series per argument: Perfetto names each "loop alpha", "loop ticks", ...
        // (a counter named as its one argument showed as "alpha alpha").
        events.push_back(counter(
            "loop", f.reading_ns,
            {{"alpha", f.alpha}, {"ticks", f.ticks}, {"dropped_ms", ms(f.dropped_ns)}, {"debt_ms", ms(f.debt_ns)}}));
        ordered_json skips = ordered_json::object();
        const std::int64_t frame_end = f.reading_ns + length;
        for (std::uint32_t r = f.first_task; r < f.first_task + f.task_count; ++r) {
            const trace_task_run& run = trace.task_runs()[r];
            const trace_task& task = trace.tasks()[run.task];
            if (run.skipped) {
                const std::uint64_t so_far = skips.contains(task.name) ? skips[task.name].get<std::uint64_t>() : 0;
                skips[task.name] = so_far + 1;
                continue;
            }
            const std::int64_t start = std::min(f.reading_ns + run.offset_ns, frame_end);
            events.push_back(complete("task", task.name, first_task_tid + static_cast<int>(run.task), start,
                                      std::min(run.cost_ns, frame_end - start), {{"cost_ms", ms(run.cost_ns)}}));
        }
        if (!skips.empty()) events.push_back(counter("task skips", f.reading_ns, std::move(skips)));
    }

    // A pause, a resume or a change of settings: a line across the whole trace at its frame.
    for (const trace_mark& m : trace.marks()) {
        ordered_json event = ordered_json::object();
        event["name"] = m.what;
        event["cat"] = "mark";
        event["ph"] = "i";
        event["s"] = "g";
        event["ts"] = us(m.reading_ns);
        event["pid"] = 1;
        event["tid"] = frames_tid;
        event["args"] = {{"frame", m.frame}};
        events.push_back(event);
    }

    ordered_json other = trace.settings();
    if (!other.contains("program")) other["program"] = "ticklab " TICKLAB_VERSION;
    if (!other.contains("scene")) other["scene"] = trace.scene();
    if (!trace.settings_at_end().empty()) other["at_end"] = trace.settings_at_end();
    other["frames"] = frames.size();
    other["time_axis"] = "the loop's clock readings, first frame at 0";
    out += "\n],\n\"displayTimeUnit\": \"ms\",\n\"otherData\": ";
    out += other.dump(-1, ' ', false, ordered_json::error_handler_t::replace);
    out += "}\n";
    return out;
}

std::string write_trace(const std::string& path, const trace_recorder& trace) {
    const std::string text =
        trace_format_of(path) == trace_format::chrome_json ? trace_chrome_json(trace) : trace_csv(trace);
    return write_text_atomically(path, text);
}

}  // namespace ticklab::game

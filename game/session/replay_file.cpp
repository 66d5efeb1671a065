#include "session/replay_file.hpp"

#include "io/output_file.hpp"
#include "io/quoted_text.hpp"
#include "scenes/scene_registry.hpp"
#include "sim/setting_table.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace ticklab::game {

namespace {

constexpr std::size_t max_tokens = 10;
constexpr std::uint32_t action_bits_limit = 1u << action_count;

// FNV-1a, 64 bits: cheap, and enough to tell a damaged or edited file from the one written.
std::uint64_t fnv1a(std::string_view text) {
    std::uint64_t hash = 0xcbf29ce484222325ull;
    for (const char ch : text) {
        hash ^= static_cast<unsigned char>(ch);
        hash *= 0x100000001b3ull;
    }
    return hash;
}

std::string hex16(std::uint64_t value) {
    char buffer[24];
    std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(value));
    return buffer;
}

void append_float(std::string& out, float value) {
    char buffer[32];
    // Shortest text that reads back as the same float: a replay must feed the scene the same bits.
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    out += ' ';
    out.append(buffer, result.ptr);
}

std::uint32_t bits_of(const std::array<bool, action_count>& flags) {
    std::uint32_t bits = 0;
    for (std::size_t i = 0; i < action_count; ++i) bits |= flags[i] ? 1u << i : 0u;
    return bits;
}

// The file as '\n'-terminated lines, split into space-separated tokens.
class line_reader {
public:
    explicit line_reader(std::string_view text) : text_{text} {}

    // False at the end of the text; `error` is set when the last line has no line end.
    bool next(std::string& error) {
        if (pos_ >= text_.size()) return false;
        ++number_;
        line_start_ = pos_;
        const std::size_t end = text_.find('\n', pos_);
        if (end == std::string_view::npos) {
            error = "truncated: line " + std::to_string(number_) + " has no line end";
            return false;
        }
        line_ = text_.substr(pos_, end - pos_);
        pos_ = end + 1;
        count_ = 0;
        std::size_t at = 0;
        while (at <= line_.size()) {
            const std::size_t space = std::min(line_.find(' ', at), line_.size());
            if (count_ == max_tokens) {
                count_ = max_tokens + 1;  // too many: no line of the format has this many
                break;
            }
            tokens_[count_++] = line_.substr(at, space - at);
            at = space + 1;
        }
        return true;
    }

    [[nodiscard]] std::size_t count() const noexcept { return count_; }
    [[nodiscard]] std::string_view token(std::size_t i) const { return i < count_ ? tokens_[i] : std::string_view{}; }
    [[nodiscard]] std::string_view line() const noexcept { return line_; }
    [[nodiscard]] std::size_t number() const noexcept { return number_; }
    // Whether the next line's first token is `key` (for lines that may be left out).
    [[nodiscard]] bool next_is(std::string_view key) const noexcept {
        const std::string_view rest = text_.substr(std::min(pos_, text_.size()));
        return rest.size() > key.size() && rest.starts_with(key) && rest[key.size()] == ' ';
    }
    // Everything before the current line (what the checksum covers when this is the checksum line).
    [[nodiscard]] std::string_view before_line() const { return text_.substr(0, line_start_); }
    [[nodiscard]] bool at_end() const noexcept { return pos_ >= text_.size(); }

private:
    std::string_view text_;
    std::size_t pos_ = 0;
    std::size_t line_start_ = 0;
    std::size_t number_ = 0;
    std::string_view line_;
    std::array<std::string_view, max_tokens> tokens_{};
    std::size_t count_ = 0;
};

bool parse_u64(std::string_view text, std::uint64_t& out) {
    const char* end = text.data() + text.size();
    const auto result = std::from_chars(text.data(), end, out);
    return !text.empty() && result.ec == std::errc{} && result.ptr == end;
}

bool parse_coordinate(std::string_view text, float& out) {
    const char* end = text.data() + text.size();
    const auto result = std::from_chars(text.data(), end, out);
    return !text.empty() && result.ec == std::errc{} && result.ptr == end && std::isfinite(out) &&
           std::fabs(out) <= max_replay_coordinate;
}

// The parser proper: each step reads one line and checks it, returning an error line or "".
class replay_parser {
public:
    replay_parser(std::string_view text, replay& out) : lines_{text}, out_{out} {}

    std::string run() {
        if (std::string e = magic(); !e.empty()) return e;
        std::uint64_t value = 0;
        if (std::string e = keyed("scene", nullptr); !e.empty()) return e;
        if (std::string e = scene_name(); !e.empty()) return e;
        if (std::string e = table_setting(setting::seed, out_.options.seed); !e.empty()) return e;
        if (std::string e = table_setting(setting::balls, value); !e.empty()) return e;
        out_.options.balls = static_cast<std::uint32_t>(value);
        if (std::string e = keyed("autopilot", &value); !e.empty()) return e;
        if (value > 1) return at_line(refuse_value("autopilot", std::to_string(value), "0 or 1"));
        out_.options.autopilot = value == 1;
        // The wall and the beacons are written only when on, so files from before them (and with
        // them off) read the same.
        out_.options.wall = false;
        if (lines_.next_is("wall")) {
            if (std::string e = keyed("wall", &value); !e.empty()) return e;
            if (value != 1) return at_line("expected 'wall 1' (or no wall line), found " + quoted_value(lines_.line()));
            out_.options.wall = true;
        }
        out_.options.beacons = false;
        if (lines_.next_is("beacons")) {
            if (std::string e = keyed("beacons", &value); !e.empty()) return e;
            if (value > 1) return at_line(refuse_value("beacons", std::to_string(value), "0 or 1"));
            out_.options.beacons = value == 1;
        }
        // Written only when the box is not the scene's own (a window fitted it, or --box-width).
        out_.options.box_width = 0;
        if (lines_.next_is("box_width")) {
            if (std::string e = table_setting(setting::box_width, value); !e.empty()) return e;
            out_.options.box_width = static_cast<std::uint32_t>(value);
        }
        if (std::string e = table_setting(setting::tick_rate, value); !e.empty()) return e;
        out_.tick_rate_hz = static_cast<std::uint32_t>(value);
        if (std::string e = keyed("ticks", &out_.ticks); !e.empty()) return e;
        if (out_.ticks > max_replay_ticks) return at_line("tick count is over the limit of 1000000000");
        std::uint64_t inputs = 0;
        if (std::string e = keyed("inputs", &inputs); !e.empty()) return e;
        if (inputs > max_replay_inputs || inputs > out_.ticks) {
            return at_line("input count " + std::to_string(inputs) + " is over the limit (at most one per tick, " +
                           std::to_string(max_replay_inputs) + " in all)");
        }
        out_.inputs.clear();
        for (std::uint64_t i = 0; i < inputs; ++i) {
            if (std::string e = input(i, inputs); !e.empty()) return e;
        }
        return checksum();
    }

private:
    std::string at_line(const std::string& what) const {
        return "line " + std::to_string(lines_.number()) + ": " + what;
    }

    // Reads the next line, or explains why there is none.
    std::string need_line(const std::string& expected) {
        std::string error;
        if (lines_.next(error)) return {};
        if (!error.empty()) return error;
        return "truncated: the file ends after line " + std::to_string(lines_.number()) + ", before " + expected;
    }

    std::string magic() {
        if (std::string e = need_line("the header"); !e.empty()) {
            return lines_.number() == 0 ? "the file is empty: not a Ticklab replay" : e;
        }
        if (lines_.count() != 2 || lines_.token(0) != replay_magic) {
            return "not a Ticklab replay: line 1 is " + quoted_value(lines_.line()) + ", not 'ticklab-replay " +
                   std::to_string(replay_version) + "'";
        }
        std::uint64_t version = 0;
        if (!parse_u64(lines_.token(1), version))
            return at_line("version " + quoted_value(lines_.token(1)) + " is not a number");
        if (version != replay_version) {
            return "version " + std::to_string(version) + " is not supported: this Ticklab reads version " +
                   std::to_string(replay_version) +
                   (version < replay_version ? " (the simulation changed since: record it again)" : "");
        }
        return {};
    }

    // "name value" of the table's setting `id` (sim/setting_table.hpp), checked with its message.
    std::string table_setting(setting id, std::uint64_t& value) {
        if (std::string e = keyed(setting_of(id).name, &value); !e.empty()) return e;
        if (std::string e = check_whole_setting(id, value); !e.empty()) return at_line(e);
        return {};
    }

    // "key value": a whole number into `value`, or (value null) any single token.
    std::string keyed(std::string_view key, std::uint64_t* value) {
        const std::string expected = "'" + std::string{key} + (value ? " <whole number>'" : " <name>'");
        if (std::string e = need_line(expected); !e.empty()) return e;
        if (lines_.count() != 2 || lines_.token(0) != key || (value && !parse_u64(lines_.token(1), *value))) {
            return at_line("expected " + expected + ", found " + quoted_value(lines_.line()));
        }
        return {};
    }

    // "wall 1", written only for the balls scene with its wall (files from before the wall, and
    // every file without it, have no such line): anything else is left for the next step.
    std::string scene_name() {
        const std::string_view name = lines_.token(1);
        if (name.size() > max_replay_scene_name || find_scene(name) == nullptr) {
            std::vector<std::string_view> names;
            for (const scene_entry& entry : scene_registry()) names.push_back(entry.name);
            return at_line(refuse_value("scene", quoted_value(name), one_of(names)));
        }
        out_.scene = std::string{name};
        return {};
    }

    std::string input(std::uint64_t index, std::uint64_t total) {
        const std::string expected = "input " + std::to_string(index + 1) + " of " + std::to_string(total);
        if (std::string e = need_line(expected); !e.empty()) return e;
        std::uint64_t tick = 0, held = 0, pressed = 0, pointers = 0;
        if (lines_.count() != 8 || lines_.token(0) != "input" || !parse_u64(lines_.token(1), tick) ||
            lines_.token(2) != "held" || !parse_u64(lines_.token(3), held) || lines_.token(4) != "pressed" ||
            !parse_u64(lines_.token(5), pressed) || lines_.token(6) != "pointers" ||
            !parse_u64(lines_.token(7), pointers)) {
            return at_line("expected 'input <tick> held <bits> pressed <bits> pointers <count>' (" + expected +
                           "), found " + quoted_value(lines_.line()));
        }
        const std::uint64_t previous = out_.inputs.empty() ? 0 : out_.inputs.back().tick;
        if (tick <= previous || tick > out_.ticks) {
            return at_line("tick " + std::to_string(tick) + " is out of order: use " + std::to_string(previous + 1) +
                           " to " + std::to_string(out_.ticks) + ", in increasing order");
        }
        if (held >= action_bits_limit || pressed >= action_bits_limit) {
            return at_line("held and pressed are bit sets from 0 to " + std::to_string(action_bits_limit - 1));
        }
        if (pointers > max_replay_pointer_events_per_tick || pointer_total_ + pointers > max_replay_pointer_events) {
            return at_line("pointer event count " + std::to_string(pointers) + " is over the limit");
        }
        pointer_total_ += pointers;
        replay_entry& entry = out_.inputs.emplace_back();
        entry.tick = tick;
        for (std::size_t i = 0; i < action_count; ++i) {
            entry.input.held[i] = (held >> i & 1u) != 0;
            entry.input.pressed[i] = (pressed >> i & 1u) != 0;
        }
        for (std::uint64_t p = 0; p < pointers; ++p) {
            if (std::string e = pointer(entry.input); !e.empty()) return e;
        }
        return {};
    }

    std::string pointer(tick_input& input) {
        if (std::string e = need_line("a pointer event"); !e.empty()) return e;
        pointer_event event;
        const bool click = lines_.token(0) == "click" && lines_.count() == 3;
        const bool drag = lines_.token(0) == "drag" && lines_.count() == 5;
        bool ok = (click || drag) && parse_coordinate(lines_.token(1), event.position.x) &&
                  parse_coordinate(lines_.token(2), event.position.y);
        if (drag) {
            event.type = pointer_event::kind::drag;
            ok = ok && parse_coordinate(lines_.token(3), event.velocity.x) &&
                 parse_coordinate(lines_.token(4), event.velocity.y);
        }
        if (!ok) {
            return at_line(
                "expected 'click <x> <y>' or 'drag <x> <y> <vx> <vy>' (finite, at most 1e9 in size), found " +
                quoted_value(lines_.line()));
        }
        input.pointer.push_back(event);
        return {};
    }

    std::string checksum() {
        if (std::string e = need_line("the checksum"); !e.empty()) return e;
        if (lines_.count() != 2 || lines_.token(0) != "checksum" || lines_.token(1).size() != 16) {
            return at_line("expected 'checksum <16 hex digits>', found " + quoted_value(lines_.line()));
        }
        if (lines_.token(1) != hex16(fnv1a(lines_.before_line()))) {
            return "checksum mismatch: the file is damaged or was edited after it was written";
        }
        if (!lines_.at_end())
            return "line " + std::to_string(lines_.number() + 1) + ": unexpected text after the checksum";
        return {};
    }

    line_reader lines_;
    replay& out_;
    std::uint64_t pointer_total_ = 0;
};

}  // namespace

bool is_empty(const tick_input& input) {
    return bits_of(input.held) == 0 && bits_of(input.pressed) == 0 && input.pointer.empty();
}

std::string check_replay(const replay& r) {
    if (find_scene(r.scene) == nullptr) return "the recording's scene '" + r.scene + "' is not known";
    if (r.ticks > max_replay_ticks) return "the recording is longer than the limit of 1000000000 ticks";
    if (r.inputs.size() > max_replay_inputs) return "the recording has more inputs than the limit of 2000000";
    std::uint64_t pointers = 0;
    std::uint64_t previous = 0;
    for (const replay_entry& entry : r.inputs) {
        if (entry.tick <= previous || entry.tick > r.ticks) return "the recording's inputs are out of tick order";
        previous = entry.tick;
        if (entry.input.pointer.size() > max_replay_pointer_events_per_tick) {
            return "tick " + std::to_string(entry.tick) + " has more pointer events than the limit of 100000";
        }
        pointers += entry.input.pointer.size();
        for (const pointer_event& p : entry.input.pointer) {
            for (const float v : {p.position.x, p.position.y, p.velocity.x, p.velocity.y}) {
                if (!std::isfinite(v) || std::fabs(v) > max_replay_coordinate) {
                    return "tick " + std::to_string(entry.tick) + " has a pointer coordinate out of range";
                }
            }
        }
    }
    if (pointers > max_replay_pointer_events) return "the recording has more pointer events than the limit of 2000000";
    return {};
}

std::string format_replay(const replay& r) {
    std::string out;
    out.append(replay_magic).append(" ").append(std::to_string(replay_version)).append("\n");
    out.append("scene ").append(r.scene).append("\n");
    out.append("seed ").append(std::to_string(r.options.seed)).append("\n");
    out.append("balls ").append(std::to_string(r.options.balls)).append("\n");
    out.append("autopilot ").append(r.options.autopilot ? "1" : "0").append("\n");
    if (r.options.wall) out.append("wall 1\n");
    if (r.options.beacons) out.append("beacons 1\n");
    if (r.options.box_width != 0) out.append("box_width ").append(std::to_string(r.options.box_width)).append("\n");
    out.append("tick_rate ").append(std::to_string(r.tick_rate_hz)).append("\n");
    out.append("ticks ").append(std::to_string(r.ticks)).append("\n");
    out.append("inputs ").append(std::to_string(r.inputs.size())).append("\n");
    for (const replay_entry& entry : r.inputs) {
        out.append("input ").append(std::to_string(entry.tick));
        out.append(" held ").append(std::to_string(bits_of(entry.input.held)));
        out.append(" pressed ").append(std::to_string(bits_of(entry.input.pressed)));
        out.append(" pointers ").append(std::to_string(entry.input.pointer.size())).append("\n");
        for (const pointer_event& p : entry.input.pointer) {
            const bool drag = p.type == pointer_event::kind::drag;
            out.append(drag ? "drag" : "click");
            append_float(out, p.position.x);
            append_float(out, p.position.y);
            if (drag) {
                append_float(out, p.velocity.x);
                append_float(out, p.velocity.y);
            }
            out += '\n';
        }
    }
    const std::string checksum = hex16(fnv1a(out));  // of everything before the checksum line
    out.append("checksum ").append(checksum).append("\n");
    return out;
}

std::string parse_replay(std::string_view text, replay& out) {
    if (text.size() > max_replay_file_bytes) return "the file is larger than the limit of 64 MiB";
    out = replay{};
    return replay_parser{text, out}.run();
}

std::string read_replay_file(const std::string& path, replay& out) {
    const std::string name = "replay '" + path + "': ";
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) return name + "is a folder, not a file";
    std::ifstream in{path, std::ios::binary};
    if (!in) return name + "cannot be opened (missing or not readable)";
    // Reads at most one chunk past the limit: a huge file is refused without reading it all.
    std::string text;
    std::array<char, 1 << 16> chunk;
    while (in && text.size() <= max_replay_file_bytes) {
        in.read(chunk.data(), chunk.size());
        text.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
    }
    if (in.bad()) return name + "cannot be read";
    if (std::string e = parse_replay(text, out); !e.empty()) return name + e;
    return {};
}

std::string write_replay_file(const std::string& path, const replay& r) {
    if (std::string e = check_replay(r); !e.empty()) return "replay '" + path + "': " + e;
    return write_text_atomically(path, format_replay(r));
}

}  // namespace ticklab::game

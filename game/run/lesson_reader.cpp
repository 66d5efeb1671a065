#include "run/lesson_reader.hpp"

#include "io/quoted_text.hpp"
#include "run/lesson_json.hpp"
#include "scenes/scene_registry.hpp"
#include "sim/network_settings.hpp"
#include "sim/setting_table.hpp"
#include "sim/strategy_names.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <fstream>
#include <iterator>
#include <type_traits>
#include <vector>

namespace ticklab::game {

namespace {

using json = nlohmann::json;

constexpr std::uintmax_t max_lesson_bytes = 1u << 20;

struct field_error {
    std::string field;
    std::string allowed;
};

std::string list_of(std::span<const std::string_view> names) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + std::string{names[i]};
    }
    return out;
}

// "balls or lander": the scenes a refusal offers.
std::string scene_choices() {
    std::vector<std::string_view> names;
    for (const scene_entry& entry : scene_registry()) names.push_back(entry.name);
    return one_of(names);
}

// Reads lesson fields, each one checked; the first bad one throws field_error.
class reader {
public:
    explicit reader(const json& object) : object_{object} {}

    std::string text(const char* key, bool required, std::size_t max_chars = 4000) {
        const json* v = find(key);
        if (v == nullptr) {
            if (required) throw field_error{key, "a string is required"};
            return {};
        }
        if (!v->is_string() || utf8_chars(v->get_ref<const std::string&>()) > max_chars) {
            throw field_error{key, "a string of at most " + std::to_string(max_chars) + " characters"};
        }
        return v->get<std::string>();
    }

    std::vector<std::string> texts(const char* key, std::span<const std::string_view> allowed = {}) {
        std::vector<std::string> out;
        const json* v = find(key);
        if (v == nullptr) return out;
        const std::string what =
            allowed.empty() ? "a list of at most 20 strings" : "a list of names from " + list_of(allowed);
        if (!v->is_array() || v->size() > 20) throw field_error{key, what};
        for (const json& item : *v) {
            if (!item.is_string() || utf8_chars(item.get_ref<const std::string&>()) > 4000)
                throw field_error{key, what};
            const std::string s = item.get<std::string>();
            if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), s) == allowed.end()) {
                throw field_error{key, quoted_value(s) + " is not allowed: use " + list_of(allowed)};
            }
            out.push_back(s);
        }
        return out;
    }

    // A value of the table's setting `id` under its name, refused with the table's message.
    std::optional<double> setting_number(setting id) {
        const json* v = setting_field(id);
        if (v == nullptr) return std::nullopt;
        if (v->is_number_unsigned()) return static_cast<double>(checked_whole(id, v->get<std::uint64_t>()));
        const double value = v->get<double>();
        if (std::string error = check_setting(id, value); !error.empty()) throw field_error{key_of(id), error};
        return value;
    }

    // The same, read exactly as a whole number (the seed's 64 bits).
    std::optional<std::uint64_t> setting_whole(setting id) {
        const json* v = setting_field(id);
        if (v == nullptr) return std::nullopt;
        if (v->is_number_unsigned()) return checked_whole(id, v->get<std::uint64_t>());
        const double value = v->get<double>();
        if (std::string error = check_setting(id, value); !error.empty()) throw field_error{key_of(id), error};
        return static_cast<std::uint64_t>(value);
    }

    std::optional<bool> flag(const char* key) {
        const json* v = find(key);
        if (v == nullptr) return std::nullopt;
        if (!v->is_boolean()) throw field_error{key, refuse_value(key, shown(*v), "true or false")};
        return v->get<bool>();
    }

    template <typename Enum, std::size_t N>
    std::optional<Enum> choice(const char* key, const std::array<named_choice<Enum>, N>& table) {
        const json* v = find(key);
        if (v == nullptr) return std::nullopt;
        const auto found = v->is_string() ? find_choice(table, v->get<std::string>()) : std::nullopt;
        if (!found) throw field_error{key, refuse_value(key, shown(*v), choice_list(table))};
        return found;
    }

    void only(std::span<const std::string_view> keys) const {
        for (const auto& [key, value] : object_.items()) {
            if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
                throw field_error{key, "not a lesson field: use " + list_of(keys)};
            }
        }
    }

private:
    static std::string key_of(setting id) { return std::string{setting_of(id).name}; }

    // A value as refusals quote it: a string's text, anything else as the file writes it.
    static std::string shown(const json& v) { return quoted_value(v.is_string() ? v.get<std::string>() : v.dump()); }

    // The field of `id`, or null; anything there but a number is refused, quoted as the file has it.
    const json* setting_field(setting id) const {
        const auto it = object_.find(setting_of(id).name);
        if (it == object_.end()) return nullptr;
        if (!it->is_number()) {
            throw field_error{key_of(id), refuse_setting(id, shown(*it))};
        }
        return &*it;
    }

    static std::uint64_t checked_whole(setting id, std::uint64_t value) {
        if (std::string error = check_whole_setting(id, value); !error.empty()) throw field_error{key_of(id), error};
        return value;
    }

    const json* find(const char* key) const {
        const auto it = object_.find(key);
        return it == object_.end() ? nullptr : &*it;
    }
    const json& object_;
};

// The settings' "network" block: two peers over a simulated network, each value checked as its command-line
// flag is (sim/network_settings.hpp). "mode" is required; input_delay defaults as --network does. Fields
// are named from the block ("mode"); read_network prefixes them with "network.".
void read_network_fields(const json& object, lesson_setup& s) {
    reader r{object};
    static constexpr std::array<std::string_view, 12> keys{
        "mode",          "latency_ms",     "jitter_ms",      "loss",          "input_delay", "peer_drops",
        "peer_hitch_ms", "max_prediction", "peer_clock_ppm", "peer_frame_ms", "time_sync",   "bots"};
    r.only(keys);
    network_settings n;
    const std::string mode = r.text("mode", true, 16);
    if (mode == "lockstep") {
        n.mode = net_mode::lockstep;
    } else if (mode == "rollback") {
        n.mode = net_mode::rollback;
    } else {
        throw field_error{"mode", refuse_value("mode", quoted_value(mode), "lockstep or rollback")};
    }
    n.input_delay = n.mode == net_mode::lockstep ? 2 : 0;
    if (auto v = r.setting_number(setting::latency_ms)) n.link.latency_ms = *v;
    if (auto v = r.setting_number(setting::jitter_ms)) n.link.jitter_ms = *v;
    if (auto v = r.setting_number(setting::loss)) n.link.loss_percent = *v;
    if (auto v = r.setting_number(setting::input_delay)) {
        if (std::string error = check_input_delay(*v, n.mode); !error.empty()) throw field_error{"input_delay", error};
        n.input_delay = static_cast<std::uint32_t>(*v);
    }
    if (auto v = r.flag("peer_drops")) n.peer_drops = *v;
    if (auto v = r.setting_number(setting::peer_hitch_ms)) n.peer_hitch_ms = *v;
    if (auto v = r.setting_number(setting::max_prediction)) n.max_prediction = static_cast<std::uint32_t>(*v);
    if (auto v = r.setting_number(setting::peer_clock_ppm)) n.peer_clock_ppm = *v;
    if (auto v = r.setting_number(setting::peer_frame_ms)) n.peer_frame_ms = *v;
    if (auto v = r.flag("time_sync")) n.time_sync = *v;
    if (auto v = r.flag("bots")) n.bots = *v;
    s.network = n;
}

void read_network(const json& object, lesson_setup& s) {
    if (!object.is_object()) throw field_error{"network", "an object of network settings"};
    try {
        read_network_fields(object, s);
    } catch (field_error& e) {
        e.field = "network." + e.field;
        throw;
    }
}

void read_settings(const json& object, lesson_setup& s) {
    if (!object.is_object()) throw field_error{"settings", "an object of settings"};
    reader r{object};
    static constexpr std::array<std::string_view, 23> keys{
        "scene",          "balls",           "seed",        "autopilot",         "wall",
        "tick_rate",      "max_loops",       "time_scale",  "fps_cap",           "vsync",
        "tick_load_ms",   "frame_load_ms",   "stepping",    "catch_up",          "smoothing",
        "frame_ms",       "frame_jitter_ms", "network",     "latest_tick_marks", "task_load_ms",
        "task_budget_ms", "beacons",         "idle_work_ms"};
    r.only(keys);
    const std::string scene = r.text("scene", false, 64);
    if (!scene.empty()) {
        if (find_scene(scene) == nullptr) {
            throw field_error{"settings.scene", refuse_value("scene", quoted_value(scene), scene_choices())};
        }
        s.scene = scene;
    }
    // Field names are prefixed "settings." by parse_lesson.
    const auto number = [&](setting id, auto& into) {
        if (auto v = r.setting_number(id)) into = static_cast<std::remove_reference_t<decltype(into)>>(*v);
    };
    number(setting::balls, s.options.balls);
    if (auto v = r.setting_whole(setting::seed)) s.options.seed = *v;
    if (auto v = r.flag("autopilot")) s.options.autopilot = *v;
    if (auto v = r.flag("wall")) s.options.wall = *v;
    if (auto v = r.flag("beacons")) s.options.beacons = *v;
    number(setting::tick_rate, s.loop.tick_rate_hz);
    number(setting::max_loops, s.loop.max_loops);
    number(setting::time_scale, s.loop.time_scale);
    number(setting::fps_cap, s.loop.fps_cap);
    if (auto v = r.flag("vsync")) s.loop.vsync = *v;
    number(setting::tick_load_ms, s.loop.tick_load_ms);
    number(setting::frame_load_ms, s.loop.frame_load_ms);
    number(setting::task_load_ms, s.loop.task_load_ms);
    number(setting::task_budget_ms, s.loop.task_budget_ms);
    number(setting::idle_work_ms, s.loop.idle_work_ms);
    if (auto v = r.choice("stepping", stepping_choices)) s.loop.strategy.step_mode = *v;
    if (auto v = r.choice("catch_up", catch_up_choices)) s.loop.strategy.catch_up_mode = *v;
    if (auto v = r.choice("smoothing", smoothing_choices)) s.loop.strategy.smoothing_mode = *v;
    if (auto v = r.flag("latest_tick_marks")) s.loop.latest_tick_marks = *v;
    if (auto v = r.setting_number(setting::frame_ms)) s.frame_ms = *v;
    if (auto v = r.setting_number(setting::frame_jitter_ms)) s.frame_jitter_ms = *v;
    if (const auto it = object.find("network"); it != object.end()) read_network(*it, s);
}

// The loop's figures, then those the scenes offer.
std::vector<std::string_view> hud_names() {
    std::vector<std::string_view> names{hud_figure_names().begin(), hud_figure_names().end()};
    for (const std::string_view name : scene_figure_names()) names.push_back(name);
    return names;
}

// B's other value (read after the toggle and the settings): a number for a numeric toggle, checked as
// the setting it sets, and not the lesson's own value (B would change nothing).
std::optional<double> read_toggle_other(const json& doc, const std::string& toggle, const loop_settings& own) {
    const auto it = doc.find("toggle_other");
    if (it == doc.end()) return std::nullopt;
    const auto numeric = toggles_with_other_value();
    if (std::find(numeric.begin(), numeric.end(), toggle) == numeric.end()) {
        throw field_error{"toggle_other", "only for a toggle of " + list_of(numeric) + " (the toggle is " +
                                              quoted_value(toggle.empty() ? "none" : toggle) + ")"};
    }
    struct target {
        setting id;
        double own;
    };
    const target t = toggle == "tick-rate"    ? target{setting::tick_rate, static_cast<double>(own.tick_rate_hz)}
                     : toggle == "max-loops"  ? target{setting::max_loops, static_cast<double>(own.max_loops)}
                     : toggle == "frame-load" ? target{setting::frame_load_ms, own.frame_load_ms}
                                              : target{setting::task_budget_ms, own.task_budget_ms};
    if (!it->is_number()) {
        throw field_error{"toggle_other",
                          refuse_setting(t.id, quoted_value(it->is_string() ? it->get<std::string>() : it->dump()))};
    }
    const double value = it->get<double>();
    if (std::string error = check_setting(t.id, value); !error.empty()) throw field_error{"toggle_other", error};
    if (value == t.own) {
        throw field_error{"toggle_other", "it is the lesson's own " + std::string{setting_of(t.id).name} +
                                              ": give the value B switches to"};
    }
    return value;
}

// A loop toggle, or a toggle control of the lesson's scene (read after its settings, which name it).
void check_toggle(const std::string& toggle, const std::string& scene) {
    if (toggle.empty() || std::find(lesson_toggles().begin(), lesson_toggles().end(), toggle) != lesson_toggles().end())
        return;
    std::vector<std::string_view> scene_toggles;
    for (const scene_control& c : find_scene(scene)->parts.controls) {
        if (c.kind != control_kind::toggle) continue;
        if (c.name == toggle) return;
        scene_toggles.push_back(c.name);
    }
    std::string allowed = "use " + list_of(lesson_toggles());
    if (!scene_toggles.empty()) allowed += ", or a setting of scene '" + scene + "': " + list_of(scene_toggles);
    throw field_error{"toggle", quoted_value(toggle) + " is not allowed: " + allowed};
}

}  // namespace

std::string parse_lesson(std::string_view text, const std::string& source, lesson& out) {
    const std::string where = "lesson '" + source + "'";
    json doc;
    if (std::string error = read_lesson_json(text, doc); !error.empty()) return where + ": " + error;
    if (!doc.is_object()) return where + ": a lesson is one JSON object";
    lesson l;
    try {
        reader r{doc};
        static constexpr std::array<std::string_view, 10> keys{
            "$schema", "name", "title", "text", "claim", "hud", "toggle", "toggle_other", "settings", "questions"};
        r.only(keys);
        // For editors (assets/lessons/lesson.schema.json); the program reads the file as it is.
        (void)r.text("$schema", false, 1000);
        l.name = r.text("name", true, 64);
        if (l.name.empty() || l.name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-_") != std::string::npos) {
            throw field_error{"name", "1 to 64 of a-z, 0-9, '-' and '_'"};
        }
        l.title = r.text("title", true, 200);
        l.explanation = r.text("text", true);
        l.claim = r.text("claim", false);
        l.hud_figures = r.texts("hud", hud_names());
        l.toggle = r.text("toggle", false, 64);
        l.questions = r.texts("questions");
        if (const auto it = doc.find("settings"); it != doc.end()) {
            try {
                read_settings(*it, l.setup);
            } catch (field_error& e) {
                if (!e.field.starts_with("settings")) e.field = "settings." + e.field;
                throw;
            }
        }
        check_toggle(l.toggle, l.setup.scene);
        if (is_network_toggle(l.toggle) && !l.setup.network) {
            throw field_error{"toggle",
                              quoted_value(l.toggle) +
                                  " flips a setting of the network game: the lesson needs a \"network\" block "
                                  "in its settings"};
        }
        l.toggle_other = read_toggle_other(doc, l.toggle, l.setup.loop);
    } catch (const field_error& e) {
        // The field may be a key from the file: quoted, so the error stays one line.
        return where + ": field " + quoted_value(e.field, 64) + ": " + e.allowed;
    }
    out = std::move(l);
    return {};
}

std::string read_lesson_file(const std::filesystem::path& path, lesson& out) {
    std::error_code ec;
    const std::string where = "lesson '" + path.string() + "'";
    if (std::filesystem::is_directory(path, ec)) return where + ": is a folder: give a lesson file (NAME.json)";
    if (!std::filesystem::is_regular_file(path, ec)) return where + ": no such file";
    if (std::filesystem::file_size(path, ec) > max_lesson_bytes || ec) return where + ": larger than 1 MiB";
    std::ifstream in{path, std::ios::binary};
    if (!in) return where + ": cannot be read";
    const std::string text{std::istreambuf_iterator<char>{in}, std::istreambuf_iterator<char>{}};
    return parse_lesson(text, path.string(), out);
}

}  // namespace ticklab::game

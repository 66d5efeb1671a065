#include "run/sync_test_run.hpp"

#include "io/output_file.hpp"
#include "net/input_bot.hpp"
#include "net/peer.hpp"
#include "run/report.hpp"
#include "run/run_error.hpp"
#include "scenes/scene_registry.hpp"

#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>

namespace ticklab::game {

namespace {

std::string hex(std::uint64_t value) {
    char text[24];
    std::snprintf(text, sizeof text, "\"%016llx\"", static_cast<unsigned long long>(value));
    return text;
}

std::string report_text(const launch_options& options, const sync_test& test,
                        const std::optional<sync_mismatch>& miss) {
    std::string out = "{\n";
    const auto key = [&out](const char* name, const std::string& json) {
        out += std::string{out.size() > 2 ? ",\n" : ""} + "  \"" + name + "\": " + json;
    };
    key("mode", "\"synctest\"");
    key("scene", json_string(options.scene));
    key("seed", std::to_string(options.scene_settings.seed));
    key("tick_rate_hz", std::to_string(test.game().tick_rate()));
    key("check_distance", std::to_string(test.check_distance()));
    key("ticks", std::to_string(test.tick()));
    key("ticks_checked", std::to_string(test.ticks_checked()));
    key("ticks_resimulated", std::to_string(test.ticks_resimulated()));
    key("state_hash", hex(test.game().state_hash()));
    key("first_differing_tick", miss ? std::to_string(miss->tick) : "null");
    std::string fields = "[";
    if (miss) {
        for (std::size_t i = 0; i < miss->fields.size(); ++i) fields += (i ? ", " : "") + json_string(miss->fields[i]);
    }
    key("differing_fields", fields + "]");
    return out + "\n}\n";
}

}  // namespace

int run_sync_test(const launch_options& options) {
    const scene_entry* entry = find_scene(options.scene);
    if (entry == nullptr) return fail(exit_bad_input, "--scene: no scene '" + options.scene + "'");
    scene_options scene_settings = options.scene_settings;
    scene_settings.players = 2;  // both ships flown, both players' pushes: all the state a network game has
    std::optional<sync_test> test;
    try {
        test.emplace(*entry, scene_settings, options.loop.tick_rate_hz, options.sync_test->check_distance);
    } catch (const std::invalid_argument& error) {
        return fail(exit_bad_input, error.what());
    }
    const input_bot first{scene_settings.seed, 0};
    const input_bot second{scene_settings.seed, 1};
    const std::uint64_t ticks = options.ticks.value_or(default_sync_test_ticks);
    std::optional<sync_mismatch> miss;
    for (std::uint64_t t = 1; t <= ticks && !miss; ++t)
        miss = test->run_tick(merge_inputs(first.input_for(t), second.input_for(t)));
    if (!options.report_path.empty()) {
        if (std::string error = write_text_atomically(options.report_path, report_text(options, *test, miss));
            !error.empty()) {
            return fail(exit_write_failed, error);
        }
    }
    if (miss) return fail(exit_sync_test_failed, miss->line());
    return exit_ok;
}

}  // namespace ticklab::game

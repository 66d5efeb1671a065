// libFuzzer entry point for the replay reader: any bytes must give a replay or one error line,
// never a crash, a hang or a huge allocation. A replay that parses must also survive the writer's
// checks and read back the same (the writer and reader agree on every file the reader accepts).
#include "session/replay_file.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text{reinterpret_cast<const char*>(data), size};
    ticklab::game::replay parsed;
    const std::string error = ticklab::game::parse_replay(text, parsed);
    if (!error.empty()) {
        if (error.find('\n') != std::string::npos) std::abort();  // one line, always
        return 0;
    }
    if (!ticklab::game::check_replay(parsed).empty()) std::abort();
    ticklab::game::replay again;
    if (!ticklab::game::parse_replay(ticklab::game::format_replay(parsed), again).empty()) std::abort();
    if (again.ticks != parsed.ticks || again.inputs.size() != parsed.inputs.size()) std::abort();
    return 0;
}

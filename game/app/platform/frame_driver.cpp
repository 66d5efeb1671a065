#include "app/platform/frame_driver.hpp"

#include <memory>
#include <utility>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
// EM_ASM's JavaScript names its arguments $0, $1: not C++ identifiers, and not ours to rename.
#pragma clang diagnostic ignored "-Wdollar-in-identifier-extension"
#endif

namespace ticklab::app {

#ifdef __EMSCRIPTEN__
namespace {

bool end_requested = false;  // Module._ticklab_end_run() was called

struct browser_run {
    std::function<bool()> frame;
    std::function<int()> finish;
};

// One animation frame. The run is leaked on purpose until it ends: the browser holds it between
// frames, after the main() that started it has returned.
void animation_frame(void* argument) {
    auto* run = static_cast<browser_run*>(argument);
    if (!end_requested && run->frame()) return;
    end_requested = false;
    emscripten_cancel_main_loop();
    const int code = run->finish();
    delete run;
    run_ended(code);
}

}  // namespace

extern "C" EMSCRIPTEN_KEEPALIVE void ticklab_end_run() {
    end_requested = true;
}

int run_ended(int code) {
    EM_ASM({ if (Module.onRunEnd) Module.onRunEnd($0); }, code);
    return code;
}

std::optional<int> drive_frames(std::function<bool()> frame, std::function<int()> finish) {
    auto run = std::make_unique<browser_run>(browser_run{std::move(frame), std::move(finish)});
    // fps 0: on the browser's animation frames; false: return to the caller (no simulated loop
    // that would unwind its stack).
    emscripten_set_main_loop_arg(animation_frame, run.release(), 0, false);
    return std::nullopt;
}

#else

std::optional<int> drive_frames(std::function<bool()> frame, std::function<int()> finish) {
    while (frame()) {
    }
    return finish();
}

int run_ended(int code) {
    return code;
}

#endif

}  // namespace ticklab::app

#pragma once
// Who calls a window's frames. On the desktop the program does, in a loop; in a web page the
// browser does, once per animation frame (requestAnimationFrame, through Emscripten's main loop),
// because a page that loops never draws. The frame itself is the same code either way
// (runner::run_frame, then window_app::frame): this decides only who repeats it.
//
// Usage (app/run_window.cpp):
//   std::optional<int> code = drive_frames([&] { return run.run_frame(...); },  // false: the run is over
//                                          [&] { return run.finish(...); });    // after the last frame
//   if (!code) return 0;  // a page: frames go on after main returns; finish's code goes to the page
//
// In a page, `frame` and `finish` (and whatever they hold) must outlive the caller: hold them in
// the functions themselves (a shared_ptr captured), not on the caller's stack.

#include <functional>
#include <optional>

namespace ticklab::app {

// True where the browser owns the frame (an Emscripten build).
[[nodiscard]] constexpr bool browser_owns_frame() noexcept {
#ifdef __EMSCRIPTEN__
    return true;
#else
    return false;
#endif
}

// The desktop: runs `frame` until it returns false, then returns finish(). A page: hands both to
// the browser and returns nullopt at once; when the run ends, finish()'s code is passed to the
// page's Module.onRunEnd(code), if it has one.
[[nodiscard]] std::optional<int> drive_frames(std::function<bool()> frame, std::function<int()> finish);

// A run that ended without frames in a page (a bad option, a headless run) tells the page its exit
// code as drive_frames does (Module.onRunEnd); returns `code`. On the desktop, only returns it.
int run_ended(int code);

// In a page, Module._ticklab_end_run() ends the running window's run before its next frame, as
// closing the window does on the desktop (its recording and report are written): the page's way
// to start another run (a replay file opened) or to read a live run's report.


}  // namespace ticklab::app

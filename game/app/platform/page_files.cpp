#include "app/platform/page_files.hpp"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
// EM_ASM's JavaScript names its arguments $0, $1: not C++ identifiers, and not ours to rename.
#pragma clang diagnostic ignored "-Wdollar-in-identifier-extension"
#endif

namespace ticklab::app {

void offer_download(const std::filesystem::path& path) {
#ifdef __EMSCRIPTEN__
    // web/ticklab_page.js reads the file out of the page's file system into a download.
    const std::string name = path.string();
    EM_ASM({ if (Module.offerDownload) Module.offerDownload(UTF8ToString($0)); }, name.c_str());
#else
    (void)path;
#endif
}

}  // namespace ticklab::app

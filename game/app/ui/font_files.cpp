#include "app/ui/font_files.hpp"

#include "app/platform/sdl_runtime.hpp"

#include <SDL.h>

#include <initializer_list>
#include <optional>
#include <system_error>

#ifndef TICKLAB_ASSETS_DIR
#define TICKLAB_ASSETS_DIR "assets"
#endif

namespace ticklab::app {
namespace {

std::optional<std::filesystem::path> find_first(const std::vector<std::filesystem::path>& dirs,
                                                std::initializer_list<const char*> names) {
    for (const char* name : names) {
        for (const auto& dir : dirs) {
            std::error_code ec;
            if (std::filesystem::is_regular_file(dir / name, ec)) return dir / name;
        }
    }
    return std::nullopt;
}

}  // namespace

std::vector<std::filesystem::path> font_search_dirs() {
    std::vector<std::filesystem::path> dirs;
    if (char* base = SDL_GetBasePath(); base != nullptr) {
        const std::filesystem::path exe_dir{base};
        SDL_free(base);
        dirs.push_back(exe_dir);
        dirs.push_back(exe_dir / "assets");
        dirs.push_back(exe_dir / "fonts");
    }
    dirs.emplace_back(TICKLAB_ASSETS_DIR);
    dirs.push_back(std::filesystem::path{TICKLAB_ASSETS_DIR} / "fonts");
    dirs.emplace_back("/usr/share/fonts/truetype/dejavu");
    dirs.emplace_back("/usr/local/share/fonts/truetype/dejavu");
    return dirs;
}

font_files find_fonts() {
    const auto dirs = font_search_dirs();
    const auto mono = find_first(dirs, {"DejaVuSansMono.ttf", "DejaVuSans.ttf"});
    if (!mono) {
        std::string where;
        for (const auto& dir : dirs) where += (where.empty() ? "" : ", ") + dir.string();
        throw startup_error("no DejaVu font found (looked for DejaVuSansMono.ttf and DejaVuSans.ttf in " + where +
                            "); install fonts-dejavu-core");
    }
    font_files fonts{*mono, *mono, *mono};
    if (auto bold = find_first(dirs, {"DejaVuSans-Bold.ttf", "DejaVuSansMono-Bold.ttf"})) fonts.bold = *bold;
    if (auto sans = find_first(dirs, {"DejaVuSans.ttf"})) fonts.sans = *sans;
    return fonts;
}

}  // namespace ticklab::app

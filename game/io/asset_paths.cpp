#include "io/asset_paths.hpp"

#include <algorithm>
#include <system_error>

// Set by CMake (cmake/ticklab_install.cmake).
#ifndef TICKLAB_INSTALL_ASSETS_DIR
#define TICKLAB_INSTALL_ASSETS_DIR "/usr/local/share/ticklab"
#endif
#ifndef TICKLAB_ASSETS_FROM_BINARY
#define TICKLAB_ASSETS_FROM_BINARY "../share/ticklab"
#endif

namespace ticklab::game {

namespace fs = std::filesystem;

std::vector<fs::path> asset_search_dirs(const fs::path& executable_dir) {
    std::vector<fs::path> candidates;
    if (!executable_dir.empty()) {
        candidates.push_back(executable_dir / "assets");
        candidates.push_back(executable_dir / TICKLAB_ASSETS_FROM_BINARY);
    }
    candidates.emplace_back(TICKLAB_INSTALL_ASSETS_DIR);
    std::vector<fs::path> dirs;
    for (const fs::path& candidate : candidates) {
        const fs::path dir = candidate.lexically_normal();
        if (std::find(dirs.begin(), dirs.end(), dir) == dirs.end()) dirs.push_back(dir);
    }
    return dirs;
}

std::vector<fs::path> asset_search_dirs() {
    std::error_code error;
    const fs::path executable = fs::read_symlink("/proc/self/exe", error);
    return asset_search_dirs(error ? fs::path{} : executable.parent_path());
}

std::optional<fs::path> find_asset(std::string_view relative, const std::vector<fs::path>& dirs, std::string& error) {
    const fs::path inside{relative};
    const bool climbs = std::any_of(inside.begin(), inside.end(), [](const fs::path& part) { return part == ".."; });
    if (relative.empty() || inside.is_absolute() || climbs) {
        error = "asset '" + std::string{relative} +
                "' is not allowed: use a path inside the assets folder, without '..' (e.g. lessons/beat.json)";
        return std::nullopt;
    }
    std::string tried;
    for (const fs::path& dir : dirs) {
        const fs::path candidate = dir / inside;
        std::error_code ignored;
        if (fs::exists(candidate, ignored)) {
            error.clear();
            return candidate;
        }
        tried += (tried.empty() ? "" : ", ") + candidate.string();
    }
    error = "asset '" + std::string{relative} + "' not found: tried " + (tried.empty() ? "no folder" : tried);
    return std::nullopt;
}

std::optional<fs::path> find_asset(std::string_view relative, std::string& error) {
    return find_asset(relative, asset_search_dirs(), error);
}

}  // namespace ticklab::game

#include "app/platform/user_paths.hpp"

#include <SDL.h>

#include <cstdlib>
#include <system_error>

namespace ticklab::app {
namespace {

std::filesystem::path env_path(const char* name) {
    const char* value = std::getenv(name);
    return value != nullptr ? std::filesystem::path{value} : std::filesystem::path{};
}

bool ensure_dir(const std::filesystem::path& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    return std::filesystem::is_directory(dir, ec);
}

}  // namespace

std::filesystem::path config_dir() {
    std::filesystem::path base = env_path("XDG_CONFIG_HOME");
    if (base.empty() && !env_path("HOME").empty()) base = env_path("HOME") / ".config";
    if (!base.empty() && ensure_dir(base / "ticklab")) return base / "ticklab";
    if (char* pref = SDL_GetPrefPath("ticklab", "ticklab"); pref != nullptr) {
        std::filesystem::path dir{pref};
        SDL_free(pref);
        return dir;
    }
    return {};
}

std::filesystem::path pictures_dir() {
    std::error_code ec;
    if (auto dir = env_path("XDG_PICTURES_DIR"); !dir.empty() && std::filesystem::is_directory(dir, ec)) return dir;
    if (auto home = env_path("HOME"); !home.empty() && std::filesystem::is_directory(home / "Pictures", ec)) {
        return home / "Pictures";
    }
    return std::filesystem::current_path(ec);
}

}  // namespace ticklab::app
